import type {
  CredentialProfile,
  CredentialStore,
  StoredTokens,
} from '../credentials/credential-store.js';
import { PartnerApiError } from './errors.js';
import { missingProfileError } from './errors.js';
import { emitLog, type PartnerApiLogger } from './logger.js';
import type { AccessTokenSource } from './request-executor.js';
import type { TokenGrant } from './token-exchange.js';
import type { SecretRegistry } from './secret-registry.js';

/** Spends a refresh token for a new pair (the refresh route). */
type RefreshExchange = (refreshToken: string) => Promise<TokenGrant>;

/** Dependencies of the token manager. */
export interface TokenManagerDeps {
  store: CredentialStore;
  profileName: string;
  refresh: RefreshExchange;
  clock: () => number;
  /** Refresh when the access token expires within this many ms (default 60 s). */
  refreshMarginMs?: number;
  /** How long to wait for another process's refresh (the credential lock), default 60 s. */
  lockTimeoutMs?: number;
  secrets: SecretRegistry;
  logger?: PartnerApiLogger;
}

/** `mustIssue`: only a pair the server issues after this request will do (see `rejected`). */
type Trigger = { reason: 'expiring' } | { reason: 'rejected'; token: string; mustIssue: boolean };

/** The pair to use, and whether the server issued it for this refresh (not adopted or held). */
interface RefreshOutcome {
  tokens: StoredTokens;
  issued: boolean;
}

const DEFAULT_REFRESH_MARGIN_MS = 60_000;

/**
 * Keeps one profile's access token fresh. Refresh is single-flight twice over: callers in this
 * process share one promise, and processes sharing the credential file take its exclusive lock,
 * re-read the profile under it, and skip the refresh when another process already rotated the
 * pair. The new pair is persisted before anyone uses it, so a rotated refresh token is never lost.
 */
export class TokenManager implements AccessTokenSource {
  private tokens: StoredTokens | undefined;
  private inFlight: Promise<RefreshOutcome> | undefined;
  private readonly marginMs: number;

  constructor(private readonly deps: TokenManagerDeps) {
    this.marginMs = deps.refreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS;
  }

  /** A token valid for at least the margin, refreshing first when needed. */
  async current(signal?: AbortSignal): Promise<string> {
    const tokens = this.tokens ?? (await this.load());
    if (!this.expiresSoon(tokens)) return tokens.accessToken;
    return (await this.awaitRefresh({ reason: 'expiring' }, signal)).tokens.accessToken;
  }

  /**
   * The API refused `token`: refresh, unless a newer pair was obtained since it was handed out.
   * True when the server issued a pair after this request (here or in another process); false
   * when the caller merely switches to a newer token held, stored, or issued by a refresh that was
   * already under way (that pair can be dead too: a jump of the server's clock while it ran kills
   * both). With `mustIssue`, a caller that has switched enough gets a pair issued for it.
   */
  async rejected(
    token: string,
    signal?: AbortSignal,
    options: { mustIssue?: boolean } = {},
  ): Promise<boolean> {
    const trigger: Trigger = { reason: 'rejected', token, mustIssue: options.mustIssue === true };
    return (await this.awaitRefresh(trigger, signal)).issued;
  }

  /** Refreshes now whatever the expiry says (single-flight like any refresh); the new pair. */
  async refreshNow(signal?: AbortSignal): Promise<StoredTokens> {
    const tokens = this.tokens ?? (await this.load());
    const trigger: Trigger = { reason: 'rejected', token: tokens.accessToken, mustIssue: false };
    return (await this.awaitRefresh(trigger, signal)).tokens;
  }

  private async load(): Promise<StoredTokens> {
    const profile = await this.deps.store.getProfile(this.deps.profileName);
    if (!profile?.tokens) {
      const existing = await this.deps.store.listProfiles().catch(() => []);
      throw missingProfileError(this.deps.profileName, this.deps.store.location, existing);
    }
    this.tokens = this.tokensOf(profile);
    return this.tokens;
  }

  private tokensOf(profile: CredentialProfile | undefined): StoredTokens {
    if (!profile?.tokens) {
      throw new PartnerApiError(
        'credential',
        `No workspace is connected for profile "${this.deps.profileName}" in ` +
          `${this.deps.store.location}; run \`ledgerlift connect\` first.`,
        { problem: 'not_connected' },
      );
    }
    this.deps.secrets.add(profile.tokens.accessToken, { longLived: true });
    this.deps.secrets.add(profile.tokens.refreshToken, { longLived: true });
    return profile.tokens;
  }

  private expiresSoon(tokens: StoredTokens): boolean {
    const expiresAt = parseInstant(tokens.accessTokenExpiresAt);
    // Without an expiry we cannot refresh ahead of time; a 401 will trigger it instead.
    return expiresAt !== undefined && expiresAt - this.deps.clock() <= this.marginMs;
  }

