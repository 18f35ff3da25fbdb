import {
  catalogSyncRequestSchema,
  catalogSyncResponseSchema,
  pageQuerySchema,
  shopCallbackQuerySchema,
  shopCallbackResponseSchema,
  shopDomainParamsSchema,
  shopInfoSchema,
  shopInstallQuerySchema,
  shopProductPageSchema,
  shopSettingsQuerySchema,
  shopSettingsSchema,
  shopSettingsUpdateSchema,
  userStorePageSchema,
  validateSessionQuerySchema,
  validateSessionResponseSchema,
} from '@aisle/contracts/shopify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { authRateLimit } from '../accounts';
import { beginInstall } from './begin-install';
import { queueStorefrontConfiguration } from './catalog-jobs';
import { completeInstall } from './complete-install';
import { disconnectStore } from './disconnect-store';
import { listShopProducts } from './list-shop-products';
import { listUserStores } from './list-user-stores';
import { REAUTHORIZE_HEADER, REAUTHORIZE_URL_HEADER, reauthorizeUrl, ShopReauthorizeError } from './reauthorize-error';
import { getShopInfo, requestCatalogSync } from './shop-info';
import { getShopSettings, saveShopSettings } from './shop-settings';
import { createShopifyContext, requireShopify } from './shopify-context';
import { validateEmbeddedSession } from './validate-embedded-session';

const tags = ['Shopify'];
const security = [{ bearerAuth: [] }];
const notConfigured = 'Every call is 404 `{"detail": "Shopify is not configured."}` without SHOPIFY_API_KEY and SHOPIFY_API_SECRET.';

