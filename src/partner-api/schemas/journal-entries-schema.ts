import { z } from 'zod';
import { idSchema, optionalText } from './common.js';
import { moneyFromWire, moneyToWireNumber } from './wire-decimal.js';

/** One journal line as returned (debit and credit as money strings). */
const journalLineSchema = z.looseObject({
  accountUuid: optionalText,
  debit: moneyFromWire.nullish(),
  credit: moneyFromWire.nullish(),
  description: optionalText,
});

/** A manual journal entry (R3). */
export const journalEntrySchema = z.looseObject({
  id: idSchema,
  date: optionalText,
  memo: optionalText,
  referenceNumber: optionalText,
  lines: z.array(journalLineSchema).optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/** Create body (R3): debits must equal credits. */
export const journalEntryCreateSchema = z.looseObject({
  date: z.string(),
  memo: z.string().optional(),
  referenceNumber: z.string().optional(),
  lines: z
    .array(
      z.looseObject({
        accountUuid: z.string().min(1),
        debit: moneyToWireNumber,
        credit: moneyToWireNumber,
        description: z.string().optional(),
      }),
    )
    .min(2),
});
