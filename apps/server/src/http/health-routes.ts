import type { FastifyInstance } from 'fastify';
import { readinessOf } from './readiness';

/** Liveness (process up) and readiness (database reachable, migrations applied; see readiness.ts). */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const { statusCode, body } = await readinessOf(app.services);
    return reply.status(statusCode).send(body);
  });
}
