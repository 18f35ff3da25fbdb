import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Citation,
  LanguageModelV4Prompt,
  LanguageModelV4Source,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { termsOf, withKanji } from '../knowledge';
import { followUpTopic, searchQueryOf } from './follow-up';
import {
  type AnswerContext,
  type Citation,
  composeGroundedAnswer,
  joinSentences,
  type LocalAnswer,
  type Retrieve,
  sourceLabel,
} from './local-answer';
import { smallTalkOf, smallTalkReply } from './local-greeting';
import { orderHelpStep, withoutOrderTools } from './local-order-help';
import { answerFromProducts, type ProductAnswerOptions, type StoredProduct } from './local-product-answer';
import { answerFromToolResults } from './local-tool-answer';
import { askForArguments, chooseTool, toolResultsOfTurn } from './local-tools';
import { sentencesFor } from './product-sentences';
import { questionParts } from './question-parts';
import { detectLanguage, languageOfThread, type ShopperLanguage } from './shopper-language';
import { shopperText } from './shopper-texts';

export interface LocalModelOptions {
  /** The assistant's store search for this turn. */
  retrieve: Retrieve;
  /** What the assistant knows about (store or file names), named in its greeting. */
  topics?: string[];
  /** Retrieval score a passage must exceed; 0 leaves relevance to the shared-words check. */
  minScore?: number;
  /** The assistant's product records, for questions about colours, weights, prices and stock. */
  products?: () => Promise<StoredProduct[]>;
}

/** A product answer as a grounded answer: its sentences cite the products' passages. */
function productAnswer(question: string, products: StoredProduct[], options: ProductAnswerOptions): LocalAnswer | null {
  const answer = answerFromProducts(question, products, options);
  if (!answer) return null;
  const citations: Citation[] = answer.products.slice(0, 5).map((product) => ({
    passage: { id: product.passageId, fileName: product.fileName, heading: product.record.title, text: answer.text, score: 1 },
    sentences: [answer.text],
  }));
  return { outcome: 'answer', text: answer.text, citations };
}

const textOf = (message: LanguageModelV4Prompt[number]): string =>
  typeof message.content === 'string'
    ? message.content
    : message.content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join(' ');

/** A shopper's message as it is read: shop words typed in kana written as the shop writes them (そうりょう → 送料). */
const shopperMessage = (message: LanguageModelV4Prompt[number]) => withKanji(textOf(message).trim());

const lastUserMessage = (prompt: LanguageModelV4Prompt) => {
  const message = prompt.findLast((m) => m.role === 'user');
  return message ? shopperMessage(message) : '';
};

/** The shopper's messages before the last one, oldest first. */
const earlierUserMessages = (prompt: LanguageModelV4Prompt) =>
  prompt
    .filter((m) => m.role === 'user')
    .slice(0, -1)
    .map(shopperMessage)
    .filter(Boolean);

/** Every message of the thread before the last user message, the assistant's too, oldest first. */
const earlierMessages = (prompt: LanguageModelV4Prompt) => {
  const last = prompt.findLastIndex((m) => m.role === 'user');
  return prompt
    .slice(0, Math.max(0, last))
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .map((m) => textOf(m).trim())
    .filter(Boolean);
};

/**
 * The terms of the products' names, once per catalogue: the store's list is handed out as a copy
 * of the same rows while the stores are unchanged (knowledge/list-store-products.ts), so its first
 * row stands for it.
 */
const productNames = new WeakMap<StoredProduct, { count: number; names: ReadonlySet<string> }>();

function productNamesOf(products: StoredProduct[]): ReadonlySet<string> {
  const [first] = products;
  if (!first) return new Set();
  const kept = productNames.get(first);
  if (kept?.count === products.length) return kept.names;
  const names = new Set(products.flatMap((product) => termsOf(product.record.title)));
  productNames.set(first, { count: products.length, names });
  return names;
}

/** A follow-up short enough to lean on the earlier question ("and to Japan?", "how long?"). */
const SHORT_FOLLOW_UP = 4;

/**
 * The answers to a message's questions as one: those answered, in order, citing all their
 * passages once; the don't-know only when none was answered.
 */
function combined(answers: LocalAnswer[], unknownText: string): LocalAnswer {
  const answered = answers.filter((answer) => answer.outcome === 'answer');
  if (!answered.length) return { outcome: 'unknown', text: unknownText };
  const citations: Citation[] = [];
  for (const citation of answered.flatMap((answer) => answer.citations)) {
    const same = citations.find((c) => c.passage.id === citation.passage.id);
    if (same) same.sentences.push(...citation.sentences.filter((sentence) => !same.sentences.includes(sentence)));
    else citations.push({ ...citation, sentences: [...citation.sentences] });
  }
  return { outcome: 'answer', text: joinSentences(answered.map((answer) => answer.text)), citations };
}

