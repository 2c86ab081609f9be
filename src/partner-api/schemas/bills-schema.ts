import { z } from 'zod';
import { idSchema, optionalText } from './common.js';
import {
  centsFromWire,
  decimalFromWire,
  decimalToWireNumber,
  moneyFromWire,
  moneyToWireNumber,
} from './wire-decimal.js';

/** Bills and vendor memos share one record type. */
const billTypeSchema = z.enum(['bill', 'vendor_memo']);
export type BillType = z.infer<typeof billTypeSchema>;

/** A bill line as returned (quantity and price exact decimals, total a money string). */
const billLineSchema = z.looseObject({
  id: z.string().optional(),
  description: optionalText,
  quantity: decimalFromWire.nullish(),
  price: decimalFromWire.nullish(),
  total: moneyFromWire.nullish(),
  categoryAccountUuid: optionalText,
  projectUuid: optionalText,
  customerUuid: optionalText,
});

/** A bill or vendor memo. Money fields are money strings. */
export const billSchema = z.looseObject({
  id: idSchema,
  billNumber: optionalText,
  billType: z.string().optional(),
  date: optionalText,
  dueDate: optionalText,
  currency: optionalText,
  approvalStatus: optionalText,
  status: optionalText,
  total: moneyFromWire.nullish(),
  paidAmount: moneyFromWire.nullish(),
  amountDue: moneyFromWire.nullish(),
  notes: optionalText,
  purchaseOrderNumber: optionalText,
  isDeleted: z.boolean().optional(),
  vendor: z.looseObject({ id: z.string().optional(), name: optionalText }).nullish(),
  lineItems: z.array(billLineSchema).optional(),
  transactions: z.array(z.unknown()).optional(),
  appliedVendorMemos: z.array(z.unknown()).optional(),
  tagUuids: z.array(z.string()).optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Bill = z.infer<typeof billSchema>;

/**
 * A bill or vendor memo as its create answers it: with its total, for the same reason as a created
 * invoice's (`createdInvoiceSchema`); without one the answer is `unexpected-response`.
 */
export const createdBillSchema = billSchema.extend({ total: centsFromWire });

/** A bill line to create; quantity and price are decimal strings, written as exact numbers. */
const billLineCreateSchema = z.looseObject({
  description: z.string().optional(),
  quantity: decimalToWireNumber,
  price: decimalToWireNumber,
  categoryAccountUuid: z.string().min(1),
  projectUuid: z.string().optional(),
  customerUuid: z.string().optional(),
});

/** Create body; `vendorUuid` or an inline `vendor`; `approvalStatus: 'approved'` posts at once. */
export const billCreateSchema = z.looseObject({
  billType: billTypeSchema.optional(),
  billNumber: z.string().optional(),
  vendorUuid: z.string().optional(),
  vendor: z.looseObject({ name: z.string().min(1), email: z.string().optional() }).optional(),
  date: z.string(),
  dueDate: z.string().nullish(),
  currency: z.string().optional(),
  approvalStatus: z.enum(['draft', 'approved']).optional(),
  lineItems: z.array(billLineCreateSchema),
  tagUuids: z.array(z.string()).optional(),
  projectUuid: z.string().optional(),
  notes: z.string().optional(),
  purchaseOrderNumber: z.string().nullish(),
});

/** One vendor memo applied to a bill (R16). */
export const vendorMemoApplicationSchema = z.looseObject({
  memoUuid: z.string().min(1),
  amount: moneyToWireNumber,
});
export type VendorMemoApplication = z.input<typeof vendorMemoApplicationSchema>;
