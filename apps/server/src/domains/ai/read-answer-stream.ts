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
  /** The tools the model called, with what came back, in call order. */
  toolCalls: ToolCallRecord[];
}

/** One tool call of an answer: the call as the model made it, then its result or error. */
export interface ToolCallRecord {
  toolCallId: string;
  name: string;
  input: unknown;
  /** Undefined while the tool runs. */
  ok?: boolean;
  output?: unknown;
  error?: string;
}

/** A tool call as it starts (`call`) and as it ends (`result`). */
export type ToolEvent = { kind: 'call' | 'result'; call: ToolCallRecord };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Reads a `streamText` result's `fullStream`, passing text on as it arrives. Provider errors reach
 * the stream in two ways: as `error` parts (a failed request), or as an exception from the
 * iteration itself (a connection cut after the answer began). Both end here as a `failure`, so a
 * broken answer is never stored as an empty or complete one (DESIGN "AI").
 */
export async function readAnswerStream(
  parts: AsyncIterable<TextStreamPart<ToolSet>>,
  onText: (delta: string) => void = () => {},
  onTool: (event: ToolEvent) => void = () => {},
  /** Sees every part first (text block ends, calls of tools the caller's app runs). */
  onPart?: (part: TextStreamPart<ToolSet>) => void,
): Promise<StreamedAnswer> {
  const answer: StreamedAnswer = {
    text: '',
    sources: [],
    finishReason: undefined,
    usage: undefined,
    failure: null,
    error: undefined,
    toolCalls: [],
  };
  const calls = new Map<string, ToolCallRecord>();
  const fail = (error: unknown) => {
    answer.error ??= error;
    answer.failure ??= providerFailureOf(error, { answerStarted: answer.text.length > 0 });
  };
  try {
    for await (const part of parts) {
      onPart?.(part);
      if (part.type === 'text-delta') {
        answer.text += part.text;
        onText(part.text);
      } else if (part.type === 'source') answer.sources.push(part);
      else if (part.type === 'tool-call') {
        const call: ToolCallRecord = { toolCallId: part.toolCallId, name: part.toolName, input: part.input };
        calls.set(call.toolCallId, call);
        answer.toolCalls.push(call);
        onTool({ kind: 'call', call });
      } else if (part.type === 'tool-result' || part.type === 'tool-error') {
        const call = calls.get(part.toolCallId);
        if (!call || ('preliminary' in part && part.preliminary)) continue;
        if (part.type === 'tool-result') Object.assign(call, { ok: true, output: part.output });
        else Object.assign(call, { ok: false, error: errorText(part.error) });
        onTool({ kind: 'result', call });
      } else if (part.type === 'error') fail(part.error);
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
