import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import type { Env } from '../../env';
import type { EventBus } from '../../lib/event-bus';
import type { JobQueue } from '../../lib/job-queue';
import type { ObjectStorage } from '../../lib/object-storage/object-storage';
import type { TokenSigner } from '../accounts';
import { modelCatalog } from '../ai';
import type { AssistantsContext } from '../assistants';
import type { SharesContext } from '../sharing';
import { createShopifyContext, type ShopifyContext } from '../shopify';
import type { VariablesContext } from '../variables';

/** What the setup wizard works with: the domains whose operations its steps call. */
export interface SetupWizardContext {
  db: Db;
  events: EventBus;
  env: Env;
  jobs: JobQueue;
  logger: Logger;
  shopify: ShopifyContext;
  assistants: AssistantsContext;
  shares: SharesContext;
  variables: VariablesContext;
  /** How often the files step looks at the indexing of what it uploaded. */
  indexPollMs: number;
}

export function createSetupWizardContext(services: {
  db: Db;
  database: { vector: boolean };
  events: EventBus;
  jobs: JobQueue;
  env: Env;
  logger: Logger;
  tokens: TokenSigner;
  storage: ObjectStorage;
}): SetupWizardContext {
  const logger = services.logger.child({ domain: 'setup-wizard' });
  const shopify = createShopifyContext(services);
  return {
    db: services.db,
    events: services.events,
    env: services.env,
    jobs: services.jobs,
    logger,
    shopify,
    assistants: { db: services.db, events: services.events, models: modelCatalog(services.env) },
    shares: { db: services.db, events: services.events },
    variables: {
      db: services.db,
      get key() {
        return shopify.key;
      },
      logger,
      publicUrl: services.env.PUBLIC_URL,
    },
    indexPollMs: 150,
  };
}
