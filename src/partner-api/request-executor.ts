import { ZodError } from 'zod';
import { stringifyJsonExact } from '../json/exact-json.js';
import type { PartnerApiConnection, PartnerApiContract } from './config.js';
import {
  PartnerApiAbortedError,
  PartnerApiConfigError,
  PartnerApiError,
  PartnerApiNetworkError,
  PartnerApiTimeoutError,
  PartnerApiUnexpectedResponseError,
  type RequestIdentity,
} from './errors.js';
import { statusToError } from './status-to-error.js';
import { readSuccessEnvelope, ResponseShapeError, type SuccessEnvelope } from './envelope.js';
import { emitLog, type PartnerApiLogger } from './logger.js';
import { encodeQuery, type QueryParams } from './query.js';
import type { SecretRegistry } from './secret-registry.js';
import { PARTNERS_MOUNT, signRequest } from './signing.js';
import type { SendWindow } from './request-window.js';
import { TransportFailure, type PartnerApiTransport, type TransportResponse } from './transport.js';

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
        throw new PartnerApiAbortedError(`${describeRequest(identity)} was cancelled`, {
          ...identity,
          ambiguous: false,
        });
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
        const error = this.transportError(failure, identity, isWrite);
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
        const error = statusToError({
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
          cause instanceof PartnerApiError ? cause : this.shapeError(cause, identity, isWrite);
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
      throw new PartnerApiConfigError(
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

  private transportError(
    failure: unknown,
    identity: RequestIdentity,
    isWrite: boolean,
  ): PartnerApiError {
    if (!(failure instanceof TransportFailure)) {
      return new PartnerApiNetworkError(`${describeRequest(identity)} failed: ${String(failure)}`, {
        ...identity,
        ambiguous: isWrite,
        cause: failure,
      });
    }
    const ambiguous = isWrite && failure.requestSent;
    const consequence = ambiguous
      ? '; the write may have been applied: reconcile before sending it again'
      : '';
    const details = { ...identity, ambiguous, cause: failure };
    if (failure.kind === 'aborted') {
      return new PartnerApiAbortedError(
        `${describeRequest(identity)} was cancelled${consequence}`,
        details,
      );
    }
    if (failure.kind === 'timeout') {
      return new PartnerApiTimeoutError(
        `${describeRequest(identity)} timed out: ${failure.message}${consequence}`,
        details,
      );
    }
    return new PartnerApiNetworkError(
      `${describeRequest(identity)} got no answer: ${failure.message}${consequence}`,
      details,
    );
  }

  private shapeError(
    cause: unknown,
    identity: RequestIdentity,
    isWrite: boolean,
  ): PartnerApiUnexpectedResponseError {
    const reason =
      cause instanceof ResponseShapeError
        ? cause.message
        : cause instanceof ZodError
          ? 'the response does not match the expected shape'
          : `the response could not be read (${cause instanceof Error ? cause.name : 'error'})`;
    return new PartnerApiUnexpectedResponseError(
      `${describeRequest(identity)} succeeded but ${reason}` +
        (isWrite ? '; the write was accepted: find the record by its natural key' : ''),
      { ...identity, ambiguous: isWrite, cause },
    );
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
      ...(error ? { errorType: error.name, ambiguous: error.ambiguous } : {}),
    });
  }
}

function describeRequest(identity: RequestIdentity): string {
  return `${identity.method} ${identity.path}`;
}

function headerText(response: TransportResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
