/**
 * The one error catalog (assumption T1): every failure leaves the sandbox as
 * `{"status":"error","message","code","errors"?}` with a stable code per HTTP status.
 */

export type ErrorCode =
  | 'validation_failed'
  | 'business_rule'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'lock_conflict'
  | 'rate_limited'
  | 'server_error';

/** One invalid field of a request (path-like `field`, e.g. `lineItems[0].price`). */
export interface FieldError {
  field: string;
  reason: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function validationFailed(message: string, errors?: FieldError[]): ApiError {
  return new ApiError(400, 'validation_failed', message, errors);
}

/** 400 for a well-formed request that a business rule forbids (state machine, balances, ...). */
export function businessRule(message: string): ApiError {
  return new ApiError(400, 'business_rule', message);
}

export function unauthorized(message: string): ApiError {
  return new ApiError(401, 'unauthorized', message);
}

export function forbidden(message: string): ApiError {
  return new ApiError(403, 'forbidden', message);
}

export function notFound(what: string, id?: string): ApiError {
  return new ApiError(
    404,
    'not_found',
    id ? `${what} ${id} was not found in this workspace` : what,
  );
}

export function conflict(message: string): ApiError {
  return new ApiError(409, 'conflict', message);
}

export function errorBody(error: ApiError): Record<string, unknown> {
  const body: Record<string, unknown> = {
    status: 'error',
    message: error.message,
    code: error.code,
  };
  if (error.errors && error.errors.length > 0) body.errors = error.errors;
  return body;
}
