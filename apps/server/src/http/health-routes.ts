import type { FastifyInstance } from 'fastify';

/**
 * Liveness (process up) and readiness (database reachable, migrations applied). Redis, when
 * configured, is reported but does not make the process unready: without it turns, uploads and
 * webhooks still work and only live updates pause, so taking every instance out of a load balancer
 * during a Redis outage would turn a degraded service into no service.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const { database, events } = app.services;
    const ready = await database.isReady();
    const redis = events.redisConnected();
    const status = !ready ? 'unavailable' : redis === false ? 'degraded' : 'ready';
    return reply.status(ready ? 200 : 503).send({
      status,
      database: database.kind,
      ...(redis === null ? {} : { redis: redis ? 'connected' : 'unavailable' }),
    });
  });
}
