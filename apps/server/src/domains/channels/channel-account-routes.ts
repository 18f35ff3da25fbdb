import {
  type ChannelReply,
  channelAccountSchema,
  channelLabels,
  channelNames,
  channelReplySchema,
  chooseAccountSchema,
  disconnectAccountSchema,
  lineConnectSchema,
  socialSummarySchema,
  userReplySchema,
} from '@aisle/contracts/channels';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Item } from '../../data-api/model-store';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { authRateLimit } from '../accounts';
import type { ChannelsContext } from './channels-context';
import { chooseAccount } from './choose-account';
import { disconnectAccount } from './disconnect-account';
import { connectLineChannel } from './line/connect-line-channel';
import { replyByHand } from './reply-by-hand';
import { getSocialSummary } from './social-summary';

const security = [{ bearerAuth: [] }];

/** A stored manual reply as user_reply/ answers it. */
const toChannelReply = (item: Item): ChannelReply => ({
  id: String(item.id),
  sharedThreadId: String(item.sharedThreadID),
  content: String(item.content),
  deliveryStatus: 'pending',
  createdAt: String(item.createdAt),
});

/** The owner's calls on their accounts, per channel, and the `/social` summary. All need the bearer token. */
export async function channelAccountRoutes(fastify: FastifyInstance, { ctx }: { ctx: ChannelsContext }) {
  // LINE's console checks the URL with a GET before saving it; deliveries are POSTs (webhooks/).
  fastify.get(
    '/line/webhook/',
    { schema: { tags: ['LINE'], summary: 'LINE webhook URL check', response: { 200: z.object({ detail: z.string() }) } } },
    async () => ({ detail: 'LINE webhooks are received here by POST, signed with the channel secret.' }),
  );

  await fastify.register(async (signedIn) => {
    signedIn.addHook('preHandler', requireViewer(signedIn));
    const app = signedIn.withTypeProvider<ZodTypeProvider>();
    const owner = (request: FastifyRequest) => viewerOf(request).email;

    app.get(
      '/meta/social/',
      {
        schema: {
          tags: ['Social'],
          security,
          summary: 'Your connected accounts per channel, for /social',
          description:
            'Each account with the assistant behind it, its token’s state, the last webhook and the last send error. Never a token.',
          response: { 200: socialSummarySchema },
        },
      },
      async (request) => getSocialSummary(ctx, viewerOf(request)),
    );

    app.post(
      '/line/connect/',
      {
        config: authRateLimit(ctx.env),
        schema: {
          tags: ['LINE'],
          security,
          summary: 'Connect a LINE channel by its ID, secret and access token',
          description: 'The token is checked with LINE’s bot-info call first: a refused one is 400 and nothing is saved.',
          body: lineConnectSchema,
          response: { 201: channelAccountSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await connectLineChannel(ctx, { ...request.body, ownerEmail: owner(request) })),
    );

    for (const channel of channelNames) {
      const tags = [channelLabels[channel]];
      app.post(
        `/${channel}/account/`,
        {
          schema: {
            tags,
            security,
            summary: `Choose the ${channelLabels[channel]} account that answers, and its assistant`,
            description: 'Another owner’s account or assistant is 404; an account another owner answers with is 409.',
            body: chooseAccountSchema,
            response: { 200: channelAccountSchema },
          },
        },
        async (request) => chooseAccount(ctx, { ownerEmail: owner(request), channel, ...request.body }),
      );

      app.post(
        `/${channel}/disconnect/`,
        {
          schema: {
            tags,
            security,
            summary: `Disconnect a ${channelLabels[channel]} account (its conversations stay)`,
            body: disconnectAccountSchema,
            response: { 200: channelAccountSchema },
          },
        },
        async (request) => disconnectAccount(ctx, { ownerEmail: owner(request), channel, accountId: request.body.accountId }),
      );

      app.post(
        `/${channel}/user_reply/`,
        {
          schema: {
            tags,
            security,
            summary: `Answer a ${channelLabels[channel]} customer by hand`,
            description:
              'Stored like the inbox’s manual replies (auto-reply paused) and sent by the outbound-send job. 409 when the platform would refuse it: outside the reply window (WhatsApp after 24 h needs a template; Messenger and Instagram after 7 days), or while the account is disconnected or its token refused. Another owner’s thread is 404.',
            body: userReplySchema,
            response: { 201: channelReplySchema },
          },
        },
        async (request, reply) =>
          reply.status(201).send(toChannelReply(await replyByHand(ctx, { ownerEmail: owner(request), channel, ...request.body }))),
      );
    }
  });
}
