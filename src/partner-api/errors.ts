import { ZodError } from 'zod';
import {
  CredentialStoreError,
  CredentialStoreLockTimeoutError,
} from '../credentials/credential-store.js';
import { ResponseShapeError } from './envelope.js';
import { API_RETRY_SCHEDULE, scheduledDelayMs } from './retry-schedule.js';
import { TransportFailure } from './transport.js';

/**
 * The one error of the Partner API client (docs/partner-api-client.md, "Errors"). Every failure of
 * a call is a `PartnerApiError`; its `kind` says what went wrong, `retryable` whether the same call
 * can succeed later, and `ambiguous` whether a write may have been applied although no answer
 * arrived (reconcile by natural key before sending it again). Workflows never see it: the activity
 * boundary (activities/activity-boundary.ts) turns it into an `ApplicationFailure` whose
 * `type` is one of src/migration/contracts/failure-types.ts.
 */
export type PartnerApiErrorKind =
  /** No answer: refused, reset, DNS failure, truncated response. Ambiguous for a sent write. */
  | 'network'
  /** No complete answer within the timeout, or a 408. Ambiguous for a sent write. */
  | 'timeout'
  /** A 5xx. Ambiguous for a write (the server may have committed first). */
  | 'server'
  /** A 429; `retryAfterMs` holds Retry-After when the API sent one. Never applied. */
  | 'rate-limited'
  /** A 400: validation or a business rule; the message quotes the API's reason. */
  | 'validation'
  /** Credentials refused or missing (`problem` says which): the operator must reconnect. */
  | 'credential'
  /** A 403: the grant lacks access to the workspace or resource. */
  | 'forbidden'
  /** A 404: the UUID is not in the workspace (after a delete it can mean done). */
  | 'not-found'
  /** A 409: an existing state conflicts (opening balance exists, lock conflict). */
  | 'conflict'
  /** A status the contract does not list (3xx, 405, 413, ...). Ambiguous for a write. */
  | 'unexpected-status'
  /** A 2xx whose body is not the documented shape; ambiguous for a write (it was accepted). */
  | 'unexpected-response'
  /** The caller's AbortSignal fired (for example Temporal activity cancellation). */
  | 'aborted'
  /** The client is misconfigured (missing base URL, client id or secret) or closed. */
  | 'config'
  /** A request failed the client's own validation and was never sent. */
  | 'invalid-request';

/** The kinds a later attempt of the same call may get past. */
const RETRYABLE_KINDS: ReadonlySet<PartnerApiErrorKind> = new Set([
  'network',
  'timeout',
  'server',
  'rate-limited',
  'aborted',
]);

/** Why a credential problem happened; the operator's fix differs. */
export type CredentialProblem =
  /** 401 even after one refresh: revoked grant, wrong secret, or a badly skewed clock. */
  | 'unauthorized'
  /** The refresh route rejected the refresh token (400/401/403). */
  | 'refresh_rejected'
  /** The stored refresh token is past its expiry. */
  | 'refresh_token_expired'
  /** No profile or no tokens: `ledgerlift connect` was never run for this profile. */
  | 'not_connected'
  /** The authorization code was rejected during `ledgerlift connect`. */
  | 'grant_rejected'
  /** The credential store failed under the call: unreadable, malformed, or its lock held too long. */
  | 'store_failed';

/** One field-level reason from a 400 body (`errors[]`, docs/api-assumptions.md T1). */
export interface ApiFieldError {
  field?: string;
  reason?: string;
  message?: string;
}

/** Which request failed: method and path (never the query, which can carry names). */
export interface RequestIdentity {
  method: string;
  /** The request path, for example `/partners/customers/…`, without the query string. */
  path: string;
}

/** Everything a `PartnerApiError` carries besides its kind and message. */
export interface PartnerApiErrorDetails extends Partial<RequestIdentity> {
  status?: number;
  retryAfterMs?: number;
  /** The API's stable `code` from the error body, when it sent one. */
  apiCode?: string;
  apiErrors?: ApiFieldError[];
  /**
   * A write may have been applied (network, timeout, server, unexpected-status, unexpected-response,
   * aborted).
   */
  ambiguous?: boolean;
  /** Set on `credential` errors. */
  problem?: CredentialProblem;
  cause?: unknown;
}

/** The plain data of a `PartnerApiError` (what `JSON.stringify` writes). */
export interface PartnerApiErrorData {
  kind: PartnerApiErrorKind;
  message: string;
  retryable: boolean;
  ambiguous: boolean;
  retryAfterMs?: number;
  status?: number;
  apiCode?: string;
  apiErrors?: ApiFieldError[];
}

/** Every failure of a Partner API call. */
export class PartnerApiError extends Error {
  override readonly name = 'PartnerApiError';
  readonly retryable: boolean;
  readonly ambiguous: boolean;
  readonly method?: string;
  readonly path?: string;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly apiCode?: string;
  readonly apiErrors?: ApiFieldError[];
  readonly problem?: CredentialProblem;

