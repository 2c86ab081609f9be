import { z } from 'zod';
import { PartnerApiError, type CredentialProblem } from './errors.js';
import { isRecord, parseShape, type SuccessEnvelope } from './envelope.js';
import type { CallOptions, RequestExecutor } from './request-executor.js';

/**
 * The token exchange response (spec, Token exchange): the pair, their expiry datetimes and the
 * workspace the grant is scoped to. The refresh route returns the same shape (A4).
 */
const tokenGrantSchema = z.looseObject({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  accessTokenExpiresAt: z.string().nullish(),
  refreshTokenExpiresAt: z.string().nullish(),
  workspaceId: z.string().nullish(),
  workspaceName: z.string().nullish(),
});

export type TokenGrant = z.infer<typeof tokenGrantSchema>;

/**
 * The two token routes (signed, no Bearer token). A rejection on either is a credential problem
 * (a `credential` `PartnerApiError`), never an ordinary validation error: the operator must reconnect.
 */

/** Exchanges a one-time authorization code for the token pair and its workspace. */
export async function grantAccessToken(
  executor: RequestExecutor,
  code: string,
  options: CallOptions = {},
): Promise<TokenGrant> {
  return asCredentialProblem('grant_rejected', () =>
    executor.execute(
      {
        method: 'POST',
        path: '/grant-access-token',
        body: { code, grantType: 'authorization_code' },
        auth: 'signature',
        parse: readGrant,
      },
      options,
    ),
  );
}

/**
 * Spends `refreshToken` for a new pair. The body field name is configurable (A4): the spec does not
 * show it.
 */
export async function refreshAccessToken(
  executor: RequestExecutor,
  refreshToken: string,
  refreshTokenField: string,
  options: CallOptions = {},
): Promise<TokenGrant> {
  return asCredentialProblem('refresh_rejected', () =>
    executor.execute(
      {
        method: 'POST',
        path: '/refresh-user-access-token',
        body: { [refreshTokenField]: refreshToken },
        auth: 'signature',
        parse: readGrant,
      },
      options,
    ),
  );
}

/** The grant under `data` (or one level deeper, or at the top, to stay tolerant). */
function readGrant(envelope: SuccessEnvelope): TokenGrant {
  const { data } = envelope;
  const candidate =
    isRecord(data) && typeof data.accessToken !== 'string'
      ? (Object.values(data).find((value) => isRecord(value) && 'accessToken' in value) ?? data)
      : data;
  return parseShape(tokenGrantSchema, candidate, 'the token response');
}

async function asCredentialProblem<T>(
  problem: CredentialProblem,
  exchange: () => Promise<T>,
): Promise<T> {
  try {
    return await exchange();
  } catch (error) {
    if (
      error instanceof PartnerApiError &&
      (error.kind === 'validation' ||
        error.kind === 'forbidden' ||
        (error.kind === 'credential' && error.problem === 'unauthorized'))
    ) {
      throw new PartnerApiError(
        'credential',
        problem === 'refresh_rejected'
          ? `The refresh token was rejected; run \`ledgerlift connect\` again. ${reasonOf(error)}`
          : `The authorization code was rejected. ${reasonOf(error)}`,
        {
          method: error.method,
          path: error.path,
          status: error.status,
          apiCode: error.apiCode,
          apiErrors: error.apiErrors,
          problem,
        },
      );
    }
    throw error;
  }
}

function reasonOf(error: PartnerApiError): string {
  return `(${error.message})`;
}
