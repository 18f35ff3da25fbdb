import { getStartedResponseSchema } from '@aisle/contracts/onboarding';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { getStarted } from './get-started';

/** The "Get started" checklist's progress, mounted under `/api` by app.ts. */
export async function onboardingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services;
  app.addHook('onRequest', requireViewer(app));

  app.get(
    '/users/get-started/',
    {
      schema: {
        tags: ['Users'],
        summary: "The caller's progress on the Get started checklist",
        description:
          'Each step is true once the data shows it done: `store` (a knowledge store), `files` (a ready file), `assistant`, ' +
          '`tried` (a question answered in the owner’s Chat), `shared` (a share link that is on), `channel` (a connected messaging channel).',
        security: [{ bearerAuth: [] }],
        response: { 200: getStartedResponseSchema },
      },
    },
    async (request) => getStarted(db, viewerOf(request).email),
  );
}
