import { z } from 'zod';
import { accountColumns, optionalListOf, optionalText } from './common.js';
import { moneyFromWire, moneyToWireString } from './wire-decimal.js';

/** The opening balance state: debit and credit are string decimals on the wire (spec). */
export const openingBalanceSchema = z.looseObject({
  status: z.string().optional(),
  cutoverDate: optionalText,
  rows: optionalListOf({
    ...accountColumns,
    debit: moneyFromWire.nullish(),
    credit: moneyFromWire.nullish(),
  }),
});
export type OpeningBalance = z.infer<typeof openingBalanceSchema>;

/** Set body: balanced rows, written as two-place decimal strings; `replaceExisting` replaces. */
export const openingBalanceSetSchema = z.looseObject({
  rows: z
    .array(
      z.looseObject({
        accountUuid: z.string().min(1),
        debit: moneyToWireString,
        credit: moneyToWireString,
      }),
    )
    .min(1),
  replaceExisting: z.boolean().optional(),
});
export type OpeningBalanceSet = z.input<typeof openingBalanceSetSchema>;

/** The workspace as returned by GET and PATCH /partners/workspace. */
export const workspaceSchema = z.looseObject({
  id: z.string().optional(),
  name: optionalText,
  cutoverDate: optionalText,
  currency: optionalText,
  country: optionalText,
});
export type Workspace = z.infer<typeof workspaceSchema>;
