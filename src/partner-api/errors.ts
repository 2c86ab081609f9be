/**
 * The one error taxonomy of the Partner API client (docs/partner-api-client.md, "Errors"). Every failure of a call is
 * one of these classes. Each has a stable `name`, which becomes the Temporal failure `type` that
 * workflows branch on, and says whether retrying can help (`retryable`) and whether a write may
 * have been applied even though no answer arrived (`ambiguous`: reconcile by natural key before
 * sending it again).
 */

/** The `name` of every error class; workflows compare `failure.type` against these strings. */
export type PartnerApiErrorType =
  | 'PartnerApiNetworkError'
  | 'PartnerApiTimeoutError'
  | 'PartnerApiServerError'
  | 'PartnerApiRateLimitError'
  | 'PartnerApiValidationError'
  | 'PartnerApiCredentialError'
  | 'PartnerApiForbiddenError'
  | 'PartnerApiNotFoundError'
  | 'PartnerApiConflictError'
  | 'PartnerApiUnexpectedStatusError'
  | 'PartnerApiUnexpectedResponseError'
  | 'PartnerApiAbortedError'
  | 'PartnerApiConfigError'
  | 'PartnerApiInvalidRequestError';

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

/** Everything a `PartnerApiError` carries besides its message. */
export interface PartnerApiErrorDetails extends Partial<RequestIdentity> {
  status?: number;
  retryAfterMs?: number;
  /** The API's stable `code` from the error body, when it sent one. */
  apiCode?: string;
  apiErrors?: ApiFieldError[];
  cause?: unknown;
}

/** The plain-data form of any error, for `ApplicationFailure` at the activity boundary. */
export interface PartnerApiErrorDescription {
  /** The class name: `PartnerApiValidationError`, ... (or the `name` of a foreign error). */
  type: string;
  message: string;
  /** False for terminal errors: retrying the same call cannot succeed. */
  retryable: boolean;
  /** A write may have been applied: reconcile by natural key before retrying. */
  ambiguous: boolean;
  /** The delay to wait before the next attempt, when the error dictates one. */
  retryAfterMs?: number;
  status?: number;
  apiCode?: string;
  apiErrors?: ApiFieldError[];
}

/** The base of the taxonomy; catch this to catch every client failure. */
export abstract class PartnerApiError extends Error {
  abstract override readonly name: PartnerApiErrorType;
  abstract readonly retryable: boolean;
  readonly ambiguous: boolean = false;
  readonly method?: string;
  readonly path?: string;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly apiCode?: string;
  readonly apiErrors?: ApiFieldError[];

  constructor(message: string, details: PartnerApiErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.method = details.method;
    this.path = details.path;
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
    this.apiCode = details.apiCode;
    this.apiErrors = details.apiErrors;
  }

