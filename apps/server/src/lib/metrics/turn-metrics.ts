import { Counter, Histogram, type Registry } from 'prom-client';

/**
 * How a turn ended, as an operator reads it: answered; paused (a person answers the thread);
 * skipped (nothing to answer, e.g. a channel message already answered); busy (refused by the gate);
 * restarting (refused or cut by a shutdown); refused (the owner cannot pay, or is out of messages);
 * rejected (another refusal: not found, a limit); cancelled (the asker left); failed (the provider
 * or an unexpected error).
 */
export type TurnOutcome = 'answered' | 'paused' | 'skipped' | 'busy' | 'restarting' | 'refused' | 'rejected' | 'cancelled' | 'failed';

/** One turn being measured; every call is cheap and `end` counts once. */
export interface TurnObservation {
  /** The model that answers (`provider:model`), once the turn knows it. */
  model(modelId: string): void;
  /** The first token reached the asker (only the first call counts). */
  firstToken(): void;
  end(outcome: TurnOutcome): void;
}

export interface TurnMetrics {
  /** Starts measuring a turn of `origin` (owner-chat, web, widget, channel, api) when it is asked. */
  start(origin: string): TurnObservation;
}

const PROVIDERS = new Set(['openai', 'anthropic', 'local']);
/** What a model name may be as a label: the catalog's ids; anything else is one `other` series. */
const MODEL_NAME = /^[\w.-]{1,64}$/;

/** The provider and model labels of a model id, bounded whatever was stored in an assistant. */
function modelLabels(modelId: string): { provider: string; model: string } {
  const colon = modelId.indexOf(':');
  const provider = modelId.slice(0, colon);
  const model = modelId.slice(colon + 1);
  if (!PROVIDERS.has(provider)) return { provider: 'other', model: 'other' };
  return { provider, model: MODEL_NAME.test(model) ? model : 'other' };
}

export function createTurnMetrics(registry: Registry): TurnMetrics {
  const labelNames = ['origin', 'provider', 'model'] as const;
  const turns = new Counter({
    name: 'aisle_turns_total',
    help: 'Turns asked, by origin, provider, model and outcome.',
    labelNames: [...labelNames, 'outcome'],
    registers: [registry],
  });
  const firstToken = new Histogram({
    name: 'aisle_turn_first_token_seconds',
    help: 'From the question to its first answer token, admission and retrieval included.',
    labelNames,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'aisle_turn_duration_seconds',
    help: 'From the question to the stored reply (or the turn’s end), by outcome.',
    labelNames: [...labelNames, 'outcome'],
    buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120],
    registers: [registry],
  });

  return {
    start(origin) {
      const startedAt = performance.now();
      // Before the turn has loaded its assistant (a refusal at the gate), no model is known.
      let labels = { origin, provider: 'none', model: 'none' };
      let sawToken = false;
      let ended = false;
      return {
        model(modelId) {
          labels = { origin, ...modelLabels(modelId) };
        },
        firstToken() {
          if (sawToken) return;
          sawToken = true;
          firstToken.observe(labels, (performance.now() - startedAt) / 1000);
        },
        end(outcome) {
          if (ended) return;
          ended = true;
          const withOutcome = { ...labels, outcome };
          turns.inc(withOutcome);
          duration.observe(withOutcome, (performance.now() - startedAt) / 1000);
        },
      };
    },
  };
}
