import { z } from 'zod';
import { idSchema, optionalText } from './common.js';

/** A postal address as the customer routes send and receive it. */
export const addressSchema = z.looseObject({
  id: z.string().optional(),
  street: optionalText,
  city: optionalText,
  state: optionalText,
  zipCode: optionalText,
  country: optionalText,
});

/** A customer contact (the first one sets `contactName`). */
const contactSchema = z.looseObject({
  id: z.string().optional(),
  firstName: optionalText,
  lastName: optionalText,
  email: optionalText,
  phone: optionalText,
  isPrimary: z.boolean().optional(),
});

/** A customer (spec, Customer). */
export const customerSchema = z.looseObject({
  id: idSchema,
  customer: z.string().optional(),
  email: optionalText,
  mainPhone: optionalText,
  website: optionalText,
  status: z.string().optional(),
  notes: optionalText,
  paymentTerm: optionalText,
  taxNumber: optionalText,
  taxAutoCalculate: z.boolean().optional(),
  taxExcluded: z.boolean().optional(),
  contactName: optionalText,
  billingAddress: addressSchema.nullish(),
  shippingAddress: addressSchema.nullish(),
  contacts: z.array(contactSchema).optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Customer = z.infer<typeof customerSchema>;

const addressInput = z.looseObject({
  street: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zipCode: z.string().optional(),
  country: z.string().optional(),
});

const contactInput = z.looseObject({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  isPrimary: z.boolean().optional(),
});

/** Create body (`customer`, the name, is the only required field). */
export const customerCreateSchema = z.looseObject({
  customer: z.string().min(1),
  email: z.string().nullish(),
  mainPhone: z.string().optional(),
  website: z.string().optional(),
  notes: z.string().optional(),
  status: z.enum(['active', 'inactive']).optional(),
  paymentTerm: z.string().optional(),
  taxNumber: z.string().nullish(),
  salesRepId: z.number().int().optional(),
  taxAutoCalculate: z.boolean().optional(),
  taxExcluded: z.boolean().optional(),
  taxes: z.array(z.unknown()).optional(),
  billingAddress: addressInput.nullish(),
  shippingAddress: addressInput.nullish(),
  contacts: z.array(contactInput).optional(),
});
export type CustomerCreate = z.input<typeof customerCreateSchema>;

/** Update body: only sent fields change. */
export const customerUpdateSchema = customerCreateSchema.partial();
export type CustomerUpdate = z.input<typeof customerUpdateSchema>;

/** A bulk-update row: the customer is named by `uuid`. */
export const customerBulkUpdateRowSchema = customerUpdateSchema.extend({ uuid: z.string().min(1) });
export type CustomerBulkUpdateRow = z.input<typeof customerBulkUpdateRowSchema>;
