import type { z } from 'zod';
import { stringifyJsonExact } from '../json/exact-json.js';
import { readBulkAnswer, runBulk, type BulkResult, type BulkRowOutcome } from './bulk.js';
import type { PartnerApiConnection, PartnerApiContract } from './config.js';
import {
  describeRequest,
  errorFromBody,
  errorFromCredentialStore,
  errorFromStatus,
  errorFromTransport,
  PartnerApiError,
  type RequestIdentity,
} from './errors.js';
import { parseShape, pickRecord, readSuccessEnvelope, type SuccessEnvelope } from './envelope.js';
import { emitLog, type PartnerApiLogger } from './logger.js';
import { PAGE_SIZE, paginate, readPage, type Page } from './pagination.js';
import { encodeQuery, segment, type QueryParams } from './query.js';
import type { WriteResult } from './schemas/common.js';
import type { SecretRegistry } from './secret-registry.js';
import { PARTNERS_MOUNT, signRequest } from './signing.js';
import type { SendWindow } from './request-window.js';
import type { PartnerApiTransport, TransportResponse } from './transport.js';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Per-call options every client method accepts. */
export interface CallOptions {
  /** Cancels the call (Temporal passes the activity's cancellation signal). */
  signal?: AbortSignal;
  /** Deadline for each HTTP exchange of this call (default: the client's `timeoutMs`). */
  timeoutMs?: number;
  /** The caller's attempt number (Temporal `info.attempt`), for logs only. */
  attempt?: number;
}

/** Where data calls get their bearer token. */
export interface AccessTokenSource {
  /** A token valid for at least the refresh margin (refreshing first when needed). */
  current(signal?: AbortSignal): Promise<string>;
  /**
   * The API answered 401 to `token`: refresh unless a newer token exists. True when a pair was
   * issued for it; false when the caller just switches to a newer token already held. With
   * `mustIssue`, always a pair issued after this request.
   */
  rejected(
    token: string,
    signal?: AbortSignal,
    options?: { mustIssue?: boolean },
  ): Promise<boolean>;
}

/** One API call, described by a route. */
export interface ApiRequest<T> {
  method: HttpMethod;
  /** Relative to `/partners`, segments already encoded: `/customers/3f9a…`. */
  path: string;
  query?: QueryParams;
  /** A JSON value (LosslessNumbers allowed); undefined sends no body. */
  body?: unknown;
  /** Token routes are signed but carry no Bearer token. */
  auth: 'bearer' | 'signature';
  /** A POST that changes nothing (reports): never ambiguous. */
  readOnly?: boolean;
  parse(envelope: SuccessEnvelope): T;
}

/** Dependencies of the executor. */
export interface RequestExecutorDeps {
  connection: PartnerApiConnection;
  contract: PartnerApiContract;
  transport: PartnerApiTransport;
  /** Epoch milliseconds; injectable so tests move time instead of sleeping. */
  clock: () => number;
  timeoutMs: number;
  secrets: SecretRegistry;
  logger?: PartnerApiLogger;
  accessTokens?: AccessTokenSource;
  /** The API's request limit, kept by this process or shared (absent: the server's pace alone). */
  window?: SendWindow;
}

/** What a call has already tried after a 401. */
interface UnauthorizedRecoveries {
  refreshed: boolean;
  /** Resends with a newer token that was already held (it may be dead too, after a clock jump). */
  switches: number;
  clockTried: boolean;
  /** The clock correction in force before a re-sign, restored if the re-sign did not help. */
  correctionToRevert?: number;
}

/**
 * A difference between the server's `Date` and our clock beyond this is treated as our clock being
 * wrong when a signature is refused (the API tolerates 300 s; `Date` has 1 s resolution).
 */
const CLOCK_CORRECTION_THRESHOLD_MS = 60_000;

/**
 * A call refused with an old token resends with the newer one already held, without spending its
 * one refresh: that newer token can be dead too (a server clock jump expires both). Bounded so
 * tokens rotating elsewhere cannot keep one call resending: past it, the call spends its refresh.
 */
const MAX_TOKEN_SWITCHES = 2;

/**
 * Runs API calls: signs, sends, classifies the answer into the error taxonomy, and parses the
 * envelope. It never retries a failure (Temporal does), with two bounded exceptions, both on 401:
 * one token refresh, and one re-sign when the server's Date header shows our clock is far off.
 */
