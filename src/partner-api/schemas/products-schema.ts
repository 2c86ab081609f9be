import { z } from 'zod';
import { idSchema, optionalText } from './common.js';
import { decimalFromWire, decimalToWireNumber } from './wire-decimal.js';

/** A product or service (docs/api-assumptions.md R2). */
export const productSchema = z.looseObject({
  id: idSchema,
  name: z.string().optional(),
  sku: optionalText,
  description: optionalText,
  type: z.string().optional(),
  /** Unit price as an exact decimal string. */
  price: decimalFromWire.nullish(),
  cost: decimalFromWire.nullish(),
  incomeAccountUuid: optionalText,
  expenseAccountUuid: optionalText,
  taxable: z.boolean().optional(),
  status: z.string().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Product = z.infer<typeof productSchema>;

/** Create body (R2): `name` and an Income `incomeAccountUuid` are required. */
export const productCreateSchema = z.looseObject({
  name: z.string().min(1),
  sku: z.string().optional(),
  description: z.string().optional(),
  type: z.enum(['service', 'product']).optional(),
  /** Decimal string, written as an exact JSON number. */
  price: decimalToWireNumber.optional(),
  cost: decimalToWireNumber.optional(),
  incomeAccountUuid: z.string().min(1),
  expenseAccountUuid: z.string().nullish(),
  taxable: z.boolean().optional(),
  status: z.enum(['active', 'inactive']).optional(),
});

/** Update body: only sent fields change. */
export const productUpdateSchema = productCreateSchema.partial();
export type ProductUpdate = z.input<typeof productUpdateSchema>;
