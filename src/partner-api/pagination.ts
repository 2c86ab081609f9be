import type { z } from 'zod';
import { isRecord, parseShape, pickList } from './envelope.js';

/** The page size the client asks for (the sandbox's maximum, T5). */
export const PAGE_SIZE = 100;

/** One page of a list. */
export interface Page<T> {
  records: T[];
  page: number;
  limit?: number;
  totalRecords?: number;
  totalPages?: number;
}

/**
 * Reads a list response: the record array under whichever key it uses (T7), each record parsed
 * with `schema`, plus the pagination fields when present.
 */
export function readPage<S extends z.ZodType>(
  data: unknown,
  arrayKeys: readonly string[],
  schema: S,
  requestedPage: number,
  what: string,
): Page<z.output<S>> {
  const records = pickList(data, arrayKeys).map((record, index) =>
    parseShape(schema, record, `${what} record ${index}`),
  );
  const meta = isRecord(data) ? data : {};
  return {
    records,
    page: positiveInteger(meta.page) ?? requestedPage,
    limit: positiveInteger(meta.limit),
    totalRecords: nonNegativeInteger(meta.totalRecords),
    totalPages: nonNegativeInteger(meta.totalPages),
  };
}

/** Options for `paginate`. */
export interface PaginateOptions {
  /** Stop after this many pages whatever the server says (a guard against runaway lists). */
  maxPages?: number;
}

/**
 * Every record of a paginated list, page after page: follows `totalPages`, and when the server does
 * not send it, keeps going while pages come back full. Stops at the first empty page.
 */
export async function* paginate<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  options: PaginateOptions = {},
): AsyncGenerator<T, void, undefined> {
  const maxPages = options.maxPages ?? 100_000;
  for (let page = 1; page <= maxPages; page += 1) {
    const result = await fetchPage(page);
    yield* result.records;
    if (result.records.length === 0) return;
    if (result.totalPages !== undefined) {
      if (page >= result.totalPages) return;
    } else if (result.records.length < (result.limit ?? PAGE_SIZE)) {
      return;
    }
  }
}

/** Collects an async iterable into an array. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

function positiveInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 ? value : undefined;
}

function nonNegativeInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}
