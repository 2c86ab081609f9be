import { z } from 'zod';

/**
 * Shapes shared by every resource. Response objects are loose (unknown fields pass through, since
 * the API ships additions continuously) and only `id` is required on a record.
 */

/** A record identifier. The API uses UUIDs; the client does not insist on the format. */
export const idSchema = z.string().min(1);

/** A `_partnerWarnings` entry: a sent field that was not applied. */
export const partnerWarningSchema = z.looseObject({
  field: z.string().optional(),
  /** `internal_only` or `unknown_field` (spec), or a reason added later. */
  reason: z.string().optional(),
  message: z.string().optional(),
});

export type PartnerWarning = z.infer<typeof partnerWarningSchema>;

/** The result of every write: the record and the warnings the API attached. */
export interface WriteResult<T> {
  data: T;
  warnings: PartnerWarning[];
}

/** `{field, reason, message}` entries of a failed bulk row or validation error. */
export const fieldErrorSchema = z.looseObject({
  field: z.string().optional(),
  reason: z.string().optional(),
  message: z.string().optional(),
});

/** Optional string that may also be null on the wire. */
export const optionalText = z.string().nullish();

/** An optional list of loose objects of `shape` (report rows, sections, lines). */
export function optionalListOf<T extends z.ZodRawShape>(shape: T) {
  return z.array(z.looseObject(shape)).optional();
}

/** The account a report or opening balance row is about. */
export const accountColumns = {
  accountUuid: optionalText,
  accountName: optionalText,
  accountType: optionalText,
};
