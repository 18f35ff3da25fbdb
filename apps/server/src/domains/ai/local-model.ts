import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Citation,
  LanguageModelV4Prompt,
  LanguageModelV4Source,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
  SharedV4Warning,
} from '@ai-sdk/provider';
import { type Citation, composeGroundedAnswer, type LocalAnswer, type Retrieve, sourceLabel } from './local-answer';
import { smallTalkOf, smallTalkReply } from './local-greeting';

export interface LocalModelOptions {
  /** The assistant's store search for this turn. */
  retrieve: Retrieve;
  /** What the assistant knows about (store or file names), named in its greeting. */
  topics?: string[];
  /** Retrieval score a passage must exceed; 0 leaves relevance to the shared-words check. */
  minScore?: number;
}

const textOf = (message: LanguageModelV4Prompt[number]): string =>
  typeof message.content === 'string'
    ? message.content
    : message.content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join(' ');

const lastUserMessage = (prompt: LanguageModelV4Prompt) => {
  const message = prompt.findLast((m) => m.role === 'user');
  return message ? textOf(message).trim() : '';
};

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

/** Tool calling is not in this first version: the local model answers from knowledge only. */
const warningsOf = (options: LanguageModelV4CallOptions): SharedV4Warning[] =>
  options.tools?.length ? [{ type: 'unsupported', feature: 'tools', details: 'The local model does not call functions yet.' }] : [];

/**
 * The built-in `local` provider (DESIGN "AI"): no network, deterministic. It answers small talk,
 * otherwise retrieves passages for the last user message and answers with their own sentences and
 * sources, or says plainly that it does not know. Created per turn around the assistant's search.
 *
 * Not yet: calling the assistant's functions (tools are ignored with a warning) and using earlier
 * messages to resolve follow-up questions ("and for shoes?").
 */
export function createLocalModel(options: LocalModelOptions): LanguageModelV4 {
  async function answer(prompt: LanguageModelV4Prompt): Promise<LocalAnswer> {
    const question = lastUserMessage(prompt);
    const smallTalk = smallTalkOf(question);
    if (!question || smallTalk) return { outcome: 'greeting', text: smallTalkReply(smallTalk ?? 'greeting', options.topics) };
    return composeGroundedAnswer(question, await options.retrieve(question), options.minScore);
  }

  return {
    specificationVersion: 'v4',
    provider: 'local',
    modelId: 'extractive',
    supportedUrls: {},

    async doGenerate(call) {
      const result = await answer(call.prompt);
      const citations = citationsOf(result);
      return {
        content: [{ type: 'text', text: result.text, citations }, ...citations.map((c) => c.source)],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usageOf(call.prompt, result.text),
        providerMetadata: { local: { outcome: result.outcome } },
        warnings: warningsOf(call),
      };
    },

    async doStream(call) {
      const result = await answer(call.prompt);
      const citations = citationsOf(result);
      // Word by word, each piece keeping its trailing whitespace, so the pieces join to the text.
      const pieces = result.text.match(/\S+\s*/g) ?? [];
      const parts: LanguageModelV4StreamPart[] = [
        { type: 'stream-start', warnings: warningsOf(call) },
        { type: 'response-metadata', modelId: 'extractive' },
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
      ];
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
