import { detailSchema, resendVerificationRequestSchema, signUpRequestSchema, signUpResponseSchema } from '@aisle/contracts/accounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountMessages } from './account-messages';
import { authRateLimit } from './auth-rate-limit';
import { resendVerification } from './resend-verification';
import { signUpUser } from './sign-up-user';
import { signUpLanguage } from './user-language';

/**
 * Sign-up and a new verification link (spec §7 "Users"). Following the link
 * (`GET accounts/confirm-email/:key/`) is domains/account-data's: the same link confirms a change of
 * address, which moves everything the account owns.
 */
export async function signUpRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, mailer } = app.services;

  app.post(
    '/users/create/',
    {
      config: authRateLimit(env),
      schema: {
        tags: ['Users'],
        summary: 'Sign up; a verification link is e-mailed',
        description:
          '400 `{"email": ["A user with that email already exists."]}` when the e-mail is taken. `language` (`en`, `ja`, `th`; ' +
          "optional) is the language of the account's e-mails; without it the request's Accept-Language decides, else English. " +
          'The first account of a fresh install is staff.',
        body: signUpRequestSchema,
        response: { 201: signUpResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await signUpUser({
        db,
        env,
        mailer,
        email: request.body.email,
        password: request.body.password,
        language: signUpLanguage(request.body.language, request.headers['accept-language']),
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/users/resend-verification/',
    {
      config: authRateLimit(env),
      schema: {
        tags: ['Users'],
        summary: 'E-mail a new verification link (same answer whether or not the address is waiting for one)',
        description:
          'For an active account whose address is not verified yet, a new link in the account’s language; its earlier links stop working. ' +
          'Verified and unknown addresses get no mail. Always 200 `{"detail": "If this address is waiting for verification, a new link is on its way."}`.',
        body: resendVerificationRequestSchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      await resendVerification({ db, env, mailer, logger: request.log, email: request.body.email });
      return { detail: accountMessages.verificationResent };
    },
  );
}
