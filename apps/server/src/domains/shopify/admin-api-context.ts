import type { Shopify } from '@shopify/shopify-api';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import type { Env } from '../../env';
import type { EventBus } from '../../lib/event-bus';
import { secretBoxKey } from '../variables';
import { shopifyApiFor } from './shopify-library';

/**
 * What calling a shop's Admin API needs: the connection rows and their sealed tokens, the library
 * (token refresh), and where to tell the owner that the store must be reconnected. Smaller than
 * the whole Shopify context, so other domains (the functions' `aisle.shopifyAdmin`) can build it.
 */
export interface AdminApiContext {
  db: Db;
  events: EventBus;
  env: Env;
  logger: Pick<Logger, 'warn' | 'error' | 'info'>;
  api: Shopify | null;
  /** Seals the shops' access and refresh tokens (the secret variables' key). */
  readonly key: Buffer;
}

export function adminApiContext(services: {
  db: Db;
  events: EventBus;
  env: Env;
  logger: Pick<Logger, 'warn' | 'error' | 'info'>;
}): AdminApiContext {
  return {
    db: services.db,
    events: services.events,
    env: services.env,
    logger: services.logger,
    api: shopifyApiFor(services.env, services.logger),
    // Read on use: the key file of an install without VARIABLES_ENCRYPTION_KEY is created on first use.
    get key() {
      return secretBoxKey(services.env.VARIABLES_ENCRYPTION_KEY);
    },
  };
}
