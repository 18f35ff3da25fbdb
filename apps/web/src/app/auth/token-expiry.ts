import { jwtDecode } from 'jwt-decode';
import { ACCESS_TOKEN_EXPIRY_MARGIN_MS } from '@/config/constants';

/**
 * Spec §5: a token is expired when it has less than 10 seconds left, has no expiry, or cannot be
 * decoded. Only `exp` is read; the signature is the server's business.
 */
export function isTokenExpired(token: string | null | undefined, nowMs: number = Date.now()): boolean {
  if (!token) return true;
  let exp: unknown;
  try {
    exp = jwtDecode<{ exp?: unknown }>(token).exp;
  } catch {
    return true;
  }
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return true;
  return exp * 1000 - nowMs < ACCESS_TOKEN_EXPIRY_MARGIN_MS;
}
