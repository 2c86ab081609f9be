import { validationFailed } from './api-error.js';
import { queryValue } from './query-reader.js';
import type { Query } from './route.js';

const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  page: number;
  limit: number;
}

function positiveInteger(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  if (!/^\d+$/.test(text)) throw validationFailed(`${name} must be a positive integer.`);
  return Number(text);
}

/** `page` (1-based, default 1) and `limit` (default 25, at most 100): assumption T5. */
export function readPage(query: Query): PageRequest {
  const page = positiveInteger(queryValue(query, 'page'), 'page', 1);
  const limit = positiveInteger(queryValue(query, 'limit'), 'limit', DEFAULT_PAGE_SIZE);
  if (page < 1) throw validationFailed('page must be 1 or more.');
  if (limit < 1 || limit > MAX_PAGE_SIZE) {
    throw validationFailed(`limit must be between 1 and ${MAX_PAGE_SIZE}.`);
  }
  return { page, limit };
}

/** One page of `items` under `key`, with the spec's pagination fields. */
export function pageOf<T>(
  items: readonly T[],
  request: PageRequest,
  key: string,
  view: (item: T) => unknown,
): Record<string, unknown> {
  const start = (request.page - 1) * request.limit;
  return {
    page: request.page,
    limit: request.limit,
    totalRecords: items.length,
    totalPages: Math.ceil(items.length / request.limit),
    [key]: items.slice(start, start + request.limit).map(view),
  };
}
