import { z } from 'zod';
import { entityNames, type LedgerRecord } from './model.js';
import { sourceLocationSchema } from './primitives.js';

/**
 * A problem found while reading, mapping or validating: a value, never an exception. `error` blocks a
 * live run (unless the operator chooses to skip the rows); `warning` and `info` are reported only.
 */
export const problemSchema = z.object({
  severity: z.enum(['error', 'warning', 'info']),
  /** Stable, dotted code a consultant or script can filter on, e.g. "reference.unknown-customer". */
  code: z.string().regex(/^[a-z]+(\.[a-z0-9-]+)+$/),
  /** One sentence a consultant understands, naming the value at fault. */
  message: z.string().min(1),
  location: sourceLocationSchema.optional(),
  entity: z.enum(entityNames).optional(),
  /** The legacy key of the record at fault, when there is one. */
  key: z.string().optional(),
});
export type Problem = z.infer<typeof problemSchema>;
export type Severity = Problem['severity'];

/** Formats a location the way consultants read it: `invoices.csv row 12, column "DueDate"`. */
export function formatLocation(location: Problem['location']): string {
  if (!location) return 'no location';
  const where = location.sheet ? `${location.file} [${location.sheet}]` : location.file;
  return `${where} row ${location.row}${location.column ? `, column "${location.column}"` : ''}`;
}

/** What readers and validation stream: a record with its problems, or a problem of its own. */
export type LedgerItem =
  /** A record and the problems about it (each with entity, key and location). */
  | { kind: 'record'; record: LedgerRecord; problems: Problem[] }
  /** A file-level problem, or one about rows that could not become a record. */
  | { kind: 'problem'; problem: Problem };

/**
 * The legacy key a record is known by in problems. Opening balance and trial balance lines have no
 * key of their own: their account's key identifies them.
 */
export function recordKey(record: LedgerRecord): string {
  switch (record.entity) {
    case 'opening-balance':
    case 'trial-balance':
      return record.value.accountKey;
    default:
      return record.value.key;
  }
}
