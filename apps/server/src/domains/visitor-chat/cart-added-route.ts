import { cartAddedRequestSchema } from '@aisle/contracts/visitor-chat';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordCartAdded } from './record-cart-added';
import type { VisitorChatContext } from './visitor-chat-context';

/** Two tokens, a variant id and a product title: a small body, refused past this (413). */
const CART_ADDED_BODY_LIMIT = 4_096;

/**
 * `POST /api/shared-chat/cart-added/` (issue 32): the chat in the storefront widget reports a
 * product the shopper added to the shop's cart from a card. Limited like the visitor's other calls
 * on their thread (`reads`: per visitor token).
 */
export function registerCartAddedRoute(
  fastify: FastifyInstance,
  options: { ctx: VisitorChatContext; limit: (request: FastifyRequest, reply: FastifyReply) => Promise<void> },
) {
  fastify.withTypeProvider<ZodTypeProvider>().post(
    '/shared-chat/cart-added/',
    {
      bodyLimit: CART_ADDED_BODY_LIMIT,
      preHandler: options.limit,
      schema: {
        tags: ['Shared chat'],
        summary: 'Report a product the shopper added to the storefront’s cart from a product card',
        description:
          '204 once recorded for the shop’s owner. Needs the thread’s visitor token; otherwise 404 "Conversation not found.". ' +
          '400 for a malformed body (the variant id is Shopify’s numeric id; quantity 1 to 99). 404/410 when the link is gone, ' +
          '429 with Retry-After when the visitor sends too much.',
        body: cartAddedRequestSchema,
      },
    },
    async (request, reply) => {
      await recordCartAdded(options.ctx.db, request.body);
      return reply.status(204).send();
    },
  );
}
