import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Db } from '../../db/database';
import type { Env } from '../../env';
import type { EventBus } from '../../lib/event-bus';
import { type AdminApiContext, adminApiContext } from '../shopify';
import { stripeClientFor } from './stripe-client';

/** What the payment providers' calls work with; `stripe` is null while Stripe is not configured. */
export interface PaymentsContext {
  db: Db;
  events: EventBus;
  env: Env;
  logger: Logger;
  stripe: Stripe | null;
  /** The Shopify Admin API (Shopify's own billing for shops that use the app inside Shopify). */
  shopify: AdminApiContext;
}

export function createPaymentsContext(services: { db: Db; events: EventBus; env: Env; logger: Logger }): PaymentsContext {
  const logger = services.logger.child({ domain: 'payments' });
  return {
    db: services.db,
    events: services.events,
    env: services.env,
    logger,
    stripe: stripeClientFor(services.env),
    shopify: adminApiContext({ ...services, logger }),
  };
}

/**
 * Stores that use the app inside Shopify pay through Shopify (its App Store rules), never by card:
 * their accounts are the shop's (`<shop>.myshopify.com` in the e-mail, spec §4's embedded marker).
 */
export const isShopifyAccount = (email: string) => email.toLowerCase().includes('.myshopify.com');
