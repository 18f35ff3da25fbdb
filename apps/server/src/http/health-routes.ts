import type { FastifyInstance } from 'fastify';

/** Liveness (process up) and readiness (database reachable, migrations applied). */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const ready = await app.services.database.isReady();
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', database: app.services.database.kind });
  });
}
