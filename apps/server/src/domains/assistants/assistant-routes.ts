import {
  assistantCustomUserTemplateSchema,
  assistantFunctionSchema,
  assistantSchema,
  assistantStoreSchema,
  assistantTemplateSchema,
  createAssistantRequestSchema,
  createThreadRequestSchema,
  editAssistantRequestSchema,
  idRequestSchema,
  linkCustomUserTemplateRequestSchema,
  linkFunctionRequestSchema,
  linkStoreRequestSchema,
  linkTemplateRequestSchema,
  threadSchema,
} from '@aisle/contracts/assistants';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { modelCatalog } from '../ai';
import { assistantAvatarRoutes } from './assistant-avatar-routes';
import type { AssistantsContext } from './assistants-context';
import { type LinkKind, linkKinds } from './link-kinds';
import { createAssistant, deleteAssistant, editAssistant } from './manage-assistants';
import { addLink, removeLink } from './manage-links';
import { createThread, deleteThread } from './manage-threads';

const security = [{ bearerAuth: [] }];

/** Each link call's body and answer, by the kind of thing linked. */
const linkSchemas: { kind: LinkKind; label: string; body: z.ZodType; response: z.ZodType }[] = [
  { kind: linkKinds.function, label: 'function', body: linkFunctionRequestSchema, response: assistantFunctionSchema },
  { kind: linkKinds.store, label: 'knowledge store', body: linkStoreRequestSchema, response: assistantStoreSchema },
  { kind: linkKinds.template, label: 'template', body: linkTemplateRequestSchema, response: assistantTemplateSchema },
  {
    kind: linkKinds.customUserTemplate,
    label: 'custom template',
    body: linkCustomUserTemplateRequestSchema,
    response: assistantCustomUserTemplateSchema,
  },
];

/** Assistants, their links and threads (spec §7 Assistant, Thread), mounted under `/api` by app.ts. */
export async function assistantRoutes(fastify: FastifyInstance) {
  const ctx: AssistantsContext = {
    db: fastify.services.db,
    events: fastify.services.events,
    models: modelCatalog(fastify.services.env),
  };

  // Before body validation: a caller who is not signed in learns nothing about the request shape (DRF order).
  fastify.addHook('onRequest', requireViewer(fastify));
  // After the hook, so the upload inherits it; its own plugin, so only it parses multipart.
  await fastify.register(assistantAvatarRoutes);
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/assistant/create/',
    {
      schema: {
        tags: ['Assistant'],
        summary: 'Create an assistant (model defaults to the installation’s default model)',
        security,
        body: createAssistantRequestSchema,
        response: { 201: assistantSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createAssistant(ctx, { ownerEmail: viewerOf(request).email, ...request.body })),
  );

  app.post(
    '/assistant/edit/',
    {
      schema: {
        tags: ['Assistant'],
        summary: 'Change any subset of an assistant’s fields',
        security,
        body: editAssistantRequestSchema,
        response: { 200: assistantSchema },
      },
    },
    async (request) => editAssistant(ctx, { ownerEmail: viewerOf(request).email, ...request.body }),
  );

  app.post(
    '/assistant/delete/',
    {
      schema: { tags: ['Assistant'], summary: 'Delete an assistant with its links, threads and messages', security, body: idRequestSchema },
    },
    async (request, reply) => {
      await deleteAssistant(ctx, { ownerEmail: viewerOf(request).email, id: request.body.id });
      return reply.status(204).send();
    },
  );

  for (const { kind, label, body, response } of linkSchemas) {
    app.post(
      `/assistant/${kind.path}-add/`,
      {
        schema: {
          tags: ['Assistant'],
          summary: `Link a ${label} to an assistant (201; 200 with the existing link if already linked)`,
          security,
          body,
          response: { 200: response, 201: response },
        },
      },
      async (request, reply) => {
        const input = request.body as Record<string, string>;
        const { link, created } = await addLink(ctx, kind, {
          ownerEmail: viewerOf(request).email,
          assistantId: input.assistantId as string,
          targetId: input[kind.targetKey] as string,
        });
        return reply.status(created ? 201 : 200).send(link);
      },
    );

    app.post(
      `/assistant/${kind.path}-remove/`,
      { schema: { tags: ['Assistant'], summary: `Unlink a ${label} from an assistant`, security, body } },
      async (request, reply) => {
        const input = request.body as Record<string, string>;
        await removeLink(ctx, kind, {
          ownerEmail: viewerOf(request).email,
          assistantId: input.assistantId as string,
          targetId: input[kind.targetKey] as string,
        });
        return reply.status(204).send();
      },
    );
  }

  app.post(
    '/thread/create/',
    {
      schema: {
        tags: ['Thread'],
        summary: 'Start a chat with an assistant (named "New chat" unless given a name)',
        security,
        body: createThreadRequestSchema,
        response: { 201: threadSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createThread(ctx, { ownerEmail: viewerOf(request).email, ...request.body })),
  );

  app.post(
    '/thread/delete/',
    { schema: { tags: ['Thread'], summary: 'Delete a thread with its messages', security, body: idRequestSchema } },
    async (request, reply) => {
      await deleteThread(ctx, { ownerEmail: viewerOf(request).email, id: request.body.id });
      return reply.status(204).send();
    },
  );
}
