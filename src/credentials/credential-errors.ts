/**
 * Failures of the credential store itself. Messages name the file, never its contents.
 */

/** The store cannot be read or written (unreadable, malformed, too permissive, disk full). */
export class CredentialStoreError extends Error {
  override readonly name = 'CredentialStoreError';
  /** Fixing it needs an operator, so retrying does not help. */
  readonly retryable = false;
  readonly ambiguous = false;
}

/** Another process held the store's lock for longer than we were willing to wait. */
export class CredentialStoreLockTimeoutError extends Error {
  override readonly name = 'CredentialStoreLockTimeoutError';
  /** The holder is usually a slow refresh; a later attempt normally gets the lock. */
  readonly retryable = true;
  readonly ambiguous = false;
}
