import type { FastifyRequest } from 'fastify';
import type { Env } from '../../env';

/**
 * Per-route limit for the calls that take a password or mint tokens (sign-in, refresh, sign-up,
 * password reset), against guessing and mail flooding. Counted per client IP; the rate-limit
 * plugin itself is registered once in app.ts with `global: false`.
 */
export function authRateLimit(env: Env) {
  return { rateLimit: { max: env.AUTH_RATE_LIMIT, timeWindow: '1 minute' } };
}

/**
 * The same limit for a signed-in account's settings calls (change password or e-mail, delete the
 * account, its language), counted per account rather than per IP: a stolen access token used from
 * many addresses still cannot try many passwords. Checked after the caller is known (preHandler).
 */
export function accountSettingsRateLimit(env: Env, name: string) {
  return {
    rateLimit: {
      max: env.AUTH_RATE_LIMIT,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `${name}:${request.viewer?.userId ?? request.ip}`,
    },
  };
}
