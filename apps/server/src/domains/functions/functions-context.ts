import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import type { Env } from '../../env';
import type { EventBus } from '../../lib/event-bus';
import type { ModelCatalog } from '../ai';
import type { KnowledgeContext } from '../knowledge';

/** What running, checking and generating functions works with. */
export interface FunctionsContext {
  db: Db;
  events: EventBus;
  env: Env;
  knowledge: KnowledgeContext;
  models: Pick<ModelCatalog, 'defaultModelId'>;
  logger: Logger;
}
