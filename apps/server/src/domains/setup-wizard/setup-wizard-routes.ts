import { wizardRequestSchema, wizardStartResponseSchema, wizardUsageResponseSchema } from '@aisle/contracts/setup-wizard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { incrementWizardUsage } from './increment-wizard-usage';
import { createSetupWizardContext } from './setup-wizard-context';
import { startWizard } from './start-wizard';

const tags = ['Setup wizard'];
const security = [{ bearerAuth: [] }];

/** Spec §7 "Wizard": the two calls, mounted at `/api/wizard` (bearer token). */
export async function setupWizardRoutes(fastify: FastifyInstance) {
  const ctx = createSetupWizardContext(fastify.services);
  fastify.addHook('preHandler', requireViewer(fastify));
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/start-process/',
    {
      schema: {
        tags,
        security,
        summary: 'Build an assistant from your connected Shopify store (a background job; progress on your Wizard record)',
        description:
          '201 when a run was started, 200 when one is already going (nothing changes) or the wizard is completed. Without a connected shop: 404 `{"detail": "Connect your Shopify store first."}`.',
        body: wizardRequestSchema.optional(),
        response: { 200: wizardStartResponseSchema, 201: wizardStartResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await startWizard(ctx, { ownerEmail: viewerOf(request).email, shop: request.body?.shop });
      return reply.status(result.started ? 201 : 200).send(result);
    },
  );

  app.post(
    '/increment-usage/',
    {
      schema: {
        tags,
        security,
        summary: 'Count one wizard run against your tier',
        body: wizardRequestSchema.optional(),
        response: { 200: wizardUsageResponseSchema },
      },
    },
    async (request) => incrementWizardUsage(ctx, { ownerEmail: viewerOf(request).email }),
  );
}