/** The script a language is written in, to tell whether a quote is in the shopper's language. */
const SCRIPT_OF: Record<ShopperLanguage, RegExp> = {
  en: /\p{Script=Latin}/u,
  id: /\p{Script=Latin}/u,
  vi: /\p{Script=Latin}/u,
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
  'zh-Hant': /\p{Script=Han}/u,
  'zh-Hans': /\p{Script=Han}/u,
  th: /\p{Script=Thai}/u,
  ko: /\p{Script=Hangul}/u,
};
const LETTER = /\p{L}/gu;

/**
 * Whether a text is in the shopper's language: most of its letters in its script; for a language
 * not written in Latin letters, a quarter is enough (brand names and units in Latin letters fill a
 * Japanese sentence: "VISA・Mastercard・JCB・American Expressです").
 */
function writtenIn(text: string, lang: ShopperLanguage): boolean {
  const letters = text.match(LETTER) ?? [];
  const script = SCRIPT_OF[lang];
  const share = script.source === SCRIPT_OF.en.source ? 2 : 4;
  return letters.filter((letter) => script.test(letter)).length * share >= letters.length;
}

/**
 * The answer in the shopper's language: the built-in texts are translated; a quote of the store
 * in another language is introduced by one line in the shopper's ("Here is what the store says:").
 */
function inLanguage(answer: LocalAnswer, lang: ShopperLanguage): LocalAnswer {
  if (answer.outcome !== 'answer' || writtenIn(answer.text, lang)) return answer;
  return { ...answer, text: `${shopperText('storeSays', lang)} ${answer.text}` };
}

/** The local model has no tokenizer; whitespace-separated words stand in for tokens (cost is 0 anyway). */
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

