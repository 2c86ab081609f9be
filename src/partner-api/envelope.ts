import type { z } from 'zod';
import { parseJsonWithDecimalStrings } from '../json/exact-json.js';
import { partnerWarningSchema, type PartnerWarning } from './schemas/common.js';

/**
 * Reading the success envelope (`{status, message, data}`) tolerantly: the payload key of a single
 * record (T6) and the array key of a list (T7) vary, and `_partnerWarnings` may sit on the envelope,
 * on `data` or on the record, so every place is read.
 */

/** A 2xx body, parsed exactly (money never becomes a float). */
export interface SuccessEnvelope {
  /** `data` when the envelope has it, else the whole body. */
  data: unknown;
  /** Every `_partnerWarnings` entry found, in order. */
  warnings: PartnerWarning[];
}

/** Thrown while reading a body that is not the documented shape; becomes an UnexpectedResponse. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
}

/** Parses a 2xx body. An empty body (204) has undefined `data`. */
export function readSuccessEnvelope(bodyText: string): SuccessEnvelope {
  if (bodyText.trim() === '') return { data: undefined, warnings: [] };
  let body: unknown;
  try {
    body = parseJsonWithDecimalStrings(bodyText);
  } catch {
    throw new ResponseShapeError('the response body is not JSON');
  }
  const data = isRecord(body) && 'data' in body ? body.data : body;
  const warnings = [
    ...warningsOf(body),
    ...(data === body ? [] : warningsOf(data)),
    ...(isRecord(data)
      ? Object.values(data).flatMap((value) => (isRecord(value) ? warningsOf(value) : []))
      : []),
  ];
  return { data, warnings };
}

function warningsOf(value: unknown): PartnerWarning[] {
  if (!isRecord(value) || !Array.isArray(value._partnerWarnings)) return [];
  return value._partnerWarnings.flatMap((entry) => {
    const parsed = partnerWarningSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Keys of a list response that are pagination metadata, not the records. */
const PAGINATION_KEYS = new Set(['page', 'limit', 'totalRecords', 'totalPages', 'filters']);

/**
 * The single record of a response: `data[key]` for the first preferred key present, else `data`
 * itself when it has an `id`, else the first object under `data` that has an `id`.
 */
export function pickRecord(data: unknown, preferredKeys: readonly string[]): unknown {
  if (!isRecord(data)) throw new ResponseShapeError('the response has no data object');
  for (const key of preferredKeys) {
    const value = data[key];
    if (isRecord(value)) return value;
  }
  if (typeof data.id === 'string') return data;
  for (const value of Object.values(data)) {
    if (isRecord(value) && typeof value.id === 'string') return value;
  }
  throw new ResponseShapeError(`the response has no record (expected data.${preferredKeys[0]})`);
}

/**
 * The record array of a list response: `data[key]` for the first preferred key present, else the
 * only array under `data` whose key is not pagination metadata.
 */
export function pickList(data: unknown, preferredKeys: readonly string[]): unknown[] {
  if (Array.isArray(data)) return data;
  if (!isRecord(data)) throw new ResponseShapeError('the response has no data object');
  for (const key of preferredKeys) {
    const value = data[key];
    if (Array.isArray(value)) return value;
  }
  const arrays = Object.entries(data).filter(
    ([key, value]) => !PAGINATION_KEYS.has(key) && Array.isArray(value),
  );
  const only = arrays.length === 1 ? arrays[0] : undefined;
  if (only) return only[1] as unknown[];
  throw new ResponseShapeError(
    arrays.length === 0
      ? 'the list response has no record array'
      : `the list response has several arrays (${arrays.map(([key]) => key).join(', ')})`,
  );
}

/** Parses with `schema`, turning a mismatch into a `ResponseShapeError` naming paths, not values. */
export function parseShape<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  throw new ResponseShapeError(`${what} does not match the expected shape (${issues})`);
}

/** A plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
