import type { Shopify } from '@shopify/shopify-api';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import type { EventBus } from '../../lib/event-bus';
import type { JobQueue } from '../../lib/job-queue';
import type { ObjectStorage } from '../../lib/object-storage/object-storage';
import type { TokenSigner } from '../accounts';
import { createExportsContext, type ExportsContext } from '../exports';
import { createKnowledgeContext, type KnowledgeContext } from '../knowledge';
import { type AdminApiContext, adminApiContext } from './admin-api-context';
import { shopifyMessages } from './shopify-messages';

/** What the Shopify domain works with; `api` is null when the integration is not configured. */
export interface ShopifyContext extends AdminApiContext {
  jobs: JobQueue;
  logger: Logger;
  tokens: TokenSigner;
  knowledge: KnowledgeContext;
  exports: ExportsContext;
}

export interface ShopifyServices {
  db: Db;
  database: { vector: boolean };
  events: EventBus;
  jobs: JobQueue;
  env: Env;
  logger: Logger;
  tokens: TokenSigner;
  storage: ObjectStorage;
}

export function createShopifyContext(services: ShopifyServices): ShopifyContext {
  const logger = services.logger.child({ domain: 'shopify' });
  const admin = adminApiContext({ ...services, logger });
  return {
    db: services.db,
    events: services.events,
    env: services.env,
    api: admin.api,
    get key() {
      return admin.key;
    },
    jobs: services.jobs,
    logger,
    tokens: services.tokens,
    knowledge: createKnowledgeContext(services),
    exports: createExportsContext(services),
  };
}

/** The configured library, or the 404 every /api/sh/ call answers while Shopify is not configured. */
export function requireShopify(ctx: Pick<ShopifyContext, 'api'>): Shopify {
  if (!ctx.api) throw new AppError('NOT_FOUND', shopifyMessages.notConfigured);
  return ctx.api;
}
