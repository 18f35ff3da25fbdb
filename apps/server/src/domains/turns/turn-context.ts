import type { Db } from '../../db/database';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import type { EventBus } from '../../lib/event-bus';
import type { TurnAdmission } from '../../lib/shutdown';
import type { ModelCatalog } from '../ai/model-catalog';
import type { ProviderFailure } from '../ai/provider-errors';
import type { KnowledgeContext } from '../knowledge/knowledge-context';

/** What a turn works with, whoever asks: the database, events, configuration, knowledge and models. */
export interface TurnContext {
  db: Db;
  events: EventBus;
  env: Env;
  knowledge: KnowledgeContext;
  models: Pick<ModelCatalog, 'defaultModelId'>;
  /**
   * Admits the turns people ask for (a merchant's chat, a visitor's, the conversation API): refused
   * while the process shuts down, and cut at its deadline (lib/shutdown.ts).
   */
  turns: TurnAdmission;
}

export const STOPPED = 'The answer was stopped.';

/** How many model steps a turn may take: tool calls and their results, then the answer. */
export const MAX_TURN_STEPS = 5;

/** A provider failure as the error the client sees; the question stays stored. */
export class TurnFailure extends AppError {
  constructor(readonly failure: ProviderFailure) {
    super('BAD_GATEWAY', failure.message, { bodyCode: failure.code });
  }
}
