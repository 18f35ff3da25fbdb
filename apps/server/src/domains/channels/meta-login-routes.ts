import {
  channelLabels,
  metaCallbackQuerySchema,
  metaChallengeQuerySchema,
  metaChannels,
  metaLoginUrlSchema,
} from '@aisle/contracts/channels';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { authRateLimit } from '../accounts';
import type { ChannelsContext } from './channels-context';
import { answerWebhookChallenge } from './meta/answer-webhook-challenge';
import { beginMetaLogin } from './meta/begin-meta-login';
import { completeMetaLogin } from './meta/complete-meta-login';

const notConfigured = 'Every call is 404 without META_APP_ID, META_APP_SECRET and META_VERIFY_TOKEN.';

/** Facebook Login (login/, callback/) and the webhook handshake (GET webhook/), per Meta channel. */
export async function metaLoginRoutes(fastify: FastifyInstance, { ctx }: { ctx: ChannelsContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const channel of metaChannels) {
    const tags = [channelLabels[channel]];

    app.get(
      `/${channel}/login/`,
      {
        preHandler: requireViewer(fastify),
        config: authRateLimit(ctx.env),
        schema: {
          tags,
          security: [{ bearerAuth: [] }],
          summary: `Connect ${channelLabels[channel]}: redirect to Facebook Login`,
          description: `302 to Facebook Login's dialog with a signed state (15 minutes). With \`Accept: application/json\` the answer is \`{url}\` instead (a browser cannot send its bearer token on a navigation). \`assistantId\`: the assistant that will answer; when the login then shares exactly one account, it is connected at once. ${notConfigured}`,
          querystring: z.object({ assistantId: z.uuid('Must be a valid UUID.').optional() }),
          response: { 200: metaLoginUrlSchema },
        },
      },
      async (request, reply) => {
        const url = await beginMetaLogin(ctx, { ownerEmail: viewerOf(request).email, channel, assistantId: request.query.assistantId });
        if (request.headers.accept?.includes('application/json')) return { url };
        return reply.redirect(url, 302);
      },
    );

    app.get(
      `/${channel}/callback/`,
      {
        config: authRateLimit(ctx.env),
        schema: {
          tags,
          summary: 'Where Facebook Login returns: keep the accounts it shares, then back to /social',
          description:
            'Public: the signed `state` names the owner. Exchanges the code for a long-lived token, lists the pages, Instagram accounts or WhatsApp numbers, keeps them (tokens sealed) and redirects (302) to `/social?channel=…&found=N`, or `&error=…` (a forged or expired state changes nothing).',
          querystring: metaCallbackQuerySchema,
        },
      },
      async (request, reply) => reply.redirect(await completeMetaLogin(ctx, { channel, query: request.query }), 302),
    );

    app.get(
      `/${channel}/webhook/`,
      {
        schema: {
          tags,
          summary: 'Meta’s webhook handshake: echoes hub.challenge',
          description: `With \`hub.mode=subscribe\` and the right \`hub.verify_token\`: 200 with the challenge as text; otherwise 403. ${notConfigured}`,
          querystring: metaChallengeQuerySchema,
        },
      },
      async (request, reply) => reply.type('text/plain; charset=utf-8').send(answerWebhookChallenge(ctx, request.query)),
    );
  }
}