  /** The plain-data description (also what `JSON.stringify` writes). */
  toJSON(): PartnerApiErrorDescription {
    return dropUndefined({
      type: this.name,
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

/** The request never got an answer: refused, reset, DNS failure, truncated response. Transient. */
export class PartnerApiNetworkError extends PartnerApiError {
  override readonly name = 'PartnerApiNetworkError';
  readonly retryable = true;
  override readonly ambiguous: boolean;
  constructor(message: string, details: PartnerApiErrorDetails & { ambiguous: boolean }) {
    super(message, details);
    this.ambiguous = details.ambiguous;
  }
}

/** No complete answer within the timeout (or a 408). Transient; ambiguous for a sent write. */
export class PartnerApiTimeoutError extends PartnerApiError {
  override readonly name = 'PartnerApiTimeoutError';
  readonly retryable = true;
  override readonly ambiguous: boolean;
  constructor(message: string, details: PartnerApiErrorDetails & { ambiguous: boolean }) {
    super(message, details);
    this.ambiguous = details.ambiguous;
  }
}

/** A 5xx answer. Transient; ambiguous for a write (the server may have committed first). */
export class PartnerApiServerError extends PartnerApiError {
  override readonly name = 'PartnerApiServerError';
  readonly retryable = true;
  override readonly ambiguous: boolean;
  constructor(message: string, details: PartnerApiErrorDetails & { ambiguous: boolean }) {
    super(message, details);
    this.ambiguous = details.ambiguous;
  }
}

/** A 429. Transient; `retryAfterMs` holds Retry-After when the API sent one. Never applied. */
export class PartnerApiRateLimitError extends PartnerApiError {
  override readonly name = 'PartnerApiRateLimitError';
  readonly retryable = true;
}

/** A 400: validation or a business rule. Terminal; the message quotes the API's reason. */
export class PartnerApiValidationError extends PartnerApiError {
  override readonly name = 'PartnerApiValidationError';
  readonly retryable = false;
}

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
  | 'grant_rejected';

/**
 * A credential problem: the run must pause for the operator (reconnect, fix the secret or clock).
 * Terminal for the call. Distinct from every other type so workflows can branch on it.
 */
export class PartnerApiCredentialError extends PartnerApiError {
  override readonly name = 'PartnerApiCredentialError';
  readonly retryable = false;
  readonly problem: CredentialProblem;
  constructor(message: string, details: PartnerApiErrorDetails & { problem: CredentialProblem }) {
    super(message, details);
    this.problem = details.problem;
  }
}

/** A 403: the grant lacks access to the workspace or resource. Terminal. */
export class PartnerApiForbiddenError extends PartnerApiError {
  override readonly name = 'PartnerApiForbiddenError';
  readonly retryable = false;
}

/** A 404: the UUID is not in the workspace. Terminal, and distinct (after a delete it can mean done). */
export class PartnerApiNotFoundError extends PartnerApiError {
  override readonly name = 'PartnerApiNotFoundError';
  readonly retryable = false;
}

/** A 409: an existing state conflicts (opening balance exists, lock conflict). Terminal. */
export class PartnerApiConflictError extends PartnerApiError {
  override readonly name = 'PartnerApiConflictError';
  readonly retryable = false;
}

/** A status the contract does not list (3xx, 405, 413, ...). Terminal. */
export class PartnerApiUnexpectedStatusError extends PartnerApiError {
  override readonly name = 'PartnerApiUnexpectedStatusError';
  readonly retryable = false;
}

/**
 * A 2xx whose body is not the documented shape (not JSON, or a schema mismatch). Terminal: the
 * same call would get the same body. For a write the API accepted the request, so it is
 * `ambiguous`: find the record by natural key instead of sending it again.
 */
export class PartnerApiUnexpectedResponseError extends PartnerApiError {
  override readonly name = 'PartnerApiUnexpectedResponseError';
  readonly retryable = false;
  override readonly ambiguous: boolean;
  constructor(message: string, details: PartnerApiErrorDetails & { ambiguous: boolean }) {
    super(message, details);
    this.ambiguous = details.ambiguous;
  }
}

/** The caller's AbortSignal fired (for example Temporal activity cancellation). */
export class PartnerApiAbortedError extends PartnerApiError {
  override readonly name = 'PartnerApiAbortedError';
  /** Nothing about the request was wrong; a later attempt may run it. */
  readonly retryable = true;
  override readonly ambiguous: boolean;
  constructor(message: string, details: PartnerApiErrorDetails & { ambiguous: boolean }) {
    super(message, details);
    this.ambiguous = details.ambiguous;
  }
}

/** The client is misconfigured (missing base URL, client id or secret). Terminal. */
export class PartnerApiConfigError extends PartnerApiError {
  override readonly name = 'PartnerApiConfigError';
  readonly retryable = false;
}

/** A request failed the client's own validation and was never sent. Terminal. */
export class PartnerApiInvalidRequestError extends PartnerApiError {
  override readonly name = 'PartnerApiInvalidRequestError';
  readonly retryable = false;
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
