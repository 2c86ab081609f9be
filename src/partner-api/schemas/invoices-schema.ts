import { z } from 'zod';
import { idSchema, optionalText } from './common.js';
import { customerCreateSchema } from './customers-schema.js';
import { productCreateSchema } from './products-schema.js';
import {
  centsFromWire,
  decimalFromWire,
  decimalToWireNumber,
  moneyFromWire,
  moneyToWireNumber,
} from './wire-decimal.js';

/** Invoices, estimates and credit memos share one record type and one route set. */
const invoiceTypeSchema = z.enum(['invoice', 'estimate', 'memo']);
export type InvoiceType = z.infer<typeof invoiceTypeSchema>;

/** A document line as returned. */
const invoiceLineSchema = z.looseObject({
  id: z.string().optional(),
  productUuid: optionalText,
  name: optionalText,
  description: optionalText,
  quantity: decimalFromWire.nullish(),
  unitPrice: decimalFromWire.nullish(),
  price: decimalFromWire.nullish(),
  nonTaxable: z.boolean().optional(),
  categoryAccountUuid: optionalText,
  taxes: z.array(z.unknown()).optional(),
});

/** An invoice, estimate or credit memo. Money fields are money strings. */
export const invoiceSchema = z.looseObject({
  id: idSchema,
  invoiceNumber: optionalText,
  invoiceType: z.string().optional(),
  customerUuid: optionalText,
  appliedToInvoiceUuid: optionalText,
  date: optionalText,
  dueDate: optionalText,
  currency: optionalText,
  status: optionalText,
  isDraft: z.boolean().optional(),
  approved: z.boolean().optional(),
  isSent: z.boolean().optional(),
  paymentStatus: optionalText,
  subtotal: moneyFromWire.nullish(),
  taxTotal: moneyFromWire.nullish(),
  total: moneyFromWire.nullish(),
  amountDue: moneyFromWire.nullish(),
  products: z.array(invoiceLineSchema).optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * An invoice, estimate or memo as its create answers it: with its total. The spec does not say
 * what a create answers; the migration compares the total with the legacy document's, so an answer
 * without one (or with no amount in cents) is not understood: `unexpected-response`, ambiguous,
 * and the document, which the API did create, is found again by its number.
 */
export const createdInvoiceSchema = invoiceSchema.extend({ total: centsFromWire });

/**
 * A line to create. A product line names `productUuid` (or, for migrations, an inline `product`);
 * a free-text line has neither and needs `categoryAccountUuid` and `unitPrice`. Quantities and
 * prices are decimal strings, written as exact JSON numbers.
 */
const invoiceLineCreateSchema = z.looseObject({
  productUuid: z.string().optional(),
  product: productCreateSchema.optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  quantity: decimalToWireNumber.optional(),
  unitPrice: decimalToWireNumber.optional(),
  price: decimalToWireNumber.optional(),
  nonTaxable: z.boolean().optional(),
  categoryAccountUuid: z.string().optional(),
  taxes: z.array(z.unknown()).optional(),
});

/** Create body; `customerUuid` or an inline `customer`; `isDraft: false` posts in one step. */
export const invoiceCreateSchema = z.looseObject({
  invoiceType: invoiceTypeSchema.optional(),
  invoiceNumber: z.string().optional(),
  customerUuid: z.string().optional(),
  customer: customerCreateSchema.optional(),
  date: z.string(),
  dueDate: z.string().nullish(),
  currency: z.string().optional(),
  isDraft: z.boolean().optional(),
  products: z.array(invoiceLineCreateSchema),
  tagUuids: z.array(z.string()).optional(),
  appliedToInvoiceUuid: z.string().optional(),
});

/** One memo applied to an invoice (`apply-multiple-credit-to-invoice`, R16). */
export const memoApplicationSchema = z.looseObject({
  memoId: z.string().min(1),
  amount: moneyToWireNumber,
});
export type MemoApplication = z.input<typeof memoApplicationSchema>;

/** One invoice credited by a memo (`apply-credit-to-multiple-invoices`, R16). */
export const invoiceCreditSchema = z.looseObject({
  id: z.string().min(1),
  amount: moneyToWireNumber,
});
export type InvoiceCredit = z.input<typeof invoiceCreditSchema>;

/** `GET /invoices/generate/number` (R9). */
export const generatedNumberSchema = z.looseObject({ invoiceNumber: z.string() });
