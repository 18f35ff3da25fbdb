import type { FinishReason, LanguageModelUsage, TextStreamPart, ToolSet } from 'ai';
import { type ProviderFailure, providerFailureOf, providerFailures } from './provider-errors';

/** A cited document or URL, as the AI SDK streams it. */
export type AnswerSource = Extract<TextStreamPart<ToolSet>, { type: 'source' }>;

export interface StreamedAnswer {
  text: string;
  sources: AnswerSource[];
  finishReason: FinishReason | undefined;
  usage: LanguageModelUsage | undefined;
  /** Set when the provider failed: the answer is then partial or empty and must not pass as complete. */
  failure: ProviderFailure | null;
  /** The provider's error, for the log. */
  error: unknown;
}

/**
 * Reads a `streamText` result's `fullStream`, passing text on as it arrives. Provider errors reach
 * the stream in two ways: as `error` parts (a failed request), or as an exception from the
 * iteration itself (a connection cut after the answer began). Both end here as a `failure`, so a
 * broken answer is never stored as an empty or complete one (DESIGN "AI").
 */
export async function readAnswerStream(
  parts: AsyncIterable<TextStreamPart<ToolSet>>,
  onText: (delta: string) => void = () => {},
): Promise<StreamedAnswer> {
  const answer: StreamedAnswer = { text: '', sources: [], finishReason: undefined, usage: undefined, failure: null, error: undefined };
  const fail = (error: unknown) => {
    answer.error ??= error;
    answer.failure ??= providerFailureOf(error, { answerStarted: answer.text.length > 0 });
  };
  try {
    for await (const part of parts) {
      if (part.type === 'text-delta') {
        answer.text += part.text;
        onText(part.text);
      } else if (part.type === 'source') answer.sources.push(part);
      else if (part.type === 'error') fail(part.error);
      else if (part.type === 'finish') {
        answer.finishReason = part.finishReason;
        answer.usage = part.totalUsage;
      }
    }
  } catch (error) {
    fail(error);
  }
  // A stream that ended without its completion signal is cut even when no error was raised.
  if (!answer.failure && answer.finishReason === 'interrupted') answer.failure = providerFailures.interrupted;
  return answer;
}
