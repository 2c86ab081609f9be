import { z } from 'zod';
import { idSchema, optionalText } from './common.js';
import { moneyFromWire } from './wire-decimal.js';

/** The five account types; the list filter takes exactly these spellings (others give 400). */
export type AccountType = 'Assets' | 'Liabilities' | 'Equity' | 'Income' | 'Expenses';

/** An entry of the sub-type catalog (`subType.id` is an integer, not a UUID). */
export const accountSubTypeSchema = z.looseObject({
  id: z.number().int(),
  type: z.string().optional(),
  name: z.string().optional(),
  anchorTier: z.unknown().optional(),
});
export type AccountSubType = z.infer<typeof accountSubTypeSchema>;

const accountFields = {
  id: idSchema,
  name: z.string().optional(),
  accountNumber: optionalText,
  type: z.string().optional(),
  status: z.string().optional(),
  editable: z.boolean().optional(),
  canDelete: z.boolean().optional(),
  deleteBlockedReason: z.string().nullish(),
  currency: optionalText,
  description: optionalText,
  color: optionalText,
  subType: accountSubTypeSchema.nullish(),
  institution: z.unknown().optional(),
  /** Only with `includeBalances=true`: the journal balance as a money string. */
  systemBalance: moneyFromWire.nullish(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
};

/** A sub-account (cannot have children of its own). */
const subAccountSchema = z.looseObject(accountFields);
export type SubAccount = z.infer<typeof subAccountSchema>;

/** A chart-of-accounts entry with its sub-accounts. */
export const accountSchema = z.looseObject({
  ...accountFields,
  subAccounts: z.array(subAccountSchema).optional(),
});
export type Account = z.infer<typeof accountSchema>;

/** Create body. Never send `type`: it derives from `subTypeId`. */
export const accountCreateSchema = z.looseObject({
  name: z.string().min(1),
  subTypeId: z.number().int(),
  accountNumber: z.string().optional(),
  currency: z.string().optional(),
  description: z.string().optional(),
  color: z.string().optional(),
  status: z.enum(['active', 'inactive']).optional(),
  /** The spec names a numeric internal parent id, which the API never returns. */
  parentAccountId: z.number().int().optional(),
  /** The parent's UUID, as the sandbox accepts it. */
  parentAccountUuid: z.string().optional(),
});
export type AccountCreate = z.input<typeof accountCreateSchema>;

/** Update body: only sent fields change; moving across type buckets is rejected. */
export const accountUpdateSchema = accountCreateSchema.partial();
export type AccountUpdate = z.input<typeof accountUpdateSchema>;
