import { z } from 'zod';
import { idSchema, optionalText } from './common.js';
import { addressSchema } from './customers-schema.js';

/** A vendor (docs/api-assumptions.md R1). */
export const vendorSchema = z.looseObject({
  id: idSchema,
  name: z.string().optional(),
  email: optionalText,
  phone: optionalText,
  website: optionalText,
  address: addressSchema.nullish(),
  taxId: optionalText,
  is1099: z.boolean().optional(),
  status: z.string().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Vendor = z.infer<typeof vendorSchema>;

/** Create body (R1): `name` is required. */
export const vendorCreateSchema = z.looseObject({
  name: z.string().min(1),
  email: z.string().nullish(),
  phone: z.string().optional(),
  website: z.string().optional(),
  address: z
    .looseObject({
      street: z.string().optional(),
      city: z.string().optional(),
      state: z.string().optional(),
      zipCode: z.string().optional(),
      country: z.string().optional(),
    })
    .nullish(),
  taxId: z.string().nullish(),
  is1099: z.boolean().optional(),
  status: z.enum(['active', 'inactive']).optional(),
});

/** Update body: only sent fields change. */
export const vendorUpdateSchema = vendorCreateSchema.partial();
export type VendorUpdate = z.input<typeof vendorUpdateSchema>;