/** The request as the library reads it: our public URL (the one Shopify signed) and the headers. */
const libraryRequest = (request: FastifyRequest, publicUrl: string) => {
  const headers = new Headers();
  for (const name of ['cookie', 'user-agent'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return { url: `${publicUrl}${request.url}`, headers, query: request.query as Record<string, string> };
};

/**
 * The Shopify integration's REST calls (spec §7 "Commerce platform", "Embedded flows"), mounted at
 * `/api/sh` by app.ts; the inbound webhooks are the webhooks/ transport's. Install, callback and
 * session validation are public (Shopify signs them); the rest need the account's bearer token.
 */
export async function shopifyRoutes(fastify: FastifyInstance) {
  const ctx = createShopifyContext(fastify.services);
  // Off without credentials: every call says so, before anything else is read.
  fastify.addHook('onRequest', async () => void requireShopify(ctx));
  // Shopify's embedded auth strategy: the embedded client reconnects when it sees these headers.
  fastify.addHook('onError', async (_request, reply, error) => {
    if (!(error instanceof ShopReauthorizeError)) return;
    reply.header(REAUTHORIZE_HEADER, '1');
    reply.header(REAUTHORIZE_URL_HEADER, reauthorizeUrl(ctx.env.PUBLIC_URL, error.shop));
    reply.header('Access-Control-Expose-Headers', `${REAUTHORIZE_HEADER}, ${REAUTHORIZE_URL_HEADER}`);
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const publicUrl = ctx.env.PUBLIC_URL;

  app.get(
    '/install/',
    {
      config: authRateLimit(ctx.env),
      schema: {
        tags,
        summary: 'Start the install: check Shopify’s signature, then redirect to the shop’s grant page',
        description: `Needs \`shop\`, \`timestamp\` and \`hmac\` (Shopify signs every parameter). A forged or stale query is 400. ${notConfigured}`,
        querystring: shopInstallQuerySchema,
      },
    },
    async (request, reply) => {
      const redirect = await beginInstall(ctx, libraryRequest(request, publicUrl));
      if (redirect.setCookie.length) reply.header('set-cookie', redirect.setCookie);
      if (!redirect.location) return reply.status(redirect.status).send();
      return reply.redirect(redirect.location, redirect.status);
    },
  );

  app.get(
    '/callback/',
    {
      config: authRateLimit(ctx.env),
      schema: {
        tags,
        summary: 'Finish the install: exchange the grant code, sign the shop’s account in',
        description:
          'Call it with every parameter the grant page redirected with (`code, hmac, host, shop, state, timestamp`), from the browser that started the install (the state cookie). A forged, stale or replayed query is 400 and changes nothing.',
        querystring: shopCallbackQuerySchema,
        response: { 200: shopCallbackResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await completeInstall(ctx, libraryRequest(request, publicUrl));
      if (result.setCookie.length) reply.header('set-cookie', result.setCookie);
      return result.body;
    },
  );

  app.get(
    '/validate_session/',
    {
      config: authRateLimit(ctx.env),
      schema: {
        tags,
        summary: 'Embedded sign-in: exchange the App Bridge session token for our access token',
        description:
          'An invalid, expired or foreign session token (or one whose `iss` and `dest` name different shops) is 401. The first call for a shop gets its offline token by token exchange.',
        querystring: validateSessionQuerySchema,
        response: { 200: validateSessionResponseSchema },
      },
    },
    async (request) => validateEmbeddedSession(ctx, { sessionToken: request.query.shopify_token }),
  );

  await app.register(async (signedIn) => {
    signedIn.addHook('preHandler', requireViewer(signedIn));
    const routes = signedIn.withTypeProvider<ZodTypeProvider>();
    const owner = (request: FastifyRequest) => viewerOf(request).email;

    routes.get(
      '/user-stores/',
      {
        schema: {
          tags,
          security,
          summary: 'The shops connected to your account',
          querystring: pageQuerySchema,
          response: { 200: userStorePageSchema },
        },
      },
      async (request) => listUserStores(ctx, { ownerEmail: owner(request), page: request.query.page }),
    );

    routes.delete(
      '/user-stores/:shop_domain/',
      {
        schema: {
          tags,
          security,
          summary: 'Disconnect a shop (its tokens are revoked and the widget turned off; its data stays)',
          description: 'A shop that is not yours is 404.',
          params: shopDomainParamsSchema,
        },
      },
      async (request, reply) => {
        await disconnectStore(ctx, { ownerEmail: owner(request), shopDomain: request.params.shop_domain });
        return reply.status(204).send();
      },
    );

    routes.get(
      '/products/',
      {
        schema: {
          tags,
          security,
          summary: 'Your synced catalog, by title',
          querystring: pageQuerySchema.extend({ shop: z.string().max(255).optional() }),
          response: { 200: shopProductPageSchema },
        },
      },
      async (request) => listShopProducts(ctx, { ownerEmail: owner(request), page: request.query.page, shop: request.query.shop }),
    );

    routes.get(
      '/shop/',
      {
        schema: {
          tags,
          security,
          summary: 'Your shop as Shopify reports it now (a live Admin API call)',
          description:
            'When Shopify refuses the store’s token: 401 with `X-Shopify-API-Request-Failure-Reauthorize: 1` and `X-Shopify-API-Request-Failure-Reauthorize-Url`.',
          querystring: shopSettingsQuerySchema,
          response: { 200: shopInfoSchema },
        },
      },
      async (request) => getShopInfo(ctx, { ownerEmail: owner(request), shop: request.query.shop }),
    );

    routes.post(
      '/sync/',
      {
        schema: {
          tags,
          security,
          summary: 'Read the catalog again now (a background job)',
          body: catalogSyncRequestSchema,
          response: { 200: catalogSyncResponseSchema },
        },
      },
      async (request) => requestCatalogSync(ctx, { ownerEmail: owner(request), shop: request.body.shop }),
    );

    routes.get(
      '/settings/',
      {
        schema: {
          tags,
          security,
          summary: 'A shop’s storefront preferences (default: your most recently installed shop)',
          querystring: shopSettingsQuerySchema,
          response: { 200: shopSettingsSchema },
        },
      },
      async (request) => getShopSettings(ctx, { ownerEmail: owner(request), shop: request.query.shop }),
    );

    routes.post(
      '/settings/',
      {
        schema: {
          tags,
          security,
          summary: 'Change a shop’s storefront preferences (the storefront embed’s metafields follow in a background job)',
          description: '`sharedAssistantId` must be one of your shared assistants (400 otherwise).',
          body: shopSettingsUpdateSchema,
          response: { 200: shopSettingsSchema },
        },
      },
      async (request) => {
        const settings = await saveShopSettings(ctx, { ownerEmail: owner(request), changes: request.body });
        // The storefront embed reads the app's metafields: they follow in a job (Shopify may be slow or down).
        await queueStorefrontConfiguration(ctx, settings.shop);
        return settings;
      },
    );
  });
}
