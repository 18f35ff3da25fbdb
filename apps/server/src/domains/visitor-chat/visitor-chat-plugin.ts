import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { resumeSummariesIfPending, settleSummarySchedules } from '../inbox/summary-queue';
import { sharedAssistantRoutes } from '../sharing/shared-assistant-routes';
import { createSharingContext } from './visitor-chat-context';
import { sharedChatRoutes } from './visitor-chat-routes';
import { createVisitorFeed } from './visitor-feed';

/** Sharing (spec §7 Shared assistant, Shared chat), mounted under `/api` by app.ts: the owner's links and the public chat. */
export async function sharingRoutes(fastify: FastifyInstance) {
  const log = fastify.log.child({ domain: 'sharing' }) as unknown as Logger;
  const ctx = createSharingContext(fastify.services, log);
  const feed = createVisitorFeed(fastify.services.events);

  fastify.addHook('onReady', async () => {
    await resumeSummariesIfPending(ctx);
  });
  // Open visitor streams would keep the server from closing: they end first.
  fastify.addHook('preClose', async () => {
    await feed.close();
  });
  fastify.addHook('onClose', async () => {
    await settleSummarySchedules(ctx);
  });

  await fastify.register(sharedAssistantRoutes);
  await fastify.register(sharedChatRoutes, { ctx, feed });
}
