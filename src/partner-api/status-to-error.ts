import {
  PartnerApiConflictError,
  PartnerApiCredentialError,
  PartnerApiForbiddenError,
  PartnerApiNotFoundError,
  PartnerApiRateLimitError,
  PartnerApiServerError,
  PartnerApiTimeoutError,
  PartnerApiUnexpectedStatusError,
  PartnerApiValidationError,
  type ApiFieldError,
  type PartnerApiError,
  type PartnerApiErrorDetails,
  type RequestIdentity,
} from './errors.js';
import { parseRetryAfter } from './retry-after.js';

/** The longest reason quoted from an error body. */
const MAX_QUOTED_CHARS = 500;

/** What `statusToError` needs to know about a non-2xx answer. */
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

/** The one mapping from an HTTP status to an error class (stripe-node style). */
export function statusToError(answer: HttpErrorAnswer): PartnerApiError {
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
    return new PartnerApiValidationError(
      `The Partner API rejected the request (${where})${reason}`,
      details,
    );
  }
  if (status === 401) {
    return new PartnerApiCredentialError(
      `The Partner API refused the credentials (${where})${reason}. Reconnect with ` +
        '`ledgerlift connect`, or check the client id, the client secret and the clock.',
      { ...details, problem: 'unauthorized' },
    );
  }
  if (status === 403) {
    return new PartnerApiForbiddenError(
      `The grant has no access to this workspace or resource (${where})${reason}`,
      details,
    );
  }
  if (status === 404) {
    return new PartnerApiNotFoundError(`Not found in the workspace (${where})${reason}`, details);
  }
  if (status === 409) {
    return new PartnerApiConflictError(
      `The request conflicts with the workspace (${where})${reason}`,
      details,
    );
  }
  if (status === 408) {
    return new PartnerApiTimeoutError(`The Partner API timed out the request (${where})${reason}`, {
      ...details,
      ambiguous: isWrite,
    });
  }
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(answer.retryAfterHeader, answer.nowMs);
    return new PartnerApiRateLimitError(
      `Rate limited by the Partner API (${where})` +
        (retryAfterMs === undefined ? '' : `; retry after ${retryAfterMs} ms`),
      { ...details, retryAfterMs },
    );
  }
  if (status >= 500 && status <= 599) {
    return new PartnerApiServerError(
      `The Partner API failed (${where})${reason}` +
        (isWrite ? '; the write may have been applied' : ''),
      { ...details, ambiguous: isWrite },
    );
  }
  return new PartnerApiUnexpectedStatusError(
    `Unexpected answer from the Partner API (${where})${reason}`,
    details,
  );
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