function usageOf(prompt: LanguageModelV4Prompt, answer: string): LanguageModelV4Usage {
  const input = prompt.reduce((sum, message) => sum + wordCount(textOf(message)), 0);
  const output = wordCount(answer);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

/** Cited passages as document sources, so the turn can store and show them like any provider's. */
const sourceOf = (citation: Citation): LanguageModelV4Source => ({
  type: 'source',
  sourceType: 'document',
  id: citation.passage.id,
  mediaType: 'text/plain',
  title: sourceLabel(citation.passage),
  filename: citation.passage.fileName,
  providerMetadata: { local: { heading: citation.passage.heading, score: citation.passage.score } },
});

const citationsOf = (answer: LocalAnswer): LanguageModelV4Citation[] =>
  answer.outcome === 'answer'
    ? answer.citations.map((citation) => ({ source: sourceOf(citation), citedText: citation.sentences.join(' ') }))
    : [];

/** What the local model does with a turn: answer in text, or call one of the assistant's functions. */
type LocalStep = { kind: 'text'; answer: LocalAnswer } | { kind: 'tool'; toolCallId: string; toolName: string; input: string };

/**
 * The built-in `local` provider (DESIGN "AI"): no network, deterministic. It answers small talk;
 * helps with an order when the turn offers the built-in order tools (local-order-help.ts); calls
 * one of the assistant's functions when the question is plainly about it (local-tools.ts),
 * then tells the shopper the outcome in a sentence (local-tool-answer.ts); answers questions about
 * products (colours, sizes, the lightest, under $100, in stock) from their records
 * (local-product-answer.ts); otherwise retrieves passages for the last user message and answers
 * with their own whole sentences, or says plainly that it does not know. The passages it quotes travel apart from the text, as document sources, for
 * each transport to show its own way. Created per turn around the assistant's search.
 * A follow-up ("is it waterproof?", "and to Japan?") is searched and answered with the shopper's
 * previous message as its topic.
 */
export function createLocalModel(options: LocalModelOptions): LanguageModelV4 {
  /** One question, from the products' records or the stores' sentences; a follow-up leans on the shopper's message before. */
  async function answerQuestion(
    question: string,
    earlier: string[],
    products: StoredProduct[],
    context: AnswerContext & { lang: ShopperLanguage; mentioned: string[]; earlierCount: number },
  ): Promise<LocalAnswer> {
    const topic = earlier.at(-1);
    // "Is it waterproof?" is about the earlier topic: searched with it, answered only from passages about it.
    const followUp = followUpTopic(question, earlier) !== undefined;
    const passages = await options.retrieve(searchQueryOf(question, earlier));
    const grounded =
      productAnswer(question, products, {
        lang: context.lang,
        earlier,
        mentioned: [...context.mentioned, ...earlier.slice(context.earlierCount)],
      }) ?? composeGroundedAnswer(question, passages, options.minScore, followUp ? { ...context, topic } : context);
    // A short question nothing answers alone may continue the last one ("and to Japan?").
    if (grounded.outcome === 'unknown' && topic !== undefined && !followUp && termsOf(question).length <= SHORT_FOLLOW_UP) {
      const more = await options.retrieve(`${topic} ${question}`);
      return composeGroundedAnswer(question, more, options.minScore, { ...context, topic });
    }
    return grounded;
  }

  async function step(call: LanguageModelV4CallOptions): Promise<LocalStep> {
    // The built-in order help (local-order-help.ts): asks, calls and tells in the shopper's language.
    const orderHelp = orderHelpStep(call.prompt, call.tools);
    if (orderHelp) return orderHelp;
    const results = toolResultsOfTurn(call.prompt);
    const question = lastUserMessage(call.prompt);
    if (results.length) return { kind: 'text', answer: { outcome: 'tool', text: answerFromToolResults(results, question) } };
    const earlier = earlierUserMessages(call.prompt);
    const lang = detectLanguage(question) ?? languageOfThread(earlier);
    const smallTalk = smallTalkOf(question);
    if (!question || smallTalk)
      return { kind: 'text', answer: { outcome: 'greeting', text: smallTalkReply(smallTalk ?? 'greeting', options.topics, lang) } };
    const choice = chooseTool(question, withoutOrderTools(call.tools));
    if (choice?.kind === 'call') {
      return { kind: 'tool', toolCallId: `local-${crypto.randomUUID()}`, toolName: choice.toolName, input: JSON.stringify(choice.input) };
    }
    const products = (await options.products?.()) ?? [];
    const context = {
      lang,
      english: lang === 'en',
      unknownText: shopperText('unknown', lang),
      productPassages: new Set(products.map((product) => product.passageId)),
      productNames: productNamesOf(products),
      productField: (title: string, label: string, value: string) =>
        sentencesFor(lang).field(/^[\x20-\x7e]+$/.test(label) ? label.toLowerCase() : label, title, [value]),
      // The thread with the assistant's answers, and how many of the shopper's messages came before
      // (a two-part message's first part is added to them for its second).
      mentioned: earlierMessages(call.prompt),
      earlierCount: earlier.length,
    };
    const parts = questionParts(question).filter((part) => !smallTalkOf(part));
    let grounded: LocalAnswer;
    if (parts.length > 1) {
      // Each question of the message answered on its own, a later one leaning on the one before.
      const answers: LocalAnswer[] = [];
      for (const [index, part] of parts.entries()) {
        const before = index ? [...earlier, parts[index - 1] as string] : earlier;
        answers.push(await answerQuestion(part, before, products, context));
      }
      grounded = combined(answers, context.unknownText);
    } else grounded = await answerQuestion(question, earlier, products, context);
    // A function fits but the question lacks what it needs: ask, unless the stores answer it.
    if (choice?.kind === 'ask' && grounded.outcome !== 'answer')
      return { kind: 'text', answer: { outcome: 'ask', text: askForArguments(choice.missing) } };
    return { kind: 'text', answer: inLanguage(grounded, lang) };
  }

  return {
    specificationVersion: 'v4',
    provider: 'local',
    modelId: 'extractive',
    supportedUrls: {},

    async doGenerate(call) {
      const next = await step(call);
      if (next.kind === 'tool') {
        return {
          content: [{ type: 'tool-call', toolCallId: next.toolCallId, toolName: next.toolName, input: next.input }],
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          usage: usageOf(call.prompt, next.input),
          providerMetadata: { local: { outcome: 'tool-call' } },
          warnings: [],
        };
      }
      const result = next.answer;
      const citations = citationsOf(result);
      return {
        content: [{ type: 'text', text: result.text, citations }, ...citations.map((c) => c.source)],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usageOf(call.prompt, result.text),
        providerMetadata: { local: { outcome: result.outcome } },
        warnings: [],
      };
    },

    async doStream(call) {
      const next = await step(call);
      const parts: LanguageModelV4StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'response-metadata', modelId: 'extractive' },
      ];
      if (next.kind === 'tool') {
        parts.push(
          { type: 'tool-input-start', id: next.toolCallId, toolName: next.toolName },
          { type: 'tool-input-delta', id: next.toolCallId, delta: next.input },
          { type: 'tool-input-end', id: next.toolCallId },
          { type: 'tool-call', toolCallId: next.toolCallId, toolName: next.toolName, input: next.input },
          {
            type: 'finish',
            finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
            usage: usageOf(call.prompt, next.input),
            providerMetadata: { local: { outcome: 'tool-call' } },
          },
        );
      } else {
        const result = next.answer;
        const citations = citationsOf(result);
        // Word by word, each piece keeping its trailing whitespace, so the pieces join to the text.
        const pieces = result.text.match(/\S+\s*/g) ?? [];
        parts.push(
          { type: 'text-start', id: 'answer' },
          ...pieces.map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 'answer', delta })),
          { type: 'text-end', id: 'answer', citations },
          ...citations.map((c) => c.source),
          {
            type: 'finish',
            finishReason: { unified: 'stop', raw: 'stop' },
            usage: usageOf(call.prompt, result.text),
            providerMetadata: { local: { outcome: result.outcome } },
          },
        );
      }
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      });
      return { stream };
    },
  };
}
