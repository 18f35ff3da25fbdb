import {
  failSpan,
  inSpan,
  modelAttributes,
  SEMCONV,
  type Span,
  SpanKind,
  SpanStatusCode,
  startSpan,
  withTraceContext,
} from '../../lib/tracing';

/**
 * A model call's span in the trace of whatever asked (lib/tracing.ts): from the request to the
 * provider to the answer's end, with the tokens used and how it finished. Never the prompt or the
 * answer. A streamed call is created and read inside its span, so the built-in model's own
 * searches are its children.
 */
export interface ModelCall {
  span: Span;
  run<T>(work: () => T): T;
}

/** What the span reads of an answer: the AI SDK's usage and finish reason, and the engine's failure if any. */
interface ModelOutcome {
  usage?: { inputTokens?: number; outputTokens?: number } | undefined;
  finishReason?: string | undefined;
  failure?: { code: string } | null;
}

function recordOutcome(span: Span, outcome: ModelOutcome) {
  const { inputTokens, outputTokens } = outcome.usage ?? {};
  span.setAttributes({
    ...(inputTokens !== undefined ? { [SEMCONV.genAiInputTokens]: inputTokens } : {}),
    ...(outputTokens !== undefined ? { [SEMCONV.genAiOutputTokens]: outputTokens } : {}),
    ...(outcome.finishReason ? { [SEMCONV.genAiFinishReason]: [outcome.finishReason] } : {}),
  });
  if (outcome.failure) span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.failure.code });
}

/** Starts a streamed call's span: create the stream in `run`, then read it with `readInModelCall`. */
export function startModelCall(modelId: string): ModelCall {
  const { span, context } = startSpan('model call', { kind: SpanKind.CLIENT, attributes: modelAttributes(modelId) });
  return { span, run: (work) => withTraceContext(context, work) };
}

/** Reads the stream inside the call's span, which then ends with the usage and the outcome. */
export async function readInModelCall<T extends ModelOutcome>(call: ModelCall, read: () => Promise<T>): Promise<T> {
  try {
    const answer = await call.run(read);
    recordOutcome(call.span, answer);
    return answer;
  } catch (error) {
    failSpan(call.span, error);
    throw error;
  } finally {
    call.span.end();
  }
}

/** The call never got to its stream (the caller's writes failed, the model could not be made). */
export function abandonModelCall(call: ModelCall | undefined, error: unknown) {
  if (!call) return;
  failSpan(call.span, error);
  call.span.end();
}

/** A call answered whole (`generateText`) inside its span. */
export function inModelCall<T extends ModelOutcome>(modelId: string, generate: () => Promise<T>): Promise<T> {
  return inSpan('model call', { kind: SpanKind.CLIENT, attributes: modelAttributes(modelId) }, async (span) => {
    const result = await generate();
    recordOutcome(span, result);
    return result;
  });
}
