import { z } from 'zod';

/** Money at rest: a plain decimal with exactly two places ("-1234.50"). Arithmetic uses src/money. */
export const moneySchema = z
  .string()
  .regex(/^-?\d+\.\d{2}$/, 'money must be a plain decimal with two places, like "1234.50"');

/** A quantity or unit price: a plain decimal with any number of places ("1.5", "0.125"). */
export const decimalSchema = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/, 'must be a plain decimal, like "1.5"');

/** An ISO 8601 calendar date (YYYY-MM-DD) that exists. */
export const isoDateSchema = z.iso.date();

/** An ISO 4217 currency code. */
export const currencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code, like "USD"');

/** The stable identifier of a record in the legacy system (an account code, invoice number, ...). */
export const legacyKeySchema = z.string().min(1);

/**
 * Where a value came from, so every problem can name the file, row and column a consultant must fix.
 * `row` is the 1-based physical row (line in CSV and IIF, row in XLSX) counting the header and any
 * title rows above it.
 */
export const sourceLocationSchema = z.object({
  file: z.string(),
  sheet: z.string().optional(),
  row: z.number().int().positive(),
  column: z.string().optional(),
});

export type Money = z.infer<typeof moneySchema>;
export type DecimalString = z.infer<typeof decimalSchema>;
export type IsoDate = z.infer<typeof isoDateSchema>;
export type SourceLocation = z.infer<typeof sourceLocationSchema>;
