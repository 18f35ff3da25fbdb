import type { Logger } from 'pino';
import { answerTurn, type TurnRequest } from './answer-turn';
import type { TurnContext } from './turn-context';
import type { TurnAnswer, TurnSink } from './turn-events';

/**
 * How a kind of thread keeps its messages (a merchant's thread, a visitor's shared thread, a
 * channel customer's thread): the engine asks it to store the question and the reply, and the
 * transport to announce the stored question.
 */
export interface ThreadPort<Question, Reply> {
  /** Stores the question (or finds the unanswered one being asked again); runs while the model starts. */
  storeQuestion(): Promise<Question>;
  /** The question is stored: the first thing the asker hears. */
  announce?(question: Question): void;
  /** Stores the reply with its usage, and charges for it (through `domains/billing`). */
  storeReply(question: Question, answer: TurnAnswer): Promise<Reply>;
}

export interface ThreadTurn<Question, Reply> {
  question: Question;
  reply: Reply;
  answer: TurnAnswer;
}

/**
 * One turn of a thread: the question is stored while the model starts (the first token does not
 * wait on the write), announced once stored, answered by the engine, and the reply stored. A
 * failed question write stops the model and is the turn's failure; a failed answer leaves the
 * question stored and no reply.
 */
export async function runThreadTurn<Question, Reply>(
  ctx: TurnContext,
  logger: Logger,
  request: Omit<TurnRequest, 'ready'>,
  port: ThreadPort<Question, Reply>,
  sink?: TurnSink,
): Promise<ThreadTurn<Question, Reply>> {
  const stored = port.storeQuestion();
  stored.catch(() => {});
  const ready = stored.then((question) => port.announce?.(question));
  ready.catch(() => {});
  const answer = await answerTurn(ctx, logger, { ...request, ready }, sink);
  const question = await stored;
  return { question, reply: await port.storeReply(question, answer), answer };
}
