import { modelsResponseSchema } from '@aisle/contracts/models';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer } from '../../http/authenticate';
import { modelCatalog } from './model-catalog';

/** The models assistants can use here, with prices; mounted under `/api` by app.ts. */
export async function modelRoutes(fastify: FastifyInstance) {
  // Configuration is fixed at boot, so the list is too.
  const catalog = modelCatalog(fastify.services.env);
  const body = {
    models: catalog.models.map(({ id, provider, name, price }) => ({
      id,
      provider,
      name,
      pricing: {
        inputPerMillion: price.inputPerMillion,
        outputPerMillion: price.outputPerMillion,
        cachedInputPerMillion: price.cachedInputPerMillion,
        asOf: price.asOf,
        priced: price.priced,
      },
      default: id === catalog.defaultModelId,
    })),
  };

  await fastify.register(async (authenticated) => {
    authenticated.addHook('onRequest', requireViewer(authenticated));
    const app = authenticated.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/models/',
      {
        schema: {
          tags: ['Models'],
          summary: 'Language models available to assistants, with USD prices per million tokens',
          security: [{ bearerAuth: [] }],
          response: { 200: modelsResponseSchema },
        },
      },
      async () => body,
    );
  });
}
