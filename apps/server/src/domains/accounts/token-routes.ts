import {
  loginRequestSchema,
  loginResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  tokenClaimsSchema,
  tokenRequestSchema,
} from '@aisle/contracts/accounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authRateLimit } from './auth-rate-limit';
import { KNOWN_DEVICE_COOKIE, knownDeviceCookie, readCookie } from './known-device-cookie';
import { obtainTokenPair } from './obtain-token-pair';
import { refreshTokenPair } from './refresh-token-pair';
import { validateToken } from './validate-token';

/** Simple-JWT's four token calls (spec §7 "Token"). */
export async function tokenRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, tokens } = app.services;

  app.post(
    '/token/',
    {
      config: authRateLimit(env),
      schema: {
        tags: ['Token'],
        summary: 'Sign in: exchange e-mail and password for an access and a refresh token',
        description:
          '401 `{"detail": "Email is not verified."}` for a correct password on an unverified account; 401 `{"detail": "No active account found with the given credentials"}` otherwise. ' +
          'After 5 failures in a row for an e-mail, 429 `{"detail": "Request was throttled. Expected available in N seconds."}` with Retry-After (30 s, doubling to 5 minutes) — except for a client that sends the `aisle_device` cookie it got from an earlier sign-in to that account, which is throttled on its own.',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const { body, knownDevice } = await obtainTokenPair({
        db,
        tokens,
        email: request.body.email,
        password: request.body.password,
        knownDevice: readCookie(request.headers.cookie, KNOWN_DEVICE_COOKIE),
        secret: env.JWT_SECRET,
      });
      reply.header('set-cookie', knownDeviceCookie(knownDevice, { secure: env.PUBLIC_URL.startsWith('https:') }));
      return body;
    },
  );

  app.post(
    '/token/refresh/',
    {
      config: authRateLimit(env),
      schema: {
        tags: ['Token'],
        summary: 'Exchange a refresh token for a new pair (the old refresh token stops working)',
        description:
          '401 `{"detail": "Token is invalid or expired", "code": "token_not_valid"}` for a used, revoked, expired or non-refresh token.',
        body: refreshRequestSchema,
        response: { 200: refreshResponseSchema },
      },
    },
    async (request) => refreshTokenPair({ db, tokens, refresh: request.body.refresh }),
  );

  app.post(
    '/token/verify/',
    {
      schema: {
        tags: ['Token'],
        summary: 'Check that a token is valid (signature, expiry, and not revoked for refresh tokens)',
        body: tokenRequestSchema,
        response: { 200: z.object({}) },
      },
    },
    async (request) => {
      await validateToken({ db, tokens, token: request.body.token });
      return {};
    },
  );

  app.post(
    '/token/decode/',
    {
      schema: {
        tags: ['Token'],
        summary: "Return a valid token's claims",
        body: tokenRequestSchema,
        response: { 200: tokenClaimsSchema },
      },
    },
    async (request) => validateToken({ db, tokens, token: request.body.token }),
  );
}
