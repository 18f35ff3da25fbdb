import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';

/** What one operations endpoint answers. */
export interface OpsResponse {
  status: number;
  contentType: string;
  body: string;
}

export interface OpsServer {
  /** The port it listens on (the one asked for, or the one given for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * A small HTTP server for operators only (`GET /metrics`, and a worker's `/healthz` and `/readyz`),
 * on its own port: a worker serves nothing else, and a web process keeps its metrics off the public
 * port when METRICS_PORT is set. node:http rather than a second Fastify: a handful of GET paths,
 * no body, no plugins. Any other path or method is 404.
 */
export async function startOpsServer(options: {
  port: number;
  host: string;
  routes: Record<string, () => Promise<OpsResponse>>;
  logger: Pick<Logger, 'error'>;
}): Promise<OpsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const route = request.method === 'GET' || request.method === 'HEAD' ? options.routes[path] : undefined;
    if (!route) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'Not found.' }));
      return;
    }
    route().then(
      (answer) => response.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body),
      (error: unknown) => {
        options.logger.error({ err: error, path }, 'an operations endpoint failed');
        response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'Internal server error.' }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        // A scraper's keep-alive connection would hold close() open until it timed out.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `/metrics` from a render function (one registry, or the cluster's sum). */
export const metricsEndpoint = (contentType: string, render: () => Promise<string>) => async (): Promise<OpsResponse> => ({
  status: 200,
  contentType,
  body: await render(),
});
