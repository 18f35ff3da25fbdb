import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountDataRoutes } from './domains/account-data';
import { accountRoutes, avatarMediaRoutes } from './domains/accounts';
import { modelRoutes } from './domains/ai';
import { analyticsRoutes } from './domains/analytics';
import { assistantRoutes } from './domains/assistants';
import { billingRoutes, seedTierPlans } from './domains/billing';
import { channelRoutes } from './domains/channels';
import { chatRoutes } from './domains/chat';
import { downloadRoutes } from './domains/exports';
import { functionRoutes } from './domains/functions';
import { knowledgeRoutes } from './domains/knowledge';
import { notificationRoutes } from './domains/notifications';
import { onboardingRoutes } from './domains/onboarding';
import { orderHelpRoutes } from './domains/order-help';
import { paymentRoutes } from './domains/payments';
import { setupWizardRoutes } from './domains/setup-wizard';
import { sharedAssistantRoutes } from './domains/sharing';
import { shopifyRoutes } from './domains/shopify';
import { seedTemplates } from './domains/templates';
import { testSuiteRoutes } from './domains/test-suites';
import { variableRoutes } from './domains/variables';
import { visitorChatRoutes } from './domains/visitor-chat';
import { graphqlRoutes } from './graphql/graphql-routes';
import { registerErrorHandler } from './http/error-handler';
import { refuseWhileDraining } from './http/graceful-close';
import { healthRoutes } from './http/health-routes';
import { registerInputChecks } from './http/input-checks';
import { metricsRoutes, recordRequestMetrics } from './http/metrics-routes';
import { objectLinkRoutes } from './http/object-link-routes';
import { rateLimitRedis } from './http/rate-limit-redis';
import { registerRequestContext, requestIdOf } from './http/request-context';
import { webAppRoutes } from './http/web-app';
import type { Services } from './services';
import { APP_VERSION } from './version';
import { webhookRoutes } from './webhooks/webhook-routes';
import { webhookSources } from './webhooks/webhook-sources';

export interface BuildAppOptions {
  services: Services;
  /** Fastify's own options (logger instance, …). */
  fastify?: FastifyServerOptions;
}

/** Origins allowed to frame the app: the Shopify admin and shops' own admin domains. */
const EMBEDDING_ORIGINS = ['https://admin.shopify.com', 'https://*.myshopify.com'];

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Builds the whole service without listening (tests call `inject` or `listen` themselves).
 * Plugin order matters: security and parsing plugins first (CORS before the refusal of requests
 * while the process drains, so browsers can read it), then documentation, then routes.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { services } = options;
  const { env } = services;
  await seedTemplates(services.db);
  await seedTierPlans(services.db);
  const app = Fastify({
    bodyLimit: env.BODY_LIMIT,
    // Only behind a proxy that sets X-Forwarded-For may it be trusted: otherwise any client could
    // pick its own address and escape the per-client rate limits.
    trustProxy: env.TRUST_PROXY,
    // Each request's id is the caller's X-Request-Id when well formed, else a random UUID; it is
    // logged as `reqId`, answered in X-Request-Id and carried into the jobs the request queues.
    genReqId: requestIdOf,
    requestIdHeader: false,
    // The spec's paths all end in "/"; accept both forms rather than 404 a client that drops it.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // The process closes the app once it has drained (http/graceful-close.ts): a connection still
    // open then (a stuck request, a socket that never answered) is cut rather than waited for.
    forceCloseConnections: true,
    ...options.fastify,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('services', services);
  app.decorateRequest('viewer', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First, so every response (errors, 404s, CORS preflights, event streams) names its request id.
  registerRequestContext(app, { tracing: services.tracing.enabled });
  registerErrorHandler(app);
  registerInputChecks(app);
  recordRequestMetrics(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'https:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        // The app runs embedded in the Shopify admin (spec §2), so those may frame it; the public
        // chat page widens this for storefronts (http/web-app.ts). X-Frame-Options cannot express
        // this, so it is off and frame-ancestors decides.
        'frame-ancestors': ["'self'", ...EMBEDDING_ORIGINS, ...env.FRAME_ANCESTORS],
        // App Bridge comes from Shopify (SHOPIFY_APP_BRIDGE_URL), first in the embedded page's head.
        'script-src': ["'self'", new URL(env.SHOPIFY_APP_BRIDGE_URL).origin],
        // Only force https for subresources when the app itself is served over https.
        'upgrade-insecure-requests': env.PUBLIC_URL.startsWith('https:') ? [] : null,
      },
    },
    frameguard: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, { origin: env.CORS_ORIGINS, credentials: true });
  refuseWhileDraining(app);
  // Rate limits apply per route (authentication calls, the public chat); see the account and
  // sharing routes. Counted in Redis when scaled out, so they hold across instances.
  const rateLimitStore = await rateLimitRedis(env.REDIS_URL, services.logger);
  if (rateLimitStore) app.addHook('onClose', async () => void (await rateLimitStore.quit().catch(() => undefined)));
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitStore ? { redis: rateLimitStore, nameSpace: 'aisle-rate-limit:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      detail: `Request was throttled. Expected available in ${Math.ceil(context.ttl / 1000)} seconds.`,
      message: `Request was throttled. Expected available in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Aisle REST API', version: APP_VERSION, description: 'REST calls of the Aisle service (spec §7).' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Uploaded avatars at /media/avatars/ (DATA_DIR or the bucket), and the disk storage's signed object links.
  await app.register(avatarMediaRoutes);
  await app.register(objectLinkRoutes, { prefix: '/api' });

  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(accountRoutes, { prefix: '/api' });
  await app.register(accountDataRoutes, { prefix: '/api' });
  await app.register(billingRoutes, { prefix: '/api' });
  await app.register(notificationRoutes, { prefix: '/api' });
  await app.register(analyticsRoutes, { prefix: '/api' });
  await app.register(onboardingRoutes, { prefix: '/api' });
  await app.register(orderHelpRoutes, { prefix: '/api' });
  await app.register(testSuiteRoutes, { prefix: '/api' });
  await app.register(knowledgeRoutes, { prefix: '/api' });
  await app.register(modelRoutes, { prefix: '/api' });
  await app.register(assistantRoutes, { prefix: '/api' });
  await app.register(functionRoutes, { prefix: '/api' });
  await app.register(chatRoutes, { prefix: '/api' });
  await app.register(sharedAssistantRoutes, { prefix: '/api' });
  await app.register(visitorChatRoutes, { prefix: '/api' });
  await app.register(variableRoutes, { prefix: '/api' });
  await app.register(downloadRoutes, { prefix: '/api' });
  await app.register(shopifyRoutes, { prefix: '/api/sh' });
  await app.register(setupWizardRoutes, { prefix: '/api/wizard' });
  await app.register(paymentRoutes, { prefix: '/api' });
  await app.register(channelRoutes, { prefix: '/api' });
  await app.register(webhookRoutes, { sources: webhookSources(services) });
  await app.register(graphqlRoutes);
  await app.register(webAppRoutes, {
    distDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaultWebDist,
    shopify: env.SHOPIFY_API_KEY ? { apiKey: env.SHOPIFY_API_KEY, appBridgeUrl: env.SHOPIFY_APP_BRIDGE_URL } : null,
  });

  return app;
}
