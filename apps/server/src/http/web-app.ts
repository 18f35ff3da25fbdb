import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Paths the single-page app never owns: these 404 as JSON instead of falling back to index.html. */
const SERVER_PREFIXES = ['/api/', '/graphql', '/media/', '/healthz', '/readyz'];

/** Serves the built React app with an index.html fallback for every client route. */
export async function webAppRoutes(app: FastifyInstance, options: { distDir: string }) {
  const index = path.join(options.distDir, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ distDir: options.distDir }, 'web app build not found; only the API is served (run `npm run build`)');
    return;
  }
  await app.register(fastifyStatic, { root: options.distDir, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const isServerPath = SERVER_PREFIXES.some((p) => request.url.startsWith(p));
    if ((request.method === 'GET' || request.method === 'HEAD') && !isServerPath) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ detail: 'Not found.' });
  });
}
