import { isUuid } from '../ids.js';
import { ApiError, notFound, validationFailed } from '../http/api-error.js';
import { BodyReader, type PartnerWarning } from '../http/body-reader.js';
import { pageOf, readPage } from '../http/page-request.js';
import type { DataRoute, RequestContext, RouteResult } from '../http/route.js';
import type { WebhookEvent } from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';

/** Bulk routes take at most this many rows per call (spec convention 6). */
const MAX_BULK_ROWS = 100;

/** A path parameter that must be a UUID; anything else cannot name a record here (404). */
export function uuidParam(ctx: RequestContext, name = 'uuid'): string {
  const value = ctx.params[name];
  if (!isUuid(value)) throw notFound(`No record ${String(value)}: identifiers are UUIDs`);
  return value.toLowerCase();
}

/** The record with this UUID in the caller's workspace, or a 404. */
export function findOr404<T>(map: Map<string, T>, id: string, what: string): T {
  const record = map.get(id.toLowerCase());
  if (!record) throw notFound(what, id);
  return record;
}

/** Checks that a referenced record exists in the workspace, recording a field error otherwise. */
export function checkRef(
  reader: BodyReader,
  field: string,
  id: string | null | undefined,
  map: Map<string, unknown>,
  what: string,
): void {
  if (id && !map.has(id))
    reader.fail(field, 'not_found', `${what} ${id} was not found in this workspace.`);
}

function bodyOf(ctx: RequestContext): BodyReader {
  return BodyReader.of(ctx.body);
}

export interface BulkRowResult {
  status: string;
  id?: string;
  record?: Record<string, unknown>;
  warnings?: PartnerWarning[];
}

/**
 * Runs a bulk call: the envelope must carry an array under `key` with at most 100 rows (else 400);
 * each row then succeeds or fails on its own, and the call answers 201 with `errorCount` and one
 * result per row, in input order (assumption T8).
 */
export function runBulk(
  ctx: RequestContext,
  key: string,
  recordKey: string,
  row: (input: unknown, index: number) => BulkRowResult,
): RouteResult {
  const reader = bodyOf(ctx);
  const rows = reader.raw[key];
  if (!Array.isArray(rows)) {
    throw validationFailed(`The body must carry an array of rows under "${key}".`);
  }
  if (rows.length > MAX_BULK_ROWS) {
    throw validationFailed(
      `A bulk call takes at most ${MAX_BULK_ROWS} rows; this one has ${rows.length}.`,
    );
  }
  let errorCount = 0;
  const results = (rows as unknown[]).map((input, index) => {
    try {
      const outcome = row(input, index);
      const result: Record<string, unknown> = { index, status: outcome.status };
      if (outcome.id) result.id = outcome.id;
      if (outcome.record) result[recordKey] = outcome.record;
      if (outcome.warnings && outcome.warnings.length > 0)
        result._partnerWarnings = outcome.warnings;
      return result;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      errorCount += 1;
      const result: Record<string, unknown> = {
        index,
        status: 'failed',
        statusCode: error.status,
        message: error.message,
      };
      if (error.errors) result.errors = error.errors;
      return result;
    }
  });
  return { status: 201, data: { errorCount, results } };
}

/** Compares for sorting: strings case-insensitively, then by id for a stable order. */
export function compareText(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Newest first: the maps keep creation order, so this is a reverse, not a sort. */
export function newestFirst<T>(map: Map<string, T>, keep: (item: T) => boolean = () => true): T[] {
  const items: T[] = [];
  for (const item of map.values()) if (keep(item)) items.push(item);
  return items.reverse();
}

/**
 * A GET route answering one page (assumption T5) of a workspace collection, newest first; `keep`
 * narrows the collection.
 */
export function newestFirstListRoute<T>(list: {
  path: string;
  key: string;
  records: (ws: WorkspaceData) => Map<string, T>;
  view: (item: T, ws: WorkspaceData) => unknown;
  keep?: (item: T) => boolean;
}): DataRoute {
  return {
    method: 'GET',
    path: list.path,
    handler: (ctx) => ({
      data: pageOf(
        newestFirst(list.records(ctx.ws), list.keep),
        readPage(ctx.query),
        list.key,
        (item) => list.view(item, ctx.ws),
      ),
    }),
  };
}

/** Emits `event` with a record's view and answers with that same view under `key`. */
export function answerUpdated(
  ctx: RequestContext,
  event: WebhookEvent,
  key: string,
  view: Record<string, unknown>,
  message: string,
  reader: BodyReader,
): RouteResult {
  ctx.emit(event, view);
  return { message, data: { [key]: view }, warnings: reader.warnings };
}
