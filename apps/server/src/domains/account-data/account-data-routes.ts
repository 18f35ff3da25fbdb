import { confirmEmailParamsSchema, confirmEmailResponseSchema, deleteAccountRequestSchema } from '@aisle/contracts/accounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { accountMessages, accountSettingsRateLimit, confirmEmail } from '../accounts';
import { createAccountDataContext } from './account-data-context';
import { deleteAccount } from './delete-account';
import { ownerRenamer } from './rename-owner';

const security = [{ bearerAuth: [] }];

/**
 * The account calls that reach everything an account owns: following an e-mail link (spec §7
 * "Accounts"; a change-email link moves the account's data to the new address) and deleting the
 * account. The rest of the accounts API is domains/accounts'.
 */
export async function accountDataRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = createAccountDataContext(app.services);
  const renameOwner = ownerRenamer(ctx);

  app.get(
    '/accounts/confirm-email/:key/',
    {
      // The key is in the path, and info-level request logs print the URL: keep it out of the logs.
      logLevel: 'warn',
      schema: {
        tags: ['Accounts'],
        summary: 'Verify an e-mail address with the key from the verification mail (or confirm a change of address)',
        description:
          'A key followed before answers 200 with `already_verified: true`. 400 `{"detail": "Invalid or expired token."}` for an unknown key, or an expired one of an address still unverified. ' +
          'A key from a change-email mail moves the account and everything it owns to the new address and ends every session: 200 with `email_changed: true`; the user signs in with the new address.',
        params: confirmEmailParamsSchema,
        response: { 200: confirmEmailResponseSchema },
      },
    },
    async (request) => {
      const outcome = await confirmEmail({
        db: ctx.db,
        key: request.params.key,
        tokens: ctx.tokens,
        mailer: ctx.mailer,
        logger: request.log,
        renameOwner,
      });
      if (outcome === 'verified') return { detail: accountMessages.emailVerified };
      if (outcome === 'email-changed') return { detail: accountMessages.emailChanged, email_changed: true };
      return { detail: accountMessages.emailAlreadyVerified, already_verified: true };
    },
  );

  await app.register(async (signedIn) => {
    signedIn.addHook('preHandler', requireViewer(signedIn));
    signedIn.withTypeProvider<ZodTypeProvider>().post(
      '/users/delete-account/',
      {
        config: accountSettingsRateLimit(ctx.env, 'delete-account'),
        schema: {
          tags: ['Users'],
          summary: 'Delete your account and everything it owns, for good; every session ends',
          description:
            '204 once deleted. 400 `{"password": ["Your password was entered incorrectly. Please enter it again."]}` for a wrong password; ' +
            '400 `{"detail": ...}` for an account that signs in only through Shopify (uninstalling the app erases it) and while a subscription still renews. Nothing is deleted on a 400.',
          security,
          body: deleteAccountRequestSchema,
        },
      },
      async (request, reply) => {
        await deleteAccount(ctx, { userId: viewerOf(request).userId, password: request.body.password });
        return reply.status(204).send();
      },
    );
  });
}