  /** Whether `tokens` answer `trigger` without a new pair from the server. */
  private isSatisfiedBy(tokens: StoredTokens | undefined, trigger: Trigger): boolean {
    if (!tokens || this.expiresSoon(tokens)) return false;
    if (trigger.reason === 'expiring') return true;
    return !trigger.mustIssue && tokens.accessToken !== trigger.token;
  }

  /** Joins the refresh in flight or starts one; the caller's signal only stops the caller waiting. */
  private async awaitRefresh(trigger: Trigger, signal?: AbortSignal): Promise<RefreshOutcome> {
    if (this.isSatisfiedBy(this.tokens, trigger)) {
      return { tokens: this.tokens as StoredTokens, issued: false };
    }
    const earlier = this.inFlight;
    if (earlier && trigger.reason === 'expiring') return abortable(earlier, signal);
    if (earlier) {
      // It was sent before this token was refused, so its pair may be no better: judge it afresh
      // once it lands (a newer pair is a switch), and refresh again if it is not enough.
      await abortable(earlier, signal);
      if (this.isSatisfiedBy(this.tokens, trigger)) {
        return { tokens: this.tokens as StoredTokens, issued: false };
      }
    }
    // Not tied to any caller's signal: abandoning a refresh halfway could lose the rotated pair.
    // One started by someone else after `earlier` landed was sent after this request: join it.
    this.inFlight ??= this.refreshUnderLock(trigger).finally(() => {
      this.inFlight = undefined;
    });
    return abortable(this.inFlight, signal);
  }

  private async refreshUnderLock(trigger: Trigger): Promise<RefreshOutcome> {
    const startedAt = Date.now();
    try {
      const outcome = await this.deps.store.withLock(
        async (locked) => {
          const profile = await locked.read(this.deps.profileName);
          const stored = this.tokensOf(profile);
          // Another process (or an earlier refresh here) rotated the pair while we waited.
          if (this.isSatisfiedBy(stored, trigger)) return { tokens: stored, issued: false };
          const refreshExpiresAt = parseInstant(stored.refreshTokenExpiresAt);
          if (refreshExpiresAt !== undefined && refreshExpiresAt <= this.deps.clock()) {
            throw new PartnerApiError(
              'credential',
              `The refresh token of profile "${this.deps.profileName}" expired at ` +
                `${stored.refreshTokenExpiresAt}; run \`ledgerlift connect\` again.`,
              { problem: 'refresh_token_expired' },
            );
          }
          const grant = await this.deps.refresh(stored.refreshToken);
          const next: StoredTokens = {
            accessToken: grant.accessToken,
            refreshToken: grant.refreshToken,
            accessTokenExpiresAt: grant.accessTokenExpiresAt ?? null,
            refreshTokenExpiresAt: grant.refreshTokenExpiresAt ?? null,
          };
          this.deps.secrets.add(next.accessToken, { longLived: true });
          this.deps.secrets.add(next.refreshToken, { longLived: true });
          // Keep the pair in memory first: if persisting fails we can still use it in-process.
          this.tokens = next;
          await locked.write(this.deps.profileName, {
            ...(profile as CredentialProfile),
            tokens: next,
            workspaceId: grant.workspaceId ?? profile?.workspaceId ?? null,
            workspaceName: grant.workspaceName ?? profile?.workspaceName ?? null,
          });
          return { tokens: next, issued: true };
        },
        { timeoutMs: this.deps.lockTimeoutMs },
      );
      this.tokens = outcome.tokens;
      this.logRefresh(trigger, startedAt, outcome.issued ? 'refreshed' : 'adopted');
      return outcome;
    } catch (error) {
      this.logRefresh(trigger, startedAt, 'error', error);
      throw error;
    }
  }

  private logRefresh(
    trigger: Trigger,
    startedAt: number,
    outcome: 'refreshed' | 'adopted' | 'error',
    error?: unknown,
  ): void {
    emitLog(this.deps.logger, {
      event: 'partner_api.token_refresh',
      outcome,
      trigger: trigger.reason,
      durationMs: Date.now() - startedAt,
      ...(error instanceof Error
        ? { errorType: error instanceof PartnerApiError ? error.kind : error.name }
        : {}),
    });
  }
}

function parseInstant(text: string | null | undefined): number | undefined {
  if (!text) return undefined;
  const value = Date.parse(text);
  return Number.isNaN(value) ? undefined : value;
}

/** Waits for `promise`, or rejects with an `aborted` `PartnerApiError` when `signal` fires first. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  const aborted = () =>
    new PartnerApiError('aborted', 'cancelled while waiting for a token refresh');
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: Error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
