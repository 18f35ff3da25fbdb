import type { Services } from '../services';

export interface Readiness {
  statusCode: 200 | 503;
  body: { status: 'ready' | 'degraded' | 'unavailable'; database: string; redis?: 'connected' | 'unavailable' };
}

/**
 * Readiness (database reachable, migrations applied), as a web process's /readyz and a worker's
 * both answer it. Redis, when configured, is reported but does not make the process unready:
 * without it turns, uploads and webhooks still work and only live updates pause, so taking every
 * instance out of a load balancer during a Redis outage would turn a degraded service into no service.
 */
export async function readinessOf(services: Pick<Services, 'database' | 'events'>): Promise<Readiness> {
  const { database, events } = services;
  const ready = await database.isReady();
  const redis = events.redisConnected();
  return {
    statusCode: ready ? 200 : 503,
    body: {
      status: !ready ? 'unavailable' : redis === false ? 'degraded' : 'ready',
      database: database.kind,
      ...(redis === null ? {} : { redis: redis ? 'connected' : 'unavailable' }),
    },
  };
}
