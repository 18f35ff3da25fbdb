import type { LlmUsage } from '@aisle/contracts/chat';
import { isStepCount, type JSONSchema7, jsonSchema, type ModelMessage, streamText, type ToolSet, tool } from 'ai';
import type { Logger } from 'pino';
import type { assistants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { parseModelId } from '../../lib/model-id';
import type { RetrievedPassage } from '../ai';
import {
  abandonModelCall,
  handoffQuickReply,
  languageModelFor,
  type ModelCall,
  providerFailures,
  readAnswerStream,
  readInModelCall,
  searchQueryOf,
  shopperText,
  startModelCall,
} from '../ai';
import { generationUsage, PRICING_AS_OF } from '../billing';
import type { AbilityScope } from '../functions';
import { listStoreProducts } from '../knowledge';
import { type OrderHelpAsker, orderHelpTools } from '../order-help';
import { productsNamedIn } from './answer-products';
import { type FunctionTool, linkedFunctionTools, toolSetOf } from './assistant-tools';
import {
  couldNotAnswer,
  earlierQuestionsOf,
  type HandoffReason,
  handoffRequestOf,
  handoffText,
  shopperLanguageOf,
  unansweredBefore,
} from './handoff';
import { citationOf, type NumberedPassage, retrieveFor } from './retrieve-passages';
import { looksOffTopic, refusalText } from './safeguard';
import { MAX_TURN_STEPS, STOPPED, type TurnContext, TurnFailure } from './turn-context';
import type { ClientToolUse, TurnAnswer, TurnSink } from './turn-events';
import { citedPassages, shopperLanguageNote, systemPromptOf } from './turn-prompt';

/** A tool the caller's app runs: the model may call it, and the turn then ends for the app. */
export interface ClientToolSpec {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

/** What a turn answers, for any kind of thread (a merchant's chat, a conversation, a visitor's chat, a channel). */
export interface TurnRequest {
  /** The assistant answering; null for a conversation that names none (the default model answers). */
  assistant: typeof assistants.$inferSelect | null;
  ownerEmail: string;
  modelId: string;
  /** The assistant's stores, searched for `query`. */
  storeIds: string[];
  /** The thread so far, oldest first, ending with the question. */
  messages: ModelMessage[];
  /** What the stores are searched for: the asker's latest words. */
  query: string;
  /** Whether the assistant has linked functions (saves a query when it has none); or the tools, when already loaded. */
  hasFunctions?: boolean;
  functionTools?: FunctionTool[];
  /** Tools the server runs within the turn besides the assistant's functions. */
  serverTools?: ToolSet;
  /** Tools the caller's app runs (the conversation API). */
  clientTools?: ClientToolSpec[];
  /** More for the system prompt (how this channel works, who else answered, the app's context). */
  systemNote?: string;
  /** The safeguard refused the question: the refusal is the answer, and no model is asked. */
  refused?: boolean;
  /**
   * A person from the shop can take over this thread (a visitor's chat, a channel): a shopper who
   * asks for one or is upset is told someone will reply, and so is one the assistant twice could
   * not answer (handoff.ts). Off for the owner's own chat, where there is no one else to call.
   */
  handoff?: boolean;
  /** The owner asks in their own chat (not a shopper, not an app). */
  ownerAsking?: boolean;
  /** Saves a lead on the visitor's thread (the lead-capture ability); absent outside a shared thread. */
  saveContact?: AbilityScope['saveContact'];
  /** Who asks, for the built-in order help on a connected Shopify store; absent: no order tools. */
  orderHelp?: OrderHelpAsker;
  signal?: AbortSignal;
  /**
   * Settles when the caller's own writes (storing the question) are done; when it fails, the model
   * is stopped and the failure is the turn's. Lets the model start while the question is stored.
   */
  ready?: Promise<unknown>;
}

/**
 * Why an aborted turn ended: the asker stopped it (or went away), unless whoever aborted it gave
 * its own error as the reason (the process shutting down: lib/shutdown.ts).
 */
const stoppedBy = (signal: AbortSignal) =>
  signal.reason instanceof AppError ? signal.reason : new AppError('BAD_REQUEST', STOPPED, { bodyCode: 'stopped' });

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

const GENERIC_INSTRUCTIONS = 'You are a helpful shop assistant.';

/** Client tools have no `execute`: the AI SDK stops the loop at their call and leaves it to the app. */
const clientToolSetOf = (specs: ClientToolSpec[]): ToolSet =>
  Object.fromEntries(
    specs.map((spec) => [spec.name, tool({ description: spec.description, inputSchema: jsonSchema(spec.inputSchema as JSONSchema7) })]),
  );

/** Retrieval and the assistant's functions, in parallel: what the model is given for this question. */
async function prepareTurn(ctx: TurnContext, logger: Logger, request: TurnRequest) {
  const { assistant } = request;
  const [passages, functionTools, orderTools] = await Promise.all([
    assistant && request.query.trim()
      ? retrieveFor(ctx, logger, assistant, request.storeIds, searchQueryOf(request.query, earlierQuestionsOf(request.messages)))
      : ([] as NumberedPassage[]),
    request.functionTools ??
      (assistant && request.hasFunctions ? linkedFunctionTools(ctx.db, request.ownerEmail, assistant.id) : ([] as FunctionTool[])),
    assistant && request.orderHelp
      ? orderHelpTools(ctx, logger, { assistant, ownerEmail: request.ownerEmail, ...request.orderHelp })
      : ({} as ToolSet),
  ]);
  const clientTools = clientToolSetOf(request.clientTools ?? []);
  const functionToolSet =
    assistant && functionTools.length
      ? toolSetOf(
          { ...ctx, logger },
          {
            ownerEmail: request.ownerEmail,
            assistantId: assistant.id,
            storeIds: request.storeIds,
            saveContact: request.saveContact,
            tools: functionTools,
          },
        )
      : {};
  const base = assistant ? systemPromptOf(assistant, passages.map(citationOf)) : GENERIC_INSTRUCTIONS;
  const language = shopperLanguageNote(shopperLanguageOf(request.query, request.messages));
  return {
    passages,
    clientTools,
    tools: { ...clientTools, ...orderTools, ...request.serverTools, ...functionToolSet },
    instructions: [base, language, request.systemNote].filter(Boolean).join('\n\n'),
  };
}

/**
 * THE answering engine: retrieval from the assistant's stores, its functions as tools, the prompt
 * with its safeguard, the model's stream with at most MAX_TURN_STEPS steps, usage and cost.
 * Every transport adapts its events (`sink`) and stores what it returns; none re-implements it.
 *
 * Resolves with the complete answer; a stopped answer (`STOPPED`, or the signal's own AppError
 * reason) or a provider failure (`TurnFailure`) rejects, after an `error` event: a half answer is
 * never returned as complete.
 */
export async function answerTurn(ctx: TurnContext, logger: Logger, request: TurnRequest, sink: TurnSink = () => {}): Promise<TurnAnswer> {
  try {
    const reason = request.handoff && !request.refused ? handoffRequestOf(request.query) : null;
    const answer = request.refused
      ? await refuse(request, sink)
      : reason
        ? await handOff(request, reason, sink)
        : await askModel(ctx, logger, request, sink);
    sink({ type: 'done', answer });
    return answer;
  } catch (error) {
    sink({ type: 'error', error });
    throw error;
  }
}

async function refuse(request: TurnRequest, sink: TurnSink): Promise<TurnAnswer> {
  await request.ready;
  const text = refusalText(shopperLanguageOf(request.query, request.messages));
  sink({ type: 'text-delta', text });
  sink({ type: 'text-end' });
  const usage = refusalUsage(request.modelId);
  sink({ type: 'usage', usage });
  return { text, usage, finishReason: undefined, clientToolUses: [] };
}

/** The shopper asked for a person (or is upset): they are told plainly that one will reply; no model is asked. */
async function handOff(request: TurnRequest, reason: HandoffReason, sink: TurnSink): Promise<TurnAnswer> {
  await request.ready;
  const text = handoffText(shopperLanguageOf(request.query, request.messages));
  sink({ type: 'text-delta', text });
  sink({ type: 'text-end' });
  const usage = { ...refusalUsage(request.modelId), refused: false };
  sink({ type: 'usage', usage });
  return { text, usage, finishReason: undefined, clientToolUses: [], handoff: reason };
}

async function askModel(ctx: TurnContext, logger: Logger, request: TurnRequest, sink: TurnSink): Promise<TurnAnswer> {
  // Stops the model when the asker goes away, or when the caller's writes failed.
  const abort = new AbortController();
  const signal = request.signal ? AbortSignal.any([request.signal, abort.signal]) : abort.signal;
  let started: ReturnType<typeof streamText>;
  let prepared: Awaited<ReturnType<typeof prepareTurn>>;
  // The stores' products, read once per turn: by the built-in model's product answers, then for the answer's cards.
  let catalogue: ReturnType<typeof listStoreProducts> | undefined;
  let products: () => ReturnType<typeof listStoreProducts> = () => Promise.resolve([]);
  // The model call's span (lib/tracing.ts), from the request to the stream's end; the built-in
  // model's own searches are its children.
  let modelCall: ModelCall | undefined;
  try {
    prepared = await prepareTurn(ctx, logger, request);
    const retrieved: RetrievedPassage[] = prepared.passages.map((passage) => ({
      id: passage.passageId,
      fileName: passage.fileName,
      heading: passage.heading,
      text: passage.text,
      score: passage.score,
    }));
    const { assistant } = request;
    // The built-in model searches again only for a question of its own (one part of a two-part
    // message, a short follow-up with its topic); the turn's own search is not repeated.
    const turnQuery = searchQueryOf(request.query, earlierQuestionsOf(request.messages));
    const retrieve = async (query: string): Promise<RetrievedPassage[]> =>
      query === turnQuery || !assistant
        ? retrieved
        : (await retrieveFor(ctx, logger, assistant, request.storeIds, query)).map((passage) => ({
            id: passage.passageId,
            fileName: passage.fileName,
            heading: passage.heading,
            text: passage.text,
            score: passage.score,
          }));
    products = () => {
      catalogue ??=
        assistant && request.storeIds.length
          ? listStoreProducts(ctx.db, { ownerEmail: assistant.ownerEmail, storeIds: request.storeIds })
          : Promise.resolve([]);
      return catalogue;
    };
    modelCall = startModelCall(request.modelId);
    started = modelCall.run(() =>
      streamText({
        model: languageModelFor(ctx.env, request.modelId, { retrieve, products }),
        instructions: prepared.instructions,
        messages: request.messages,
        temperature: request.assistant?.temperature ?? undefined,
        topP: request.assistant?.topP ?? undefined,
        tools: Object.keys(prepared.tools).length ? prepared.tools : undefined,
        stopWhen: isStepCount(MAX_TURN_STEPS),
        maxRetries: 1,
        abortSignal: signal,
        // Failures are read from the stream itself (readAnswerStream) and reported below, once.
        onError: () => {},
      }),
    );
    await request.ready;
  } catch (error) {
    abort.abort();
    abandonModelCall(modelCall, error);
    throw error;
  }

  const clientToolUses: ClientToolUse[] = [];
  const answer = await readInModelCall(modelCall, () =>
    readAnswerStream(
      started.fullStream,
      (text) => sink({ type: 'text-delta', text }),
      (event) => {
        // Client tools are the app's to run: only the assistant's own functions are tool events.
        if (!Object.hasOwn(prepared.clientTools, event.call.name))
          sink({ type: event.kind === 'call' ? 'tool-call' : 'tool-result', call: event.call });
      },
      (part) => {
        if (part.type === 'text-end') sink({ type: 'text-end' });
        else if (part.type === 'tool-call' && !part.invalid && Object.hasOwn(prepared.clientTools, part.toolName)) {
          const toolUse = { toolUseId: part.toolCallId, name: part.toolName, input: part.input ?? {} };
          clientToolUses.push(toolUse);
          sink({ type: 'client-tool-call', toolUse });
        }
      },
    ),
  );
  if (request.signal?.aborted) throw stoppedBy(request.signal);
  if (answer.failure || (!answer.text.trim() && !clientToolUses.length)) {
    if (answer.error) logger.warn({ err: answer.error, modelId: request.modelId }, 'the model failed to answer');
    throw new TurnFailure(answer.failure ?? providerFailures.failed);
  }

  // The local model says which passages it quoted; network models cite them as [n] in the text.
  // Quoted passages have no marker in the text to match, so they are numbered from 1 as listed
  // (a lone source is 1, whatever its rank in retrieval).
  const { passages } = prepared;
  const bySource = new Map(passages.map((passage) => [passage.passageId, passage]));
  const fromSources = answer.sources
    .flatMap((source) => {
      const passage = bySource.get(source.id);
      return passage ? [citationOf(passage)] : [];
    })
    .map((citation, index) => ({ ...citation, number: index + 1 }));
  const citations = fromSources.length ? fromSources : citedPassages(answer.text, passages.map(citationOf));
  if (citations.length) sink({ type: 'citations', citations });
  // A request no shop assistant is for (a poem, a joke) is not a question the shop left unanswered.
  const unanswered = !clientToolUses.length && couldNotAnswer(answer.text) && !looksOffTopic(request.query);
  // Twice in a row without an answer: a person takes over rather than a third "I don't know".
  const handoff = request.handoff && unanswered && unansweredBefore(request.messages) ? ('unanswered' as const) : undefined;
  const language = shopperLanguageOf(request.query, request.messages);
  // Twice unanswered: a person takes over. The owner asking an assistant with no store is told why
  // it knows nothing (a shopper never sees this).
  const addendum = handoff
    ? handoffText(language)
    : request.ownerAsking && request.assistant && !request.storeIds.length && unanswered
      ? shopperText('noStore', language)
      : '';
  // The handoff follows in the same paragraph, as it always has; the owner's note is its own.
  const joined = addendum && (handoff ? ` ${addendum}` : `\n\n${addendum}`);
  if (addendum) {
    sink({ type: 'text-delta', text: joined });
    sink({ type: 'text-end' });
  }
  const serverToolCalls = answer.toolCalls.filter((call) => !Object.hasOwn(prepared.clientTools, call.name));
  // The store's products the answer names, as cards; a shopper can always ask for a person in one tap.
  const cards = !clientToolUses.length && !unanswered ? productsNamedIn(answer.text, await products()) : [];
  if (cards.length) sink({ type: 'products', products: cards });
  const quickReplies = request.handoff && !handoff ? [handoffQuickReply(language)] : [];
  const usage: LlmUsage = {
    ...generationUsage(request.modelId, answer.usage),
    citations,
    ...(serverToolCalls.length ? { toolCalls: serverToolCalls } : {}),
    ...(cards.length ? { products: cards } : {}),
    ...(quickReplies.length ? { quickReplies } : {}),
  };
  sink({ type: 'usage', usage });
  const text = `${answer.text}${joined}`;
  return {
    text,
    usage,
    finishReason: answer.finishReason,
    clientToolUses,
    unanswered,
    handoff,
    ...(cards.length ? { products: cards } : {}),
    ...(quickReplies.length ? { quickReplies } : {}),
  };
}
