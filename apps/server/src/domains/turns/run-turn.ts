import type { Logger } from 'pino';
import { AppError } from '../../lib/app-error';
import type { TurnObservation } from '../../lib/metrics/turn-metrics';
import { activeSpan, inSpan, modelAttributes } from '../../lib/tracing';
import { answerRefusal } from '../billing';
import { answerTurn, refusalUsage } from './answer-turn';
import { looksLikeInjection, looksOffTopic } from './safeguard';
import type { TurnContext } from './turn-context';
import { turnOutcomeOf } from './turn-errors';
import type { TurnAnswer, TurnEvent } from './turn-events';
import type { LoadedTurn, TurnStore } from './turn-store';

/** Where a turn was asked (a metrics label): the owner's chat, the public chat (link or widget), a channel, the conversation API. */
export type TurnOrigin = 'owner-chat' | 'web' | 'widget' | 'channel' | 'api';

/** How a turn is admitted: who it waits in line as, and what else must allow it. */
export interface TurnCall {
  /** Where it was asked, for the metrics (`other` when not said). */
  origin?: TurnOrigin;
  /** The gate's key: turns of one key queue together, keys are served in turn (a share link, an owner). */
  key: string;
  /**
   * The gate's slot is given back at the first token (a stream's costly start is over), rather than
   * when the turn ends (an answer sent whole).
   */
  streaming?: boolean;
  /** The asker stopped, or went away. */
  signal?: AbortSignal;
  /** Nobody waits on an answer (a channel's durable job): the turn waits its turn rather than being refused as busy. */
  patient?: boolean;
  /** A further check once the thread is known, before anything is stored (a share link's message budget). */
  admit?(): Promise<void>;
}

/** The turn's events as they happen: the engine's, and the stored question and reply. */
export type TurnStreamEvent<Question, Reply> =
  | TurnEvent
  | { type: 'question'; question: Question }
  | { type: 'stored'; reply: Reply | null; answer: TurnAnswer };

export interface TurnResult<Question, Reply> {
  question: Question;
  /** Null when nothing answered: a person answers (paused), or the reply was held back. */
  reply: Reply | null;
  answer: TurnAnswer | null;
}

/** What an unexpected failure reads as: the one error type a transport adapts. */
export const turnFailed = (cause: unknown) =>
  new AppError('INTERNAL', 'Something went wrong while answering. Try again.', { bodyCode: 'failed', cause });

/**
 * THE turn, for every thread kind and every transport: admission (the gate's fair slot and the
 * shutdown lease), the thread's subjects, the policy (model, safeguard, credit and the month's
 * messages), the question stored while the model starts, the answer streamed, the reply stored and
 * charged, the outcome recorded, events to `sink`. Transports only parse their input, call this and
 * adapt its events and its one error type (an `AppError`; see `turnErrorOf`) to their wire.
 *
 * Resolves with null when the store has nothing to answer. A failure after the question was stored
 * leaves it stored (announced by a `question` event first) and no reply.
 */
export function runTurn<Loaded extends LoadedTurn, Question, Reply>(
  ctx: TurnContext,
  logger: Logger,
  call: TurnCall,
  store: TurnStore<Loaded, Question, Reply>,
  sink: (event: TurnStreamEvent<Question, Reply>) => void = () => {},
): Promise<TurnResult<Question, Reply> | null> {
  const origin = call.origin ?? 'other';
  // The turn's span (lib/tracing.ts), child of the request or job that asked; retrieval and the
  // model call are its children.
  return inSpan('turn', { attributes: { 'aisle.turn.origin': origin } }, async (span) => {
    // Measured from the question, so the gate's wait counts in the first-token latency.
    const observed = ctx.metrics?.start(origin);
    try {
      const result = await admittedTurn(ctx, logger, call, store, sink, observed);
      const outcome = !result ? 'skipped' : result.answer ? 'answered' : 'paused';
      observed?.end(outcome);
      span.setAttribute('aisle.turn.outcome', outcome);
      return result;
    } catch (error) {
      const outcome = turnOutcomeOf(error, call.signal);
      observed?.end(outcome);
      span.setAttribute('aisle.turn.outcome', outcome);
      throw error;
    }
  });
}