  constructor(
    readonly kind: PartnerApiErrorKind,
    message: string,
    details: PartnerApiErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.retryable = RETRYABLE_KINDS.has(kind);
    this.ambiguous = details.ambiguous ?? false;
    this.method = details.method;
    this.path = details.path;
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
    this.apiCode = details.apiCode;
    this.apiErrors = details.apiErrors;
    this.problem = details.problem;
  }

  toJSON(): PartnerApiErrorData {
    return dropUndefined({
      kind: this.kind,
      message: this.message,
      retryable: this.retryable,
      ambiguous: this.ambiguous,
      retryAfterMs: this.retryAfterMs,
      status: this.status,
      apiCode: this.apiCode,
      apiErrors: this.apiErrors,
    });
  }
}

/** The longest reason quoted from an error body. */
const MAX_QUOTED_CHARS = 500;

/** What the client knows of a non-2xx answer. */
export interface HttpErrorAnswer extends RequestIdentity {
  status: number;
  /** Whether the request could change state (POST, PUT, PATCH, DELETE, except read-only reports). */
  isWrite: boolean;
  bodyText: string;
  retryAfterHeader?: string;
  nowMs: number;
  /** Scrubs known secrets from text quoted from the API. */
  redact?: (text: string) => string;
}

/** The error of a non-2xx answer: the one mapping from an HTTP status to a kind. */
export function errorFromStatus(answer: HttpErrorAnswer): PartnerApiError {
  const { status, method, path, isWrite } = answer;
  const body = readErrorBody(answer.bodyText, answer.redact ?? ((text) => text));
  const where = `${status} on ${method} ${path}`;
  const details: PartnerApiErrorDetails = {
    method,
    path,
    status,
    apiCode: body.code,
    apiErrors: body.errors,
  };
  const reason = body.reason ? `: ${body.reason}` : '';
  if (status === 400) {
    return new PartnerApiError(
      'validation',
      `The Partner API rejected the request (${where})${reason}`,
      details,
    );
  }
  if (status === 401) {
    return new PartnerApiError(
      'credential',
      `The Partner API refused the credentials (${where})${reason}. Reconnect with ` +
        '`ledgerlift connect`, or check the client id, the client secret and the clock.',
      { ...details, problem: 'unauthorized' },
    );
  }
  if (status === 403) {
    return new PartnerApiError(
      'forbidden',
      `The grant has no access to this workspace or resource (${where})${reason}`,
      details,
    );
  }
  if (status === 404) {
    return new PartnerApiError(
      'not-found',
      `Not found in the workspace (${where})${reason}`,
      details,
    );
  }
  if (status === 409) {
    return new PartnerApiError(
      'conflict',
      `The request conflicts with the workspace (${where})${reason}`,
      details,
    );
  }
  if (status === 408) {
    return new PartnerApiError(
      'timeout',
      `The Partner API timed out the request (${where})${reason}`,
      { ...details, ambiguous: isWrite },
    );
  }
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(answer.retryAfterHeader, answer.nowMs);
    return new PartnerApiError(
      'rate-limited',
      `Rate limited by the Partner API (${where})` +
        (retryAfterMs === undefined ? '' : `; retry after ${retryAfterMs} ms`),
      { ...details, retryAfterMs },
    );
  }
  if (status >= 500 && status <= 599) {
    return new PartnerApiError(
      'server',
      `The Partner API failed (${where})${reason}` +
        (isWrite ? '; the write may have been applied' : ''),
      { ...details, ambiguous: isWrite },
    );
  }
  // The statuses above are the spec's refusals, which apply nothing (its "Errors" table). Of any
  // other answer to a write the spec says nothing, so it may follow a commit: look before resending.
  return new PartnerApiError(
    'unexpected-status',
    `Unexpected answer from the Partner API (${where})${reason}` +
      (isWrite ? '; the write may have been applied' : ''),
    { ...details, ambiguous: isWrite },
  );
}

