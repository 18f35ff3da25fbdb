import type { Db } from '../../db/database';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import type { EventBus } from '../../lib/event-bus';
import type { Mailer } from '../../lib/mailer';
import type { TurnMetrics } from '../../lib/metrics/turn-metrics';
import type { TurnAdmission } from '../../lib/shutdown';
import type { TurnGate } from '../../lib/turn-gate';
import type { Services } from '../../services';
import type { ModelCatalog, ProviderFailure } from '../ai';
import { modelCatalog } from '../ai';
import { createKnowledgeContext, type KnowledgeContext } from '../knowledge';

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
  /**
   * Admission control (lib/turn-gate.ts): a bounded number of turns start at once, the rest wait in
   * turn across keys (a share link, an owner) or get a quick 503 busy. Every transport goes through it.
   */
  gate: TurnGate;
  /** Mails the built-in order help's one-time codes (domains/order-help); without it, no code can be sent. */
  mailer?: Mailer;
  /** Counts turns by origin, model and outcome, with their latencies (lib/metrics); absent in some tests. */
  metrics?: TurnMetrics;
}

/** The one way a turn's context is built from the process's services (routes, GraphQL, jobs, tests). */
export function createTurnContext(
  services: Pick<Services, 'db' | 'events' | 'env' | 'shutdown' | 'turnGate'> &
    Partial<Pick<Services, 'mailer' | 'metrics'>> &
    Parameters<typeof createKnowledgeContext>[0],
): TurnContext {
  return {
    db: services.db,
    events: services.events,
    env: services.env,
    knowledge: createKnowledgeContext(services),
    models: modelCatalog(services.env),
    turns: services.shutdown,
    gate: services.turnGate,
    mailer: services.mailer,
    metrics: services.metrics?.turns,
  };
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