export class RequestExecutor {
  private readonly basePath: string;
  /** Added to our clock when signing, learned from the server's Date header after a 401. */
  private clockCorrectionMs = 0;

  constructor(private readonly deps: RequestExecutorDeps) {
    const url = new URL(deps.connection.baseUrl);
    this.basePath = url.pathname.replace(/\/+$/, '');
    deps.secrets.add(deps.connection.clientSecret, { longLived: true });
  }

  /** Performs `request`, returning what its `parse` returns, or throwing a `PartnerApiError`. */
  async execute<T>(request: ApiRequest<T>, options: CallOptions = {}): Promise<T> {
    const bodyText = request.body === undefined ? undefined : stringifyJsonExact(request.body);
    const queryString = encodeQuery(request.query);
    const fullPath = `${this.basePath}${PARTNERS_MOUNT}${request.path}`;
    const identity: RequestIdentity = { method: request.method, path: fullPath };
    const isWrite = request.method !== 'GET' && !request.readOnly;
    const recoveries: UnauthorizedRecoveries = {
      refreshed: false,
      switches: 0,
      clockTried: false,
    };

    for (let send = 1; ; send += 1) {
      if (options.signal?.aborted) {
        throw new PartnerApiError(
          'aborted',
          `${describeRequest(identity)} was cancelled`,
          identity,
        );
      }
      const token =
        request.auth === 'bearer' ? await this.bearerToken(options.signal, identity) : undefined;
      const answered = await this.deps.window?.enter(options.signal);
      const startedAt = Date.now();
      let response: TransportResponse;
      try {
        response = await this.deps.transport.send({
          method: request.method,
          path: queryString === '' ? fullPath : `${fullPath}?${queryString}`,
          headers: this.headersFor(request, queryString, bodyText, token),
          body: bodyText,
          timeoutMs: options.timeoutMs ?? this.deps.timeoutMs,
          signal: options.signal,
        });
      } catch (failure) {
        const error = errorFromTransport(failure, identity, isWrite);
        this.log(identity, startedAt, options, send, undefined, error);
        throw error;
      } finally {
        answered?.();
      }

      if (response.status === 401) {
        const recovery = this.planUnauthorizedRecovery(response, recoveries, request, token);
        if (recovery !== 'give-up') {
          this.log(identity, startedAt, options, send, 401);
          if (recovery === 'refresh' && token !== undefined) {
            const mustIssue = recoveries.switches >= MAX_TOKEN_SWITCHES;
            const issued = await this.deps.accessTokens?.rejected(token, options.signal, {
              mustIssue,
            });
            // A call past its switches has had its one refresh, whoever's refresh it joined.
            if (issued === true || mustIssue) recoveries.refreshed = true;
            else recoveries.switches += 1;
          }
          continue;
        }
      } else {
        recoveries.correctionToRevert = undefined;
      }

      if (response.status < 200 || response.status > 299) {
        const error = errorFromStatus({
          ...identity,
          status: response.status,
          isWrite,
          bodyText: response.bodyText,
          retryAfterHeader: headerText(response, 'retry-after'),
          nowMs: this.deps.clock(),
          redact: (text) => this.deps.secrets.redact(text),
        });
        this.log(identity, startedAt, options, send, response.status, error);
        throw error;
      }

      try {
        const result = request.parse(readSuccessEnvelope(response.bodyText));
        this.log(identity, startedAt, options, send, response.status);
        return result;
      } catch (cause) {
        const error =
          cause instanceof PartnerApiError ? cause : errorFromBody(cause, identity, isWrite);
        this.log(identity, startedAt, options, send, response.status, error);
        throw error;
      }
    }
  }