/** The error of an exchange that got no answer (a `TransportFailure`, or anything the transport threw). */
export function errorFromTransport(
  failure: unknown,
  identity: RequestIdentity,
  isWrite: boolean,
): PartnerApiError {
  const request = describeRequest(identity);
  if (!(failure instanceof TransportFailure)) {
    return new PartnerApiError('network', `${request} failed: ${String(failure)}`, {
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
    return new PartnerApiError('aborted', `${request} was cancelled${consequence}`, details);
  }
  if (failure.kind === 'timeout') {
    return new PartnerApiError(
      'timeout',
      `${request} timed out: ${failure.message}${consequence}`,
      details,
    );
  }
  return new PartnerApiError(
    'network',
    `${request} got no answer: ${failure.message}${consequence}`,
    details,
  );
}

/** The error of a 2xx whose body could not be read as the documented shape. */
export function errorFromBody(
  cause: unknown,
  identity: RequestIdentity,
  isWrite: boolean,
): PartnerApiError {
  const reason =
    cause instanceof ResponseShapeError
      ? cause.message
      : cause instanceof ZodError
        ? 'the response does not match the expected shape'
        : `the response could not be read (${cause instanceof Error ? cause.name : 'error'})`;
  return new PartnerApiError(
    'unexpected-response',
    `${describeRequest(identity)} succeeded but ${reason}` +
      (isWrite ? '; the write was accepted: find the record by its natural key' : ''),
    { ...identity, ambiguous: isWrite, cause },
  );
}

/**
 * The error of a call whose credential store failed (the store's message names the file, never
 * its contents); anything else is returned as it is.
 */
export function errorFromCredentialStore(error: unknown): unknown {
  if (error instanceof CredentialStoreError || error instanceof CredentialStoreLockTimeoutError) {
    return new PartnerApiError('credential', error.message, {
      problem: 'store_failed',
      cause: error,
    });
  }
  return error;
}

/**
 * The error for a profile with no stored workspace: it names the profiles the store does hold, so
 * a mistyped or defaulted `--profile` is fixed at once (issue: following the README against the dev
 * stack asked for a profile nobody had connected, and said nothing of `sandbox`).
 */
export function missingProfileError(
  profileName: string,
  location: string,
  existing: readonly string[],
): PartnerApiError {
  const others = existing.filter((name) => name !== profileName);
  const choice =
    others.length > 0
      ? `Profiles there: ${others.join(', ')}; use one (--profile ${others[0]}) or run \`ledgerlift connect --profile ${profileName}\`.`
      : `It holds no profile yet: run \`ledgerlift connect --profile ${profileName}\` first.`;
  return new PartnerApiError(
    'credential',
    `No workspace is connected for profile "${profileName}" in ${location}. ${choice}`,
    { problem: 'not_connected' },
  );
}

/** "METHOD /path", how messages name a request. */
export function describeRequest(identity: RequestIdentity): string {
  return `${identity.method} ${identity.path}`;
}

/**
 * Parses a `Retry-After` header: delta seconds ("3") or an HTTP date. Returns milliseconds from
 * `nowMs` (never negative), or undefined when the header is absent or unreadable.
 */
export function parseRetryAfter(header: string | undefined, nowMs: number): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/** Exponential growth stops here; Temporal's maximum interval may cap it further. */
export const MAX_RETRY_DELAY_MS = API_RETRY_SCHEDULE.maximumDelayMs;

/**
 * The single retry policy: how long to wait before attempt `attempt + 1`, given that attempt
 * `attempt` (1-based, Temporal's `info.attempt`) failed with `error`.
 *
 * - 429: the API's Retry-After when it sent one, else 1 s, 2 s, 4 s, ... by attempt.
 * - other retryable errors (network, timeout, 5xx): 1 s, 2 s, 4 s, ... by attempt.
 * - terminal errors: undefined (do not retry).
 *
 * Deterministic (no jitter) so tests and dry-run estimates can predict it.
 */
export function retryDelayMs(error: unknown, attempt: number): number | undefined {
  if (error instanceof PartnerApiError) {
    if (error.kind === 'rate-limited') return error.retryAfterMs ?? scheduledDelayMs(attempt);
    return error.retryable ? scheduledDelayMs(attempt) : undefined;
  }
  const flags = error as { retryable?: unknown } | null;
  if (typeof flags === 'object' && flags !== null && flags.retryable === false) return undefined;
  return scheduledDelayMs(attempt);
}

/** Reads an error body (T1 shape when JSON, else its text) into a one-line reason. */
function readErrorBody(
  text: string,
  redact: (text: string) => string,
): { reason?: string; code?: string; errors?: ApiFieldError[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const raw = text.replace(/\s+/g, ' ').trim();
    return raw === '' ? {} : { reason: redact(truncate(raw)) };
  }
  if (typeof json !== 'object' || json === null) return { reason: redact(truncate(String(text))) };
  const record = json as Record<string, unknown>;
  const message = typeof record.message === 'string' ? record.message : undefined;
  // Every quoted field is scrubbed: a hostile or careless server may echo a secret in any of them.
  const code = typeof record.code === 'string' ? redact(truncate(record.code)) : undefined;
  const errors = Array.isArray(record.errors)
    ? record.errors.filter(isObject).map((entry) => ({
        field: stringOrUndefined(entry.field),
        reason: stringOrUndefined(entry.reason),
        message: stringOrUndefined(entry.message),
      }))
    : undefined;
  const fieldText = errors
    ?.map((entry) => [entry.field, entry.message ?? entry.reason].filter(Boolean).join(': '))
    .filter((line) => line !== '')
    .join('; ');
  const reason = [message, fieldText].filter((part) => part).join(' — ');
  return {
    reason: reason === '' ? undefined : redact(truncate(reason)),
    code,
    errors: errors?.map((entry) => ({
      field: scrubbed(entry.field, redact),
      reason: scrubbed(entry.reason, redact),
      message: scrubbed(entry.message, redact),
    })),
  };
}

function scrubbed(text: string | undefined, redact: (text: string) => string): string | undefined {
  return text === undefined ? undefined : redact(truncate(text));
}

function truncate(text: string): string {
  return text.length > MAX_QUOTED_CHARS ? `${text.slice(0, MAX_QUOTED_CHARS)}…` : text;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
