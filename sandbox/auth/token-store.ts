import { newSecret } from '../ids.js';
import type { SandboxLimits } from '../sandbox-config.js';

/** Who a code or token speaks for: one app in one workspace. */
export interface Grant {
  clientId: string;
  workspaceId: string;
  expiresAtMs: number;
}

interface CodeGrant extends Grant {
  redirectUri: string;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: string;
  refreshTokenExpiresAt: string;
}

export interface TokenStoreSnapshot {
  codes: Array<[string, CodeGrant]>;
  access: Array<[string, Grant]>;
  refresh: Array<[string, Grant]>;
}

/**
 * Authorization codes (one-time, short-lived, bound to client and redirect URI: assumption A3),
 * access tokens and refresh tokens (rotated on every refresh: assumption A6).
 */
export class TokenStore {
  private codes = new Map<string, CodeGrant>();
  private access = new Map<string, Grant>();
  private refresh = new Map<string, Grant>();

  constructor(private readonly limits: () => SandboxLimits) {}

  issueCode(
    input: { clientId: string; workspaceId: string; redirectUri: string },
    nowMs: number,
  ): string {
    const code = newSecret('code');
    this.codes.set(code, {
      ...input,
      expiresAtMs: nowMs + this.limits().authCodeTtlSeconds * 1000,
    });
    return code;
  }

  /** Redeems a code once. Returns the reason it cannot be redeemed, or the grant. */
  redeemCode(code: string, clientId: string, nowMs: number): CodeGrant | string {
    const grant = this.codes.get(code);
    if (!grant) return 'The authorization code is unknown or was already used.';
    this.codes.delete(code);
    if (grant.clientId !== clientId) return 'The authorization code was issued to another client.';
    if (grant.expiresAtMs <= nowMs) return 'The authorization code has expired.';
    return grant;
  }

  issuePair(clientId: string, workspaceId: string, nowMs: number): TokenPair {
    const limits = this.limits();
    const accessToken = newSecret('at');
    const refreshToken = newSecret('rt');
    const accessExpires = nowMs + limits.accessTokenTtlSeconds * 1000;
    const refreshExpires = nowMs + limits.refreshTokenTtlSeconds * 1000;
    this.access.set(accessToken, { clientId, workspaceId, expiresAtMs: accessExpires });
    this.refresh.set(refreshToken, { clientId, workspaceId, expiresAtMs: refreshExpires });
    return {
      accessToken,
      refreshToken,
      accessTokenExpiresAt: new Date(accessExpires).toISOString(),
      refreshTokenExpiresAt: new Date(refreshExpires).toISOString(),
    };
  }

  /** Rotates a refresh token: the old one is spent at once, the old access token lives on. */
  rotate(refreshToken: string, clientId: string, nowMs: number): Grant | undefined {
    const grant = this.refresh.get(refreshToken);
    if (!grant || grant.clientId !== clientId) return undefined;
    this.refresh.delete(refreshToken);
    if (grant.expiresAtMs <= nowMs) return undefined;
    return grant;
  }

  /** The grant of a live access token. */
  accessGrant(token: string, nowMs: number): Grant | undefined {
    const grant = this.access.get(token);
    if (!grant) return undefined;
    if (grant.expiresAtMs <= nowMs) {
      this.access.delete(token);
      return undefined;
    }
    return grant;
  }

  revoke(clientId: string, workspaceId: string): void {
    for (const map of [this.access, this.refresh, this.codes] as Array<Map<string, Grant>>) {
      for (const [token, grant] of map) {
        if (grant.clientId === clientId && grant.workspaceId === workspaceId) map.delete(token);
      }
    }
  }

  clear(): void {
    this.codes.clear();
    this.access.clear();
    this.refresh.clear();
  }

  snapshot(): TokenStoreSnapshot {
    return { codes: [...this.codes], access: [...this.access], refresh: [...this.refresh] };
  }

  restore(snapshot: TokenStoreSnapshot): void {
    this.codes = new Map(snapshot.codes);
    this.access = new Map(snapshot.access);
    this.refresh = new Map(snapshot.refresh);
  }
}