  /**
   * Decides what to do about a 401, each at most once per call: re-sign with the server's time
   * when its Date header shows our clock far off (kept only if that helps), else refresh the token.
   */
  private planUnauthorizedRecovery(
    response: TransportResponse,
    recoveries: UnauthorizedRecoveries,
    request: ApiRequest<unknown>,
    token: string | undefined,
  ): 'resign' | 'refresh' | 'give-up' {
    const serverSkewMs = this.serverSkewMs(response);
    if (
      !recoveries.clockTried &&
      serverSkewMs !== undefined &&
      Math.abs(serverSkewMs - this.clockCorrectionMs) > CLOCK_CORRECTION_THRESHOLD_MS
    ) {
      recoveries.clockTried = true;
      recoveries.correctionToRevert = this.clockCorrectionMs;
      this.clockCorrectionMs = serverSkewMs;
      return 'resign';
    }
    if (recoveries.correctionToRevert !== undefined) {
      // The correction did not help (a proxy's Date header can be wrong too): undo it.
      this.clockCorrectionMs = recoveries.correctionToRevert;
      recoveries.correctionToRevert = undefined;
    }
    if (request.auth !== 'bearer' || token === undefined || recoveries.refreshed) return 'give-up';
    return this.deps.accessTokens ? 'refresh' : 'give-up';
  }

  private async bearerToken(
    signal: AbortSignal | undefined,
    identity: RequestIdentity,
  ): Promise<string> {
    if (!this.deps.accessTokens) {
      throw new PartnerApiError(
        'config',
        `${describeRequest(identity)} needs an access token, but no credential profile is configured`,
        identity,
      );
    }
    const token = await this.deps.accessTokens.current(signal);
    this.deps.secrets.add(token, { longLived: true });
    return token;
  }

  private headersFor(
    request: ApiRequest<unknown>,
    queryString: string,
    bodyText: string | undefined,
    token: string | undefined,
  ): Record<string, string> {
    const { connection, contract } = this.deps;
    const signing = signRequest({
      method: request.method,
      routePath: request.path,
      queryString,
      bodyText,
      timestampSeconds: Math.floor((this.deps.clock() + this.clockCorrectionMs) / 1000),
      clientId: connection.clientId,
      clientSecret: connection.clientSecret,
      signQueryString: contract.signQueryString,
    });
    this.deps.secrets.add(signing['x-signature']);
    const headers: Record<string, string> = { ...signing, accept: 'application/json' };
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    if (bodyText !== undefined) headers['content-type'] = 'application/json';
    return headers;
  }

  /** Server time minus our time, from the response's Date header. */
  private serverSkewMs(response: TransportResponse): number | undefined {
    const date = headerText(response, 'date');
    if (date === undefined) return undefined;
    const serverMs = Date.parse(date);
    return Number.isNaN(serverMs) ? undefined : serverMs - this.deps.clock();
  }

  private log(
    identity: RequestIdentity,
    startedAt: number,
    options: CallOptions,
    send: number,
    status: number | undefined,
    error?: PartnerApiError,
  ): void {
    emitLog(this.deps.logger, {
      event: 'partner_api.request',
      method: identity.method,
      path: identity.path,
      ...(status === undefined ? {} : { status }),
      durationMs: Date.now() - startedAt,
      attempt: options.attempt ?? 1,
      send,
      outcome: error || (status !== undefined && status >= 300) ? 'error' : 'ok',
      ...(error ? { errorType: error.kind, ambiguous: error.ambiguous } : {}),
    });
  }
}

function headerText(response: TransportResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Validates and encodes a request body with its schema (money strings become exact JSON numbers).
 * A mismatch is the caller's bug and is never sent: an `invalid-request` `PartnerApiError`.
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
  throw new PartnerApiError('invalid-request', `invalid ${what}: ${issues}`);
}

