import { existsSync, readFileSync } from 'node:fs';
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
export const webAppRoutes = fp(async (app: FastifyInstance, options: WebAppOptions) => {
  const hasBuild = existsSync(path.join(options.distDir, 'index.html'));
  // Read once: every client route answers it, the embedded admin's with App Bridge added.
  const indexHtml = hasBuild ? readFileSync(path.join(options.distDir, 'index.html'), 'utf8') : '';
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
      const html = withShopifyHead(indexHtml, options.shopify, request.query as Record<string, unknown>);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    return reply.status(404).send({ detail: 'Not found.' });
  });
});

export interface WebAppOptions {
  distDir: string;
  /** The Shopify app's public client id and where App Bridge is loaded from; null when Shopify is off. */
  shopify: { apiKey: string; appBridgeUrl: string } | null;
}

const SHOP = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Shopify's embedded-app setup (App Bridge docs): the `shopify-api-key` meta and the App Bridge
 * script first in the head, loaded synchronously. The API key (the public client id, never the
 * secret) is in every page while Shopify is configured (the preferences page builds the theme
 * editor link with it); App Bridge only in the admin's frame (`embedded=1` with `host` and `shop`).
 */
export function withShopifyHead(html: string, shopify: WebAppOptions['shopify'], query: Record<string, unknown>): string {
  if (!shopify) return html;
  const embedded = query.embedded === '1' && typeof query.host === 'string' && typeof query.shop === 'string' && SHOP.test(query.shop);
  const head = [
    `<meta name="shopify-api-key" content="${escapeAttribute(shopify.apiKey)}" />`,
    embedded ? `<script src="${escapeAttribute(shopify.appBridgeUrl)}"></script>` : '',
  ].join('');
  return html.replace(/<head>/i, (open) => `${open}${head}`);
}

/** The public chat page is opened by the storefront widget in an iframe on any shop's domain. */
function allowAnyFramer(reply: FastifyReply) {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') reply.header('content-security-policy', policy.replace(/frame-ancestors[^;]*/, 'frame-ancestors *'));
}
