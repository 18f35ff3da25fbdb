import type { FastifyInstance } from 'fastify';
import { channelAccountRoutes } from './channel-account-routes';
import { createChannelsContext } from './channels-context';
import { instagramPrivacyRoutes } from './instagram-privacy-routes';
import { metaLoginRoutes } from './meta-login-routes';

/**
 * The channels' REST calls (spec §7 "Channels", "LINE", "Social"), mounted at `/api` by app.ts:
 * Facebook Login and Meta's webhook handshake, Instagram's privacy callbacks, and the owner's
 * calls (account, disconnect, user_reply, line/connect, meta/social). The signed webhook
 * deliveries (`POST {channel}/webhook/`) are the webhooks/ transport's.
 */
export async function channelRoutes(fastify: FastifyInstance) {
  const ctx = createChannelsContext(fastify.services);
  await fastify.register(metaLoginRoutes, { ctx });
  await fastify.register(instagramPrivacyRoutes, { ctx });
  await fastify.register(channelAccountRoutes, { ctx });
}
