import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/app-error';
import type { TokenVersions } from './token-versions';

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
  /** The user's token version at signing; absent in tokens signed before versions existed (0). */
  ver?: number;
  iat: number;
  exp: number;
}

export interface TokenSigner {
  sign(
    type: TokenType,
    subject: { userId: string; email: string; isStaff: boolean; tokenVersion: number },
    jti?: string,
  ): Promise<{ token: string; claims: TokenClaims }>;
  /**
   * Verifies signature, expiry, (when given) the type and that the user's sessions were not ended
   * since signing; throws AppError 401 `token_not_valid`.
   */
  verify(token: string, type?: TokenType): Promise<TokenClaims>;
  /** After a committed `endSessions` (accounts/end-sessions.ts): every process stops honouring the user's older tokens. */
  sessionsEnded(userId: string): void;
  /** Told, on every process, of each user whose sessions ended (to close what was opened with an old token). */
  onSessionsEnded(listener: (userId: string) => void): () => void;
  close(): void;
}

export interface TokenSignerOptions {
  secret: string;
  accessLifetimeSeconds: number;
  refreshLifetimeSeconds: number;
  /** The users' current token versions; without it (unit use) versions are not checked. */
  versions?: TokenVersions;
  now?: () => number;
}

export const INVALID_TOKEN_DETAIL = 'Token is invalid or expired';

/** Verified tokens remembered per process (a few hundred bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenSigner(options: TokenSignerOptions): TokenSigner {
  const key = new TextEncoder().encode(options.secret);
  const now = options.now ?? (() => Date.now());
  /**
   * Tokens whose signature was checked, with their claims: a client sends the same access token with
   * every request, and checking its HMAC each time was a millisecond of every chat turn. Bounded,
   * oldest first out; the token string itself is the key, so a changed token is checked afresh.
   */
  const verified = new Map<string, TokenClaims>();
  async function verifySignature(token: string): Promise<TokenClaims> {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(now()) });
    const claims = payload as unknown as TokenClaims;
    if (
      typeof claims.user_id !== 'string' ||
      typeof claims.email !== 'string' ||
      typeof claims.jti !== 'string' ||
      typeof claims.exp !== 'number' ||
      (claims.ver !== undefined && !Number.isInteger(claims.ver))
    ) {
      throw new AppError('UNAUTHORIZED', INVALID_TOKEN_DETAIL, { bodyCode: 'token_not_valid' });
    }
    verified.set(token, claims);
    if (verified.size > VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
    return claims;
  }
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
        ver: subject.tokenVersion,
        iat,
        exp,
      };
      const token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
      return { token, claims };
    },
    async verify(token, type) {
      try {
        const claims = verified.get(token) ?? (await verifySignature(token));
        // A token checked before is only trusted again until it expires.
        if (claims.exp * 1000 <= now()) {
          verified.delete(token);
          throw new AppError('UNAUTHORIZED', INVALID_TOKEN_DETAIL, { bodyCode: 'token_not_valid' });
        }
        if (type && claims.token_type !== type) {
          throw new AppError('UNAUTHORIZED', 'Token has wrong type', { bodyCode: 'token_not_valid' });
        }
        // Ended sessions (password set, staff flag removed, account deleted) get an expired token's answer.
        const current = options.versions?.isCurrent(claims.user_id, claims.ver ?? 0) ?? true;
        if (!(current === true || (current !== false && (await current)))) {
          throw new AppError('UNAUTHORIZED', INVALID_TOKEN_DETAIL, { bodyCode: 'token_not_valid' });
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
    sessionsEnded(userId) {
      options.versions?.changed(userId);
    },
    onSessionsEnded(listener) {
      return options.versions?.onChanged(listener) ?? (() => undefined);
    },
    close() {
      options.versions?.close();
    },
  };
}
