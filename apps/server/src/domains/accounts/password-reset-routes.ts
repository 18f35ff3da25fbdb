import { detailSchema, passwordResetConfirmSchema, passwordResetRequestSchema } from '@aisle/contracts/accounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountMessages } from './account-messages';
import { authRateLimit } from './auth-rate-limit';
import { confirmPasswordReset } from './confirm-password-reset';
import { requestPasswordReset } from './request-password-reset';

/** "Forgot password": request a link, then set a new password with it (spec §7 "Users"). */
export async function passwordResetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, mailer, tokens } = app.services;

  app.post(
    '/users/password-reset-request/',
    {
      config: authRateLimit(env),
      schema: {
        tags: ['Users'],
        summary: 'E-mail a password-reset link (same answer whether or not the account exists)',
        description: 'Body `{"email"}` or `{"data": {"email"}}`.',
        body: passwordResetRequestSchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      await requestPasswordReset({ db, env, mailer, logger: request.log, email: request.body.email });
      return { detail: accountMessages.resetMailSent };
    },
  );

  app.post(
    '/users/password-reset-confirm/',
    {
      config: authRateLimit(env),
      schema: {
        tags: ['Users'],
        summary: 'Set a new password with the uid and token of a reset link',
        description:
          'Body `{"uid", "token", "new_password"}` or the same wrapped in `{"data": ...}`. 400 `{"detail": "Invalid or expired token."}` for a bad, used or expired link. Signs the user out everywhere.',
        body: passwordResetConfirmSchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      const { uid, token, new_password } = request.body;
      await confirmPasswordReset({ db, env, tokens, uid, token, newPassword: new_password });
      return { detail: accountMessages.resetDone };
    },
  );
}
