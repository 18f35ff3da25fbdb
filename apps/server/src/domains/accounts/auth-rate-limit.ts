import type { Env } from '../../env';

/**
 * Per-route limit for the calls that take a password or mint tokens (sign-in, refresh, sign-up,
 * password reset), against guessing and mail flooding. Counted per client IP; the rate-limit
 * plugin itself is registered once in app.ts with `global: false`.
 */
export function authRateLimit(env: Env) {
  return { rateLimit: { max: env.AUTH_RATE_LIMIT, timeWindow: '1 minute' } };
}
