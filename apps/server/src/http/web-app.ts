import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Paths the single-page app never owns: these 404 as JSON instead of falling back to index.html. */
const SERVER_PREFIXES = ['/api/', '/graphql', '/media/', '/healthz', '/readyz'];

/** The storefront widget's loader, built into the web app's dist (apps/web/src/widget). */
const WIDGET_SCRIPT = 'widget.js';

/**
 * Serves the built React app with an index.html fallback for every client route, and owns the
 * app-wide not-found handler (API paths 404 as JSON). Registered at the root (fastify-plugin).
 */
export const webAppRoutes = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  const hasBuild = existsSync(path.join(options.distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // @fastify/static 10 passes the Fastify reply here.
      setHeaders(reply: FastifyReply, filePath: string) {
        // The storefront widget's loader is a script on every shop's own pages, so other origins
        // may load it (helmet's default resource policy is same-origin); it changes with each build.
        if (path.basename(filePath) === WIDGET_SCRIPT) {
          reply.header('cross-origin-resource-policy', 'cross-origin');
          reply.header('cache-control', 'public, max-age=300');
        }
      },
    });
  } else {
    app.log.warn({ distDir: options.distDir }, 'web app build not found; only the API is served (run `npm run build`)');
  }
  app.setNotFoundHandler((request, reply) => {
    const isServerPath = SERVER_PREFIXES.some((p) => request.url.startsWith(p));
    if (hasBuild && (request.method === 'GET' || request.method === 'HEAD') && !isServerPath) {
      if (request.url.startsWith('/shared/chat')) allowAnyFramer(reply);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ detail: 'Not found.' });
  });
});

/** The public chat page is opened by the storefront widget in an iframe on any shop's domain. */
function allowAnyFramer(reply: FastifyReply) {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') reply.header('content-security-policy', policy.replace(/frame-ancestors[^;]*/, 'frame-ancestors *'));
}
