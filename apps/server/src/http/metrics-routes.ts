import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { metricsEndpoint, type OpsServer, startOpsServer } from '../lib/metrics/ops-server';

/**
 * Counts every HTTP request by method, route pattern and status, with its duration. Added on the
 * root instance (not in a plugin) so the hook sees every route. The pattern, never the URL: ids in
 * paths would make a series per thread. A request no route matched (404s, probes) is `unmatched`.
 */
export function recordRequestMetrics(app: FastifyInstance) {
  const { metrics } = app.services;
  // A callback hook, not an async one: no promise per request on the hot path.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * `GET /metrics` in Prometheus text format. Without METRICS_PORT it is a route of the app (hidden
 * from the API docs). With METRICS_PORT it is served only on that port, by a small server of its
 * own, and the app's port answers 404: the public port need not expose it. In a web process of
 * WEB_CONCURRENCY the cluster's primary serves the sum of every process instead (web-cluster.ts).
 */
export async function metricsRoutes(app: FastifyInstance) {
  const { metrics, env, logger } = app.services;
  const render = metricsEndpoint(metrics.contentType, () => metrics.render());
  if (env.METRICS_PORT === undefined) {
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      const { contentType, body } = await render();
      return reply.type(contentType).send(body);
    });
    return;
  }
  if (cluster.isWorker) return;
  const port = env.METRICS_PORT;
  let server: OpsServer | undefined;
  app.addHook('onReady', async () => {
    server = await startOpsServer({ port, host: env.HOST, routes: { '/metrics': render }, logger });
  });
  app.addHook('onClose', async () => server?.close());
}
