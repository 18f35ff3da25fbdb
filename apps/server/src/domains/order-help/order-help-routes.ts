import { orderHelpShopResponseSchema } from '@aisle/contracts/commerce';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { forgetOwnerShops, ownerShops } from './owner-shops';

/** What the order help can act for, mounted under `/api` by app.ts. */
export async function orderHelpRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services;
  app.addHook('onRequest', requireViewer(app));

  app.get(
    '/assistant/order-help/',
    {
      schema: {
        tags: ['Assistants'],
        summary: 'The Shopify store the built-in order help acts for',
        description:
          "The caller's connected, authorised Shopify store (the newest), or null: without one no assistant offers order help. " +
          'Answers on every server, with Shopify configured or not.',
        security: [{ bearerAuth: [] }],
        response: { 200: orderHelpShopResponseSchema },
      },
    },
    async (request) => {
      // Read afresh (and so also refreshed for the owner's turns): the owner may have just connected one.
      const { email } = viewerOf(request);
      forgetOwnerShops(db, email);
      const [shop] = await ownerShops(db, email);
      return { shopDomain: shop?.shopDomain ?? null };
    },
  );
}
