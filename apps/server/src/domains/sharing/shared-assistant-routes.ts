import { sharedAssistantCreateSchema, sharedAssistantDeleteSchema, sharedAssistantSchema } from '@aisle/contracts/sharing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { createShare, deleteShare, type SharesContext } from './manage-shares';

const security = [{ bearerAuth: [] }];

/** The owner's share links (spec §7 Shared assistant); changes to a link go through `updateSharedAssistant`. */
export async function sharedAssistantRoutes(fastify: FastifyInstance) {
  const ctx: SharesContext = { db: fastify.services.db, events: fastify.services.events };
  // Before body validation: a caller who is not signed in learns nothing about the request shape.
  fastify.addHook('onRequest', requireViewer(fastify));
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/shared-assistant/create/',
    {
      schema: {
        tags: ['Shared assistant'],
        summary: 'Create a public share link for one of your assistants',
        description:
          'Each call makes a new link (an assistant may have several, each turned off or expiring on its own) with an unguessable ' +
          'token (192 random bits) and sets the assistant’s `isShared`. 404 for an assistant that is not yours; 400 for an expiry ' +
          'that is not in the future.',
        security,
        body: sharedAssistantCreateSchema,
        response: { 201: sharedAssistantSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createShare(ctx, { ownerEmail: viewerOf(request).email, ...request.body })),
  );

  app.post(
    '/shared-assistant/delete/',
    {
      schema: {
        tags: ['Shared assistant'],
        summary: 'Delete a share link with its visitors’ threads and messages',
        description:
          'The link stops working at once. `isShared` turns false when the assistant has no link left. 404 for a link that is not yours.',
        security,
        body: sharedAssistantDeleteSchema,
      },
    },
    async (request, reply) => {
      await deleteShare(ctx, { ownerEmail: viewerOf(request).email, id: request.body.id });
      return reply.status(204).send();
    },
  );
}
