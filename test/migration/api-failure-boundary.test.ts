import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { toApplicationFailure } from '../../activities/activity-boundary.js';
import { CredentialStoreLockTimeoutError } from '../../src/credentials/credential-store.js';
import { refusalOf } from '../../src/migration/engine/call-failure.js';
import {
  errorFromBody,
  errorFromCredentialStore,
  errorFromStatus,
  PartnerApiError,
} from '../../src/partner-api/errors.js';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');

function answer(status: number, options: { isWrite?: boolean; retryAfter?: string } = {}) {
  return errorFromStatus({
    status,
    method: options.isWrite === false ? 'GET' : 'POST',
    path: '/partners/invoices',
    isWrite: options.isWrite ?? true,
    bodyText: JSON.stringify({ message: 'Nope.' }),
    retryAfterHeader: options.retryAfter,
    nowMs: NOW,
  });
}

function failureOf(error: unknown): ApplicationFailure {
  const failure = toApplicationFailure(error);
  expect(failure).toBeInstanceOf(ApplicationFailure);
  return failure as ApplicationFailure;
}

describe('the activity boundary', () => {
  it('pauses the run on credential, configuration and permission problems', () => {
    expect(failureOf(answer(401))).toMatchObject({ type: 'CredentialProblem', nonRetryable: true });
    expect(failureOf(new PartnerApiError('config', 'no client id'))).toMatchObject({
      type: 'CredentialProblem',
      nonRetryable: true,
      message: 'no client id',
    });
    expect(
      failureOf(errorFromCredentialStore(new CredentialStoreLockTimeoutError('busy'))),
    ).toMatchObject({
      type: 'CredentialProblem',
      nonRetryable: true,
    });
    expect(failureOf(answer(403))).toMatchObject({ type: 'PermissionDenied', nonRetryable: true });
  });

  it("retries a 429 after the API's Retry-After, and pauses when the wait is a quota", () => {
    expect(failureOf(answer(429, { retryAfter: '3' }))).toMatchObject({
      type: 'RateLimited',
      nonRetryable: false,
      nextRetryDelay: 3000,
    });
    const quota = failureOf(answer(429, { retryAfter: '600' }));
    expect(quota).toMatchObject({ type: 'QuotaExhausted', nonRetryable: true });
    expect(quota.message).toContain('(the API asks to wait 600 s)');
  });

  it('retries a write that may have been applied as ambiguous, anything else as transient', () => {
    const write = answer(500);
    expect(failureOf(write)).toMatchObject({
      type: 'AmbiguousWrite',
      nonRetryable: false,
      message: write.message,
    });
    expect(failureOf(answer(500, { isWrite: false }))).toMatchObject({
      type: 'TransientFailure',
      nonRetryable: false,
    });
  });

  it('retries an answer Ledgerlift cannot read as its own failure type, read or write', () => {
    const request = { method: 'POST', path: '/partners/invoices' };
    const write = errorFromBody(new SyntaxError('not JSON'), request, true);
    expect(failureOf(write)).toMatchObject({
      type: 'UnexpectedResponse',
      nonRetryable: false,
      message: write.message,
    });
    const read = errorFromBody(new SyntaxError('not JSON'), { ...request, method: 'GET' }, false);
    expect(failureOf(read)).toMatchObject({ type: 'UnexpectedResponse', nonRetryable: false });
  });

  it('leaves errors that are not the API client’s as they are', () => {
    const bug = new TypeError('bug');
    expect(toApplicationFailure(bug)).toBe(bug);
  });
});

describe('a refused call', () => {
  it("fails its rows with the API's status and reason; other failures are retried", () => {
    expect(refusalOf(answer(400))).toEqual({ code: 'api.400', reason: answer(400).message });
    expect(refusalOf(answer(404))?.code).toBe('api.404');
    expect(refusalOf(answer(409))?.code).toBe('api.409');
    expect(refusalOf(new PartnerApiError('invalid-request', 'invalid invoice'))?.code).toBe(
      'api.400',
    );
    expect(refusalOf(answer(500))).toBeUndefined();
    // A status the spec does not list may follow a commit: not a refusal of a write.
    expect(refusalOf(answer(405))).toBeUndefined();
    expect(refusalOf(answer(405, { isWrite: false }))?.code).toBe('api.405');
    expect(refusalOf(answer(429))).toBeUndefined();
    expect(refusalOf(new Error('the API was slow'))).toBeUndefined();
  });
});
