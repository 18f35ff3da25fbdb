import type { Db } from '../../db/database';
import type { EventBus } from '../../lib/event-bus';
import type { ModelCatalog } from '../ai';

/** What the assistants domain works with: the database, live events and the models on offer. */
export interface AssistantsContext {
  db: Db;
  events: EventBus;
  /** The models this installation can answer with (from its configuration), and the default. */
  models: Pick<ModelCatalog, 'models' | 'defaultModelId'>;
}
