import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createVisitorChatContext } from './visitor-chat-context';
import { sharedChatRoutes } from './visitor-chat-routes';
import { createVisitorFeed } from './visitor-feed';

/** The visitor's public chat (spec §7 Shared chat), mounted under `/api` by app.ts. */
export async function visitorChatRoutes(fastify: FastifyInstance) {
  const log = fastify.log.child({ domain: 'visitor-chat' }) as unknown as Logger;
  const ctx = createVisitorChatContext(fastify.services, log);
  const feed = createVisitorFeed(fastify.services.events);

  // Open visitor streams would keep the server from closing: they end first.
  fastify.addHook('preClose', async () => {
    await feed.close();
  });

  await fastify.register(sharedChatRoutes, { ctx, feed });
}
