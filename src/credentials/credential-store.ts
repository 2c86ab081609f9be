import { z } from 'zod';

/**
 * The credential store: where the worker side keeps what it needs to call the Partner API for one
 * workspace. Never workflow input, never history, never a log line.
 */

/** The token pair of one workspace grant, with the expiry datetimes the API returned. */
const storedTokensSchema = z.looseObject({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  /** ISO 8601 datetime; null when the API did not say (the client then relies on 401s). */
  accessTokenExpiresAt: z.string().nullable(),
  refreshTokenExpiresAt: z.string().nullable(),
});

/** One named connection: the partner app's credentials and the workspace grant made with them. */
const credentialProfileSchema = z.looseObject({
  baseUrl: z.string().min(1),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  workspaceId: z.string().nullable(),
  workspaceName: z.string().nullable(),
  tokens: storedTokensSchema.nullable(),
  /** When this profile was last written (ISO 8601), for operators reading the file. */
  updatedAt: z.string().optional(),
});

/** The whole file: versioned so a later format can migrate it. */
export const credentialFileSchema = z.object({
  version: z.literal(1),
  profiles: z.record(z.string(), credentialProfileSchema),
});

export type StoredTokens = z.infer<typeof storedTokensSchema>;
export type CredentialProfile = z.infer<typeof credentialProfileSchema>;
export type CredentialFile = z.infer<typeof credentialFileSchema>;

/** The default profile name when neither an option nor `LEDGERLIFT_PROFILE` names one. */
export const DEFAULT_PROFILE_NAME = 'default';

/** Reads and writes made while holding the store's exclusive lock. */
export interface LockedCredentialStore {
  read(profileName: string): Promise<CredentialProfile | undefined>;
  write(profileName: string, profile: CredentialProfile): Promise<void>;
}

/** Options for taking the store's exclusive lock. */
export interface LockOptions {
  /** Give up waiting after this long (default 60 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * A credential store. Reads never need the lock (writes replace the whole file atomically); every
 * read-modify-write, and every token refresh, runs inside `withLock` so that two processes sharing
 * the store never interleave.
 */
export interface CredentialStore {
  /** Where the store lives, for messages (a file path; never contents). */
  readonly location: string;
  getProfile(profileName: string): Promise<CredentialProfile | undefined>;
  listProfiles(): Promise<string[]>;
  /** Creates or replaces a profile (takes the lock). */
  putProfile(profileName: string, profile: CredentialProfile): Promise<void>;
  /** Removes a profile (takes the lock); resolves false when there was none. */
  deleteProfile(profileName: string): Promise<boolean>;
  /** Runs `work` while holding the store's exclusive lock (across processes for the file store). */
  withLock<T>(
    work: (locked: LockedCredentialStore) => Promise<T>,
    options?: LockOptions,
  ): Promise<T>;
}

// Failures of the credential store itself. Messages name the file, never its contents.

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
