import type { FakeAction, ReceivedRequest } from './fake-api.js';
import { ACCESS_TOKEN, REFRESH_TOKEN } from './client-fixture.js';

/**
 * The token side of the API, faithfully enough to catch races: access tokens are checked, and a
 * refresh rotates the pair and spends the old refresh token at once (A6), so a second refresh
 * with the same token fails with 401.
 */
export class TokenFake {
  readonly validAccess = new Set<string>([ACCESS_TOKEN]);
  readonly validRefresh = new Set<string>([REFRESH_TOKEN]);
  refreshCalls = 0;
  private issued = 0;
  /** When set, refresh answers wait for it (to hold a refresh in flight). */
  refreshGate: Promise<void> | undefined;

  constructor(
    private readonly expiresAt: () => string = () => new Date(Date.now() + 3600_000).toISOString(),
  ) {}

  /** Answers token routes, or returns undefined when the request is a data call with a live token. */
  async handle(request: ReceivedRequest): Promise<FakeAction | undefined> {
    if (request.path === '/partners/refresh-user-access-token') {
      this.refreshCalls += 1;
      await this.refreshGate;
      const body = JSON.parse(request.bodyText) as { refreshToken?: string };
      if (!body.refreshToken || !this.validRefresh.delete(body.refreshToken)) {
        return {
          status: 401,
          json: { status: 'error', message: 'The refresh token is not valid.' },
        };
      }
      this.issued += 1;
      const pair = {
        accessToken: `at-rotated-${this.issued}-abcdef123456`,
        refreshToken: `rt-rotated-${this.issued}-abcdef123456`,
      };
      this.validAccess.add(pair.accessToken);
      this.validRefresh.add(pair.refreshToken);
      return {
        status: 200,
        json: {
          status: 'success',
          data: {
            ...pair,
            accessTokenExpiresAt: this.expiresAt(),
            refreshTokenExpiresAt: new Date(Date.now() + 30 * 86400_000).toISOString(),
            workspaceId: '3f9a6c1e-8b2d-4e57-a1c4-5d6e7f809a1b',
            workspaceName: 'Test Workspace',
          },
        },
      };
    }
    const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!this.validAccess.has(token)) {
      return {
        status: 401,
        json: { status: 'error', message: 'Invalid bearer token.', code: 'unauthorized' },
      };
    }
    return undefined;
  }

  /** The most recently issued access token. */
  latestAccessToken(): string {
    return `at-rotated-${this.issued}-abcdef123456`;
  }
}
