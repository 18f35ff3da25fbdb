import { commerceCountsQuerySchema, commerceCountsResponseSchema, refreshAnalyticsResponseSchema } from '@aisle/contracts/analytics';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { countCommerceActions } from './count-commerce-actions';
import { refreshCustomerValueAnalytics } from './refresh-customer-value-analytics';

const security = [{ bearerAuth: [] }];

/** The dashboard's refresh button and its "From chat" counts, mounted under `/api` by app.ts. */
export async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, events } = app.services;
  app.addHook('onRequest', requireViewer(app));

  app.post(
    '/analytics/refresh/',
    {
      // Each click recomputes every period of the owner: a held-down button cannot keep the database busy.
      config: {
        rateLimit: {
          max: env.ANALYTICS_REFRESH_RATE_LIMIT,
          timeWindow: '1 minute',
          hook: 'preHandler' as const,
          keyGenerator: (request: FastifyRequest) => `analytics:${viewerOf(request).email}`,
        },
      },
      schema: {
        tags: ['Analytics'],
        summary: "Recompute the caller's customer-value analytics now",
        description:
          'Answers once the rows are written; read them with `listCustomerValueAnalytics`. `written` counts rows ' +
          'inserted or changed (0 when nothing changed since the last refresh). 429 when refreshed too often.',
        security,
        response: { 200: refreshAnalyticsResponseSchema },
      },
    },
    async (request) => {
      const result = await refreshCustomerValueAnalytics(db, viewerOf(request).email, { events });
      return { ...result, refreshedAt: result.refreshedAt.toISOString() };
    },
  );

  app.get(
    '/analytics/commerce/',
    {
      schema: {
        tags: ['Analytics'],
        summary: "The caller's orders helped, returns started and cart additions from chat, per UTC day",
        description:
          'Counted from the commerce action log (`listCommerceActions`) when asked, from `since` on (at most ' +
          '366 days back). Filter by `assistantId` or by `channel` (a thread origin). Days without any are left out.',
        security,
        querystring: commerceCountsQuerySchema,
        response: { 200: commerceCountsResponseSchema },
      },
    },
    async (request) => ({ days: await countCommerceActions(db, { ownerEmail: viewerOf(request).email, ...request.query }) }),
  );
}
