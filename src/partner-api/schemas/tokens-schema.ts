import { z } from 'zod';

/**
 * The token exchange response (spec, Token exchange): the pair, their expiry datetimes and the
 * workspace the grant is scoped to. The refresh route returns the same shape (A4).
 */
export const tokenGrantSchema = z.looseObject({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  accessTokenExpiresAt: z.string().nullish(),
  refreshTokenExpiresAt: z.string().nullish(),
  workspaceId: z.string().nullish(),
  workspaceName: z.string().nullish(),
});

export type TokenGrant = z.infer<typeof tokenGrantSchema>;
