import { createOpenAI } from '@ai-sdk/openai';
import { embedMany } from 'ai';
import type { Env } from '../../../env';

/** Passages per embeddings request: large enough to be cheap, small enough to stay under request limits. */
export const EMBEDDING_BATCH_SIZE = 64;

/** Turns text into vectors with the configured model; `model` tags stored vectors so a model change re-embeds. */
export interface Embedder {
  model: string;
  /** `retries`: 2 for background work; a search a person waits on tries once and falls back to lexical. */
  embed(values: string[], options?: { signal?: AbortSignal; retries?: number }): Promise<number[][]>;
}

/**
 * The embedding model of EMBEDDING_PROVIDER/EMBEDDING_MODEL, through the AI SDK's OpenAI provider:
 * OpenAI itself, or any OpenAI-compatible `/embeddings` server at EMBEDDING_BASE_URL. Null when
 * none is configured: retrieval is then lexical only.
 */
export function createEmbedder(env: Env): Embedder | null {
  if (!env.EMBEDDING_PROVIDER || !env.EMBEDDING_MODEL) return null;
  const provider = createOpenAI({
    baseURL: env.EMBEDDING_BASE_URL,
    apiKey: env.EMBEDDING_API_KEY ?? env.OPENAI_API_KEY ?? '',
    name: 'embeddings',
  });
  const model = provider.embedding(env.EMBEDDING_MODEL);
  return {
    model: env.EMBEDDING_MODEL,
    async embed(values, options = {}) {
      if (!values.length) return [];
      const { embeddings } = await embedMany({
        model,
        values,
        maxParallelCalls: 2,
        maxRetries: options.retries ?? 2,
        abortSignal: options.signal,
      });
      return embeddings;
    },
  };
}

/** What gets embedded for a passage: its heading path gives the text its context. */
export const embeddingInput = (passage: { heading: string; text: string }) =>
  passage.heading ? `${passage.heading}\n\n${passage.text}` : passage.text;
