import type { z } from 'zod';
import { PartnerApiInvalidRequestError } from '../errors.js';
import { parseShape, pickRecord, type SuccessEnvelope } from '../envelope.js';
import { readBulkAnswer, runBulk, type BulkResult, type BulkRowOutcome } from '../bulk.js';
import { PAGE_SIZE, paginate, readPage, type Page } from '../pagination.js';
import type { QueryParams } from '../query.js';
import type { ApiRequest, CallOptions, HttpMethod } from '../request-executor.js';
import type { WriteResult } from '../schemas/common.js';

/** Whatever runs API calls (the client's lazily configured executor). */
export interface ApiCaller {
  execute<T>(request: ApiRequest<T>, options?: CallOptions): Promise<T>;
}

/**
 * Validates and encodes a request body with its schema (money strings become exact JSON numbers).
 * A mismatch is the caller's bug and is never sent: `PartnerApiInvalidRequestError`.
 */
export function encodeBody<S extends z.ZodType>(
  schema: S,
  input: z.input<S>,
  what: string,
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  throw new PartnerApiInvalidRequestError(`invalid ${what}: ${issues}`);
}

/** Parses the single record of a response (T6), keyed by any of `keys`. */
export function recordReader<S extends z.ZodType>(
  schema: S,
  keys: readonly string[],
  what: string,
): (envelope: SuccessEnvelope) => z.output<S> {
  return (envelope) => parseShape(schema, pickRecord(envelope.data, keys), what);
}

/** Like `recordReader`, keeping the `_partnerWarnings` of the write. */
export function writeReader<S extends z.ZodType>(
  schema: S,
  keys: readonly string[],
  what: string,
): (envelope: SuccessEnvelope) => WriteResult<z.output<S>> {
  const read = recordReader(schema, keys, what);
  return (envelope) => ({ data: read(envelope), warnings: envelope.warnings });
}

/**
 * For actions (approve, send, settle, delete) whose answer may or may not echo the record: the
 * record when the answer has one, else undefined. The action succeeded either way.
 */
export function optionalWriteReader<S extends z.ZodType>(
  schema: S,
  keys: readonly string[],
  what: string,
): (envelope: SuccessEnvelope) => WriteResult<z.output<S> | undefined> {
  return (envelope) => {
    let record: unknown;
    try {
      record = pickRecord(envelope.data, keys);
    } catch {
      return { data: undefined, warnings: envelope.warnings };
    }
    return { data: parseShape(schema, record, what), warnings: envelope.warnings };
  };
}

/** A write whose answer has no record worth typing: data is `data` as sent. */
export function actionReader(): (envelope: SuccessEnvelope) => WriteResult<unknown> {
  return (envelope) => ({ data: envelope.data, warnings: envelope.warnings });
}

/** Helpers bound to one caller, used by every route module. */
export class RouteKit {
  constructor(readonly caller: ApiCaller) {}

  get<T>(
    path: string,
    parse: (envelope: SuccessEnvelope) => T,
    options?: CallOptions,
    query?: QueryParams,
  ): Promise<T> {
    return this.caller.execute({ method: 'GET', path, query, auth: 'bearer', parse }, options);
  }

  write<T>(
    method: Exclude<HttpMethod, 'GET'>,
    path: string,
    body: unknown,
    parse: (envelope: SuccessEnvelope) => T,
    options?: CallOptions,
  ): Promise<T> {
    return this.caller.execute({ method, path, body, auth: 'bearer', parse }, options);
  }

  /** One page of a list route. */
  page<S extends z.ZodType>(
    path: string,
    query: QueryParams,
    arrayKeys: readonly string[],
    schema: S,
    what: string,
    options?: CallOptions,
  ): Promise<Page<z.output<S>>> {
    const requestedPage = typeof query.page === 'number' ? query.page : 1;
    return this.get(
      path,
      (envelope) => readPage(envelope.data, arrayKeys, schema, requestedPage, what),
      options,
      query,
    );
  }

  /** Every record of a paginated list route, asking for 100 per page. */
  all<S extends z.ZodType>(
    path: string,
    query: QueryParams,
    arrayKeys: readonly string[],
    schema: S,
    what: string,
    options?: CallOptions,
  ): AsyncGenerator<z.output<S>, void, undefined> {
    return paginate((page) =>
      this.page(path, { ...query, page, limit: PAGE_SIZE }, arrayKeys, schema, what, options),
    );
  }

  /**
   * A bulk route: rows encoded one by one (a row the client rejects becomes a `failed` outcome and
   * is not sent, so one bad row never sinks its neighbours), the rest split into calls of at most
   * 100 under `bodyKey`, and every answer mapped back to the caller's row index.
   */
  async bulk<I, S extends z.ZodType>(
    method: 'POST' | 'PATCH',
    path: string,
    bodyKey: string,
    rows: readonly I[],
    encodeRow: (row: I, index: number) => unknown,
    recordKeys: readonly string[],
    recordSchema: S,
    options?: CallOptions & { batchSize?: number },
  ): Promise<BulkResult<z.output<S>>> {
    const rejected: BulkRowOutcome<z.output<S>>[] = [];
    const sendable: Array<{ index: number; body: unknown }> = [];
    for (const [index, row] of rows.entries()) {
      try {
        sendable.push({ index, body: encodeRow(row, index) });
      } catch (error) {
        if (!(error instanceof PartnerApiInvalidRequestError)) throw error;
        rejected.push({ index, status: 'failed', message: error.message, errors: [] });
      }
    }
    const sent: BulkResult<z.output<S>> =
      sendable.length === 0
        ? { rows: [], failedCount: 0, calls: 0 }
        : await runBulk(
            sendable.map((entry) => entry.body),
            (batch, callOptions) =>
              this.write(
                method,
                path,
                { [bodyKey]: batch },
                (envelope) => readBulkAnswer(envelope, batch.length, recordKeys, recordSchema),
                callOptions,
              ),
            options,
          );
    const merged = [
      ...rejected,
      ...sent.rows.map((row) => ({ ...row, index: sendable[row.index]?.index ?? row.index })),
    ].sort((left, right) => left.index - right.index);
    return {
      ...sent,
      rows: merged,
      failedCount: merged.filter((row) => row.status === 'failed').length,
    };
  }
}
