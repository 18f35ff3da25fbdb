import {
  billingOptionsSchema,
  checkoutIdParamsSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  checkoutStatusSchema,
  portalResponseSchema,
  stripeProductsSchema,
  TOP_UP_AMOUNTS_USD,
  topUpRequestSchema,
} from '@aisle/contracts/billing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer, viewerOf } from '../../http/authenticate';
import { AppError } from '../../lib/app-error';
import { loadActiveUser } from '../accounts';
import { findCheckout, toCheckoutStatus } from '../billing';
import { confirmShopifyCharge } from './confirm-shopify-charge';
import { paymentMessages } from './payment-messages';
import { createPaymentsContext, isShopifyAccount, type PaymentsContext } from './payments-context';
import { createShopifyCharge } from './shopify-charges';
import { openCustomerPortal, providerFailure, requireStripe, startStripeCheckout } from './start-stripe-checkout';
import { listStripePrices } from './stripe-prices';

const security = [{ bearerAuth: [] }];
const unavailable =
  'Without STRIPE_SECRET_KEY: 503 `{"detail": "Paid plans are not available on this server…", "code": "payments_unavailable"}`.';

/** What the Account screen may offer this user on this server. */
function billingOptions(ctx: PaymentsContext, email: string) {
  const shop = isShopifyAccount(email);
  const configured = shop ? Boolean(ctx.shopify.api) : Boolean(ctx.stripe);
  return {
    provider: configured ? (shop ? ('shopify' as const) : ('stripe' as const)) : null,
    unavailable_reason: configured ? null : shop ? paymentMessages.shopifyNotConfigured : paymentMessages.stripeNotConfigured,
    top_up_amounts_usd: [...TOP_UP_AMOUNTS_USD],
  };
}

/**
 * The payment provider's calls (spec §7: `stripe/customer-portal/`, `stripe/products/`), checkouts
 * (`stripe/checkout/`, `users/top-up-usd/`), and Shopify's billing for shops (`sh/create-charge/`,
 * `sh/billing/confirm/`). Mounted under `/api` by app.ts; Stripe's webhook is the webhooks/ transport's.
 */
export async function paymentRoutes(fastify: FastifyInstance) {
  const ctx = createPaymentsContext({ ...fastify.services, logger: fastify.log as unknown as PaymentsContext['logger'] });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Shopify sends the merchant here after its approval page: a browser redirect, no bearer token.
  app.get(
    '/sh/billing/confirm/',
    {
      schema: {
        tags: ['Shopify'],
        summary: 'Back from Shopify’s approval page: check the charge with Shopify, then return to the admin',
        description:
          'Credits or starts the tier only when Shopify reports the charge ACTIVE; redirects (302) into the Shopify admin either way.',
        querystring: z.object({ checkout: z.string().max(100), charge_id: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      if (!ctx.shopify.api) throw new AppError('NOT_FOUND', paymentMessages.shopifyNotConfigured);
      return reply.redirect(await confirmShopifyCharge(ctx, { checkoutId: request.query.checkout }), 302);
    },
  );

  await app.register(async (signedIn) => {
    signedIn.addHook('preHandler', requireViewer(signedIn));
    const routes = signedIn.withTypeProvider<ZodTypeProvider>();
    const me = (request: FastifyRequest) => loadActiveUser({ db: ctx.db, userId: viewerOf(request).userId });

    routes.get(
      '/users/billing/',
      {
        schema: {
          tags: ['Users'],
          security,
          summary: 'How you can pay on this server (Stripe, Shopify, or not at all)',
          response: { 200: billingOptionsSchema },
        },
      },
      async (request) => billingOptions(ctx, viewerOf(request).email),
    );

    routes.get(
      '/users/checkouts/:id/',
      {
        schema: {
          tags: ['Users'],
          security,
          summary: 'One of your checkouts: pending until the provider confirms the payment',
          params: checkoutIdParamsSchema,
          response: { 200: checkoutStatusSchema },
        },
      },
      async (request) => {
        const checkout = await findCheckout(ctx.db, { id: request.params.id });
        if (!checkout || checkout.userId !== viewerOf(request).userId) throw new AppError('NOT_FOUND', paymentMessages.checkoutNotFound);
        return toCheckoutStatus(checkout);
      },
    );

    routes.post(
      '/users/top-up-usd/',
      {
        schema: {
          tags: ['Users'],
          security,
          summary: 'Start a top-up: a Stripe Checkout (web) or a Shopify one-time charge (stores inside Shopify)',
          description: `Answers where to send the user. The balance moves only once the provider confirms the payment. ${unavailable}`,
          body: topUpRequestSchema,
          response: { 200: checkoutResponseSchema },
        },
      },
      async (request) => {
        const user = await me(request);
        const input = { user, amountUsd: request.body.amount_usd };
        return isShopifyAccount(user.email) ? createShopifyCharge(ctx, input) : startStripeCheckout(ctx, input);
      },
    );

    routes.get(
      '/stripe/products/',
      {
        schema: {
          tags: ['Stripe'],
          security,
          summary: 'The Stripe prices, each with its product',
          description: unavailable,
          response: { 200: stripeProductsSchema },
        },
      },
      async (request) => {
        const stripe = requireStripe(ctx, await me(request));
        try {
          return { results: await listStripePrices(stripe) };
        } catch (error) {
          throw providerFailure(error);
        }
      },
    );

    routes.post(
      '/stripe/checkout/',
      {
        schema: {
          tags: ['Stripe'],
          security,
          summary: 'Start a Stripe Checkout: `mode: subscription` for a tier, `mode: payment` for a top-up',
          description: `Send \`tier\` or \`amount_usd\`. Stores inside Shopify get 403 (they pay through Shopify). ${unavailable}`,
          body: checkoutRequestSchema,
          response: { 200: checkoutResponseSchema },
        },
      },
      async (request) => startStripeCheckout(ctx, { user: await me(request), tier: request.body.tier, amountUsd: request.body.amount_usd }),
    );

    routes.get(
      '/stripe/customer-portal/',
      {
        schema: {
          tags: ['Stripe'],
          security,
          summary: 'A Stripe customer portal session: manage the subscription and payment methods',
          description: `404 before your first checkout. ${unavailable}`,
          response: { 200: portalResponseSchema },
        },
      },
      async (request) => openCustomerPortal(ctx, await me(request)),
    );

    routes.post(
      '/sh/create-charge/',
      {
        schema: {
          tags: ['Shopify'],
          security,
          summary: 'Shopify billing: an app subscription for a tier, or a one-time purchase for a top-up',
          description: 'Answers the `confirmationUrl` where the merchant approves it. Only for stores inside Shopify (403 otherwise).',
          body: checkoutRequestSchema,
          response: { 200: checkoutResponseSchema },
        },
      },
      async (request) => createShopifyCharge(ctx, { user: await me(request), tier: request.body.tier, amountUsd: request.body.amount_usd }),
    );
  });
}
