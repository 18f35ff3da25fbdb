import type { LlmUsage } from '@aisle/contracts/chat';
import { isStepCount, type ModelMessage, streamText } from 'ai';
import type { Logger } from 'pino';
import type { assistants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { languageModelFor } from '../ai/language-model';
import type { RetrievedPassage } from '../ai/local-answer';
import { parseModelId } from '../ai/model-catalog';
import { providerFailures } from '../ai/provider-errors';
import { readAnswerStream, type ToolEvent } from '../ai/read-answer-stream';
import { generationUsage } from '../billing/generation-usage';
import { PRICING_AS_OF } from '../billing/pricing';
import type { AbilityScope } from '../functions/host-abilities';
import { type FunctionTool, linkedFunctionTools, toolSetOf } from './assistant-tools';
import { type ChatContext, citationOf, MAX_TURN_STEPS, type NumberedPassage, retrieveFor, STOPPED, TurnFailure } from './turn-basics';
import { citedPassages, systemPromptOf } from './turn-prompt';

/** What the model is asked, for any kind of thread (a merchant's chat, a visitor's shared chat). */
export interface AnswerRequest {
  assistant: typeof assistants.$inferSelect;
  storeIds: string[];
  /** Whether the assistant has linked functions (saves a query when it has none). */
  hasFunctions: boolean;
  modelId: string;
  /** Earlier messages, oldest first, without the question. */
  history: ModelMessage[];
  question: string;
  /** More for the system prompt (how this channel works, who else answered). */
  systemNote?: string;
  /** The visitor's thread, where the lead-capture ability saves a contact. */
  sharedThreadId?: AbilityScope['sharedThreadId'];
  signal?: AbortSignal;
  /**
   * Settles when the caller's own writes (storing the question) are done; when it fails, the model
   * is stopped and the failure is the answer's. Lets the model start while the question is stored.
   */
  ready?: Promise<unknown>;
}

export interface Answering {
  modelId: string;
  passages: NumberedPassage[];
  result: ReturnType<typeof streamText>;
  signal?: AbortSignal;
}

export interface AnswerObserver {
  onText?(delta: string): void;
  onTool?(event: ToolEvent): void;
}

/** A reply the safeguard gave without asking the model: free, and marked as refused. */
export function refusalUsage(modelId: string): LlmUsage {
  const { provider, model } = parseModelId(modelId);
  return {
    provider,
    model,
    inputTokens: 0,
    outputTokens: 0,
    cachedInputTokens: 0,
    costUsd: 0,
    priced: true,
    pricingAsOf: PRICING_AS_OF,
    citations: [],
    refused: true,
  };
}

/**
 * Starts the model on a question: retrieval from the assistant's stores and its functions as tools
 * (in parallel), then the streaming request. Returns once the request is under way.
 */
export async function startAnswer(ctx: ChatContext, logger: Logger, request: AnswerRequest): Promise<Answering> {
  // Stops the model when the client goes away, or when the caller's writes failed.
  const abort = new AbortController();
  const signal = request.signal ? AbortSignal.any([request.signal, abort.signal]) : abort.signal;
  try {
    const [passages, tools] = await Promise.all([
      retrieveFor(ctx, logger, request.assistant, request.storeIds, request.question),
      request.hasFunctions ? linkedFunctionTools(ctx.db, request.assistant.ownerEmail, request.assistant.id) : ([] as FunctionTool[]),
    ]);
    const retrieved: RetrievedPassage[] = passages.map((passage) => ({
      id: passage.passageId,
      fileName: passage.fileName,
      heading: passage.heading,
      text: passage.text,
      score: passage.score,
    }));
    const system = systemPromptOf(request.assistant, passages.map(citationOf));
    const result = streamText({
      model: languageModelFor(ctx.env, request.modelId, { retrieve: async () => retrieved }),
      system: request.systemNote ? `${system}\n\n${request.systemNote}` : system,
      messages: [...request.history, { role: 'user', content: request.question }],
      temperature: request.assistant.temperature ?? undefined,
      topP: request.assistant.topP ?? undefined,
      tools: tools.length
        ? toolSetOf(
            { ...ctx, logger },
            {
              ownerEmail: request.assistant.ownerEmail,
              assistantId: request.assistant.id,
              storeIds: request.storeIds,
              sharedThreadId: request.sharedThreadId,
              tools,
            },
          )
        : {},
      stopWhen: isStepCount(MAX_TURN_STEPS),
      maxRetries: 1,
      abortSignal: signal,
      // Failures are read from the stream itself (readAnswerStream) and logged in finishAnswer, once.
      onError: () => {},
    });
    await request.ready;
    return { modelId: request.modelId, passages, result, signal: request.signal };
  } catch (error) {
    abort.abort();
    throw error;
  }
}

/**
 * Reads the answer to its end, passing text and tool calls on as they come, and returns it with its
 * usage, cost and citations. A stopped answer (`STOPPED`) or a provider failure (`TurnFailure`)
 * throws: a half answer is never returned as complete.
 */
export async function finishAnswer(
  logger: Logger,
  answering: Answering,
  observer: AnswerObserver = {},
): Promise<{ text: string; usage: LlmUsage }> {
  const { passages, modelId } = answering;
  const answer = await readAnswerStream(answering.result.fullStream, observer.onText, observer.onTool);
  if (answering.signal?.aborted) throw new AppError('BAD_REQUEST', STOPPED, { bodyCode: 'stopped' });
  if (answer.failure || !answer.text.trim()) {
    if (answer.error) logger.warn({ err: answer.error, modelId }, 'the model failed to answer');
    throw new TurnFailure(answer.failure ?? providerFailures.failed);
  }
  // The local model says which passages it quoted; network models cite them as [n] in the text.
  const bySource = new Map(passages.map((passage) => [passage.passageId, passage]));
  const fromSources = answer.sources.flatMap((source) => {
    const passage = bySource.get(source.id);
    return passage ? [citationOf(passage)] : [];
  });
  const citations = fromSources.length ? fromSources : citedPassages(answer.text, passages.map(citationOf));
  return {
    text: answer.text,
    usage: {
      ...generationUsage(modelId, answer.usage),
      citations,
      ...(answer.toolCalls.length ? { toolCalls: answer.toolCalls } : {}),
    },
  };
}
