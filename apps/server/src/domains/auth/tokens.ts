import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/app-error';

/**
 * JSON Web Tokens with Simple-JWT semantics: a short-lived access token and a rotating refresh
 * token, both HS256 with the server's secret. Claims follow Simple-JWT (`token_type`, `jti`,
 * `user_id`) plus the e-mail, which owner scoping uses.
 */
export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  token_type: TokenType;
  jti: string;
  user_id: string;
  email: string;
  is_staff: boolean;
  iat: number;
  exp: number;
}

export interface TokenSigner {
  sign(
    type: TokenType,
    subject: { userId: string; email: string; isStaff: boolean },
    jti?: string,
  ): Promise<{ token: string; claims: TokenClaims }>;
  /** Verifies signature, expiry and (when given) the type; throws AppError 401 `token_not_valid`. */
  verify(token: string, type?: TokenType): Promise<TokenClaims>;
}

export interface TokenSignerOptions {
  secret: string;
  accessLifetimeSeconds: number;
  refreshLifetimeSeconds: number;
  now?: () => number;
}

export const INVALID_TOKEN_DETAIL = 'Token is invalid or expired';

export function createTokenSigner(options: TokenSignerOptions): TokenSigner {
  const key = new TextEncoder().encode(options.secret);
  const now = options.now ?? (() => Date.now());
  return {
    async sign(type, subject, jti = randomUUID()) {
      const iat = Math.floor(now() / 1000);
      const exp = iat + (type === 'access' ? options.accessLifetimeSeconds : options.refreshLifetimeSeconds);
      const claims: TokenClaims = {
        token_type: type,
        jti,
        user_id: subject.userId,
        email: subject.email,
        is_staff: subject.isStaff,
        iat,
        exp,
      };
      const token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
      return { token, claims };
    },
    async verify(token, type) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(now()) });
        const claims = payload as unknown as TokenClaims;
        if (typeof claims.user_id !== 'string' || typeof claims.email !== 'string' || typeof claims.jti !== 'string') {
          throw new AppError('UNAUTHORIZED', INVALID_TOKEN_DETAIL, { bodyCode: 'token_not_valid' });
        }
        if (type && claims.token_type !== type) {
          throw new AppError('UNAUTHORIZED', 'Token has wrong type', { bodyCode: 'token_not_valid' });
        }
        return claims;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
          throw new AppError('UNAUTHORIZED', INVALID_TOKEN_DETAIL, { bodyCode: 'token_not_valid', cause: error });
        }
        throw error;
      }
    },
  };
}
