import { z } from 'zod';
import { idSchema, optionalText } from './common.js';
import { moneyFromWire, moneyToWireNumber } from './wire-decimal.js';

/** A bank transaction. `amount` is signed (negative is money out), as a money string. */
export const transactionSchema = z.looseObject({
  id: idSchema,
  type: optionalText,
  description: optionalText,
  amount: moneyFromWire.nullish(),
  currency: optionalText,
  postedDate: optionalText,
  authorizedDate: optionalText,
  notes: optionalText,
  paymentChannel: optionalText,
  reviewed: z.boolean().optional(),
  excluded: z.boolean().optional(),
  pending: z.boolean().optional(),
  split: z.boolean().optional(),
  accountId: optionalText,
  categoryAccountId: optionalText,
  vendorId: optionalText,
  customerId: optionalText,
  billId: optionalText,
  invoiceId: optionalText,
  tags: z.array(z.unknown()).optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** Create body (R13); `type` derives from the sign of `amount`. */
export const transactionCreateSchema = z.looseObject({
  accountUuid: z.string().min(1),
  amount: moneyToWireNumber,
  postedDate: z.string(),
  description: z.string().optional(),
  currency: z.string().optional(),
  categoryAccountUuid: z.string().optional(),
  vendorUuid: z.string().optional(),
  customerUuid: z.string().optional(),
  notes: z.string().optional(),
  tagUuids: z.array(z.string()).optional(),
});
export type TransactionCreate = z.input<typeof transactionCreateSchema>;

/** Update body: only sent fields change (`billId` and similar are read-only and come back as warnings). */
export const transactionUpdateSchema = transactionCreateSchema
  .omit({ accountUuid: true })
  .partial();
export type TransactionUpdate = z.input<typeof transactionUpdateSchema>;

/** `change-category`: a category account, or null to uncategorize. */
export const changeCategorySchema = z.looseObject({
  categoryAccountUuid: z.string().nullable(),
});
export type ChangeCategory = z.input<typeof changeCategorySchema>;

/** One row of `change-category-bulk`. */
export const changeCategoryRowSchema = changeCategorySchema.extend({ uuid: z.string().min(1) });
export type ChangeCategoryRow = z.input<typeof changeCategoryRowSchema>;

/** One child of a split (R15): same sign as the parent; the amounts sum to the parent's. */
export const splitPartSchema = z.looseObject({
  amount: moneyToWireNumber,
  description: z.string().optional(),
  categoryAccountUuid: z.string().optional(),
});
export type SplitPart = z.input<typeof splitPartSchema>;

/** `assign-to-bills-invoices` body (R14). */
export const assignToDocumentsSchema = z.looseObject({
  matchingType: z.enum(['bill', 'invoice']),
  records: z.array(z.string().min(1)).min(1),
  paymentAmount: moneyToWireNumber.optional(),
});
export type AssignToDocuments = z.input<typeof assignToDocumentsSchema>;