/** Parses the single record of a response (T6), keyed by any of `keys`. */
function recordReader<S extends z.ZodType>(
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
function optionalWriteReader<S extends z.ZodType>(
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

/** A paginated list route: its records under any of `listKeys`, each named `what` in messages. */
interface ListRoute<S extends z.ZodType> {
  path: string;
  listKeys: readonly string[];
  schema: S;
  what: string;
}

/**
 * What every route module calls: one request, one page, every page, or a bulk write, each run by
 * the client's executor (made on the first call, when configuration is read).
 */
export class RouteKit {
  constructor(private readonly executor: () => Promise<RequestExecutor>) {}

  /** Runs one request: signed, paced, sent, its answer parsed or its failure a `PartnerApiError`. */
  async execute<T>(request: ApiRequest<T>, options?: CallOptions): Promise<T> {
    try {
      return await (await this.executor()).execute(request, options);
    } catch (error) {
      throw errorFromCredentialStore(error);
    }
  }

  get<T>(
    path: string,
    parse: (envelope: SuccessEnvelope) => T,
    options?: CallOptions,
    query?: QueryParams,
  ): Promise<T> {
    return this.execute({ method: 'GET', path, query, auth: 'bearer', parse }, options);
  }

  write<T>(
    method: Exclude<HttpMethod, 'GET'>,
    path: string,
    body: unknown,
    parse: (envelope: SuccessEnvelope) => T,
    options?: CallOptions,
  ): Promise<T> {
    return this.execute({ method, path, body, auth: 'bearer', parse }, options);
  }

  /** Deletes the record at `path`; the answer is the API's action result. */
  remove(path: string, options?: CallOptions): Promise<WriteResult<unknown>> {
    return this.write('DELETE', path, undefined, actionReader(), options);
  }

  /** One page of a list route. */
  page<S extends z.ZodType>(
    list: ListRoute<S>,
    query: QueryParams,
    options?: CallOptions,
  ): Promise<Page<z.output<S>>> {
    const requestedPage = typeof query.page === 'number' ? query.page : 1;
    return this.get(
      list.path,
      (envelope) => readPage(envelope.data, list.listKeys, list.schema, requestedPage, list.what),
      options,
      query,
    );
  }

  /** Every record of a paginated list route, asking for 100 per page. */
  all<S extends z.ZodType>(
    list: ListRoute<S>,
    query: QueryParams,
    options?: CallOptions,
  ): AsyncGenerator<z.output<S>, void, undefined> {
    return paginate((page) => this.page(list, { ...query, page, limit: PAGE_SIZE }, options));
  }

  /** The list of a resource and one page of it, filtered by `Q`. */
  lists<S extends z.ZodType, Q extends object>(list: ListRoute<S>) {
    return {
      list: (query?: Q, options?: CallOptions): AsyncGenerator<z.output<S>, void, undefined> =>
        this.all(list, { ...query }, options),
      listPage: (
        query?: Q & { page?: number; limit?: number },
        options?: CallOptions,
      ): Promise<Page<z.output<S>>> => this.page(list, { ...query }, options),
    };
  }

  /**
   * The routes every record resource has (customers, vendors, products, invoices, bills): the list,
   * one page of it, one record, and create. `what` names the record in messages ("the bill").
   */
  records<S extends z.ZodType, C extends z.ZodType, Q extends object>(
    resource: ListRoute<S> & { recordKeys: readonly string[]; createSchema: C },
  ) {
    const { path, recordKeys, schema, what } = resource;
    return {
      ...this.lists<S, Q>(resource),
      get: (uuid: string, options?: CallOptions): Promise<z.output<S>> =>
        this.get(
          `${path}/${segment(uuid)}`,
          recordReader(schema, recordKeys, `the ${what}`),
          options,
        ),
      create: this.creator(resource),
    };
  }

  /** The create route of a record resource: `body` checked by `createSchema`, POSTed to `path`. */
  creator<S extends z.ZodType, C extends z.ZodType>(resource: {
    path: string;
    schema: S;
    recordKeys: readonly string[];
    createSchema: C;
    what: string;
  }) {
    const { path, recordKeys, schema, createSchema, what } = resource;
    return (body: z.input<C>, options?: CallOptions): Promise<WriteResult<z.output<S>>> =>
      this.write(
        'POST',
        path,
        encodeBody(createSchema, body, what),
        writeReader(schema, recordKeys, `the created ${what}`),
        options,
      );
  }

  /**
   * Actions on one record (`/bills/{uuid}/approve`, or the record itself without `name`), each
   * answering the record when the API echoes it.
   */
  recordAction<S extends z.ZodType>(path: string, schema: S, recordKeys: readonly string[]) {
    return (
      method: Exclude<HttpMethod, 'GET'>,
      uuid: string,
      name: string | undefined,
      body: unknown,
      what: string,
      options?: CallOptions,
    ): Promise<WriteResult<z.output<S> | undefined>> =>
      this.write(
        method,
        `${path}/${segment(uuid)}${name === undefined ? '' : `/${name}`}`,
        body,
        optionalWriteReader(schema, recordKeys, what),
        options,
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
        if (!(error instanceof PartnerApiError) || error.kind !== 'invalid-request') throw error;
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