/** The turn from its admission on: the gate's slot and the shutdown lease are held until it ends. */
async function admittedTurn<Loaded extends LoadedTurn, Question, Reply>(
  ctx: TurnContext,
  logger: Logger,
  call: TurnCall,
  store: TurnStore<Loaded, Question, Reply>,
  sink: (event: TurnStreamEvent<Question, Reply>) => void,
  observed: TurnObservation | undefined,
): Promise<TurnResult<Question, Reply> | null> {
  const slot = await ctx.gate.acquire(call.key, call.signal, { patient: call.patient });
  let lease: ReturnType<TurnContext['turns']['begin']>;
  try {
    lease = ctx.turns.begin();
  } catch (error) {
    slot.release();
    throw error;
  }
  const signal = call.signal ? AbortSignal.any([call.signal, lease.signal]) : lease.signal;
  let loaded: Loaded | null = null;
  try {
    loaded = await store.load();
    if (!loaded) return null;
    await call.admit?.();
    return await answer(ctx, logger, loaded, store, signal, observed, (event) => {
      if (event.type === 'text-delta') {
        observed?.firstToken();
        // The first token ends the turn's costly start: the next turn in line may begin.
        if (call.streaming) slot.release();
      }
      sink(event);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.error({ err: error }, 'turn failed');
    throw turnFailed(error);
  } finally {
    slot.release();
    lease.end();
    if (loaded) store.settle?.(loaded);
  }
}

/** The policy, then the question, the answer, the reply and the outcome. */
async function answer<Loaded extends LoadedTurn, Question, Reply>(
  ctx: TurnContext,
  logger: Logger,
  loaded: Loaded,
  store: TurnStore<Loaded, Question, Reply>,
  signal: AbortSignal,
  observed: TurnObservation | undefined,
  sink: (event: TurnStreamEvent<Question, Reply>) => void,
): Promise<TurnResult<Question, Reply>> {
  const announce = (question: Question) => {
    sink({ type: 'question', question });
    return question;
  };
  // While paused every message is kept and a person answers.
  if (loaded.paused) return { question: announce(await store.storeQuestion(loaded)), reply: null, answer: null };

  const modelId = loaded.assistant?.model || ctx.models.defaultModelId;
  observed?.model(modelId);
  activeSpan()?.setAttributes({ 'aisle.assistant.id': loaded.assistant?.id ?? '', ...modelAttributes(modelId) });
  // The safeguard declines injection attempts and requests no shop assistant is for, without a model.
  const refused = Boolean(
    loaded.assistant?.isSafeGuardOn && (looksLikeInjection(loaded.questionText) || looksOffTopic(loaded.questionText)),
  );
  const refusal = refused ? null : await answerRefusal(ctx.db, modelId, loaded.spending);
  if (refusal) {
    const { keepQuestion, error } = store.cannotPay(loaded, refusal);
    if (keepQuestion) announce(await store.storeQuestion(loaded));
    throw error;
  }

  // The question is stored while the model starts: the first token does not wait on the write. A
  // failed write stops the model and is the turn's failure.
  const stored = store.storeQuestion(loaded);
  stored.catch(() => {});
  const ready = stored.then(announce);
  ready.catch(() => {});
  let turn: TurnAnswer;
  try {
    turn = loaded.fixedReply
      ? await fixedAnswer(loaded.fixedReply, modelId, ready, sink)
      : await answerTurn(
          ctx,
          logger,
          {
            assistant: loaded.assistant,
            ownerEmail: loaded.ownerEmail,
            modelId,
            storeIds: loaded.storeIds,
            hasFunctions: loaded.hasFunctions,
            functionTools: loaded.functionTools,
            clientTools: loaded.clientTools,
            serverTools: loaded.serverTools,
            messages: loaded.messages,
            query: loaded.query,
            refused,
            handoff: loaded.handoff,
            ownerAsking: loaded.ownerAsking,
            systemNote: loaded.systemNote,
            saveContact: loaded.saveContact,
            orderHelp: loaded.orderHelp,
            signal,
            ready,
          },
          sink,
        );
  } catch (error) {
    // The model could not answer: a question already stored is still announced (and kept).
    await ready.catch(() => undefined);
    throw error;
  }
  const question = await stored;
  const reply = await store.storeReply(loaded, question, turn);
  sink({ type: 'stored', reply, answer: turn });
  await store.recordOutcome?.(loaded, question, turn);
  return { question, reply, answer: turn };
}

/** A reply given without a model: free, not a refusal. */
async function fixedAnswer(text: string, modelId: string, ready: Promise<unknown>, sink: (event: TurnEvent) => void): Promise<TurnAnswer> {
  await ready;
  const answer: TurnAnswer = { text, usage: { ...refusalUsage(modelId), refused: false }, finishReason: undefined, clientToolUses: [] };
  sink({ type: 'text-delta', text });
  sink({ type: 'text-end' });
  sink({ type: 'done', answer });
  return answer;
}
