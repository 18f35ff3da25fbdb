import { confirmEmailParamsSchema, confirmEmailResponseSchema, signUpRequestSchema, signUpResponseSchema } from '@aisle/contracts/accounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountMessages } from './account-messages';
import { authRateLimit } from './auth-rate-limit';
import { confirmEmail } from './confirm-email';
import { signUpUser } from './sign-up-user';

/** Sign-up and the e-mail verification link (spec §7 "Users" and "Accounts"). */
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
        description: '400 `{"email": ["A user with that email already exists."]}` when the e-mail is taken.',
        body: signUpRequestSchema,
        response: { 201: signUpResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await signUpUser({ db, env, mailer, email: request.body.email, password: request.body.password });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/accounts/confirm-email/:key/',
    {
      // The key is in the path, and info-level request logs print the URL: keep it out of the logs.
      logLevel: 'warn',
      schema: {
        tags: ['Accounts'],
        summary: 'Verify an e-mail address with the key from the verification mail',
        description:
          'A key followed before answers 200 with `already_verified: true`. 400 `{"detail": "Invalid or expired token."}` for an unknown key, or an expired one of an address still unverified.',
        params: confirmEmailParamsSchema,
        response: { 200: confirmEmailResponseSchema },
      },
    },
    async (request) => {
      const outcome = await confirmEmail({ db, key: request.params.key });
      return outcome === 'verified'
        ? { detail: accountMessages.emailVerified }
        : { detail: accountMessages.emailAlreadyVerified, already_verified: true };
    },
  );
}
