import {
  type Attributes,
  type Context,
  context,
  DiagLogLevel,
  diag,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { Logger } from 'pino';
import { APP_VERSION } from '../version';
import { clip } from './log-serializers';

/**
 * OpenTelemetry traces (docs/operations.md "Traces and request ids"): with OTEL_EXPORTER_OTLP_ENDPOINT
 * set, a tracer provider sends spans over OTLP/HTTP (JSON) to `<endpoint>/v1/traces`: one per HTTP
 * request, and inside it the turn, its retrieval and its model call; a job's span joins the trace of
 * the request (or job) that queued it. Without the endpoint nothing is installed: the API's no-op
 * tracer answers every call, spans cost an object each, and the SDK is never even loaded.
 *
 * Code everywhere uses `inSpan` and the helpers below, never the SDK: this file alone knows whether
 * traces go anywhere.
 */

/** The instrumentation scope every span of the app is recorded under. */
const TRACER_NAME = 'aisle';

/**
 * The OpenTelemetry semantic conventions' names this app sets. Spelled out rather than imported:
 * `@opentelemetry/semantic-conventions` is a few hundred kilobytes of constants every process would
 * load, tracing or not (the idle embedded server has a memory budget).
 */
export const SEMCONV = {
  httpMethod: 'http.request.method',
  httpRoute: 'http.route',
  httpStatus: 'http.response.status_code',
  messagingSystem: 'messaging.system',
  messagingDestination: 'messaging.destination.name',
  messagingMessageId: 'messaging.message.id',
  genAiProvider: 'gen_ai.provider.name',
  genAiModel: 'gen_ai.request.model',
  genAiInputTokens: 'gen_ai.usage.input_tokens',
  genAiOutputTokens: 'gen_ai.usage.output_tokens',
  genAiFinishReason: 'gen_ai.response.finish_reasons',
} as const;

export interface Tracing {
  /** Whether spans are recorded and sent (OTEL_EXPORTER_OTLP_ENDPOINT is set). */
  readonly enabled: boolean;
  /** Sends the spans ended so far now (tests; the batch otherwise goes every few seconds). */
  flush(): Promise<void>;
  /** Sends what is left and uninstalls the provider: the last step of closing the process's services. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; unset, nothing is installed. */
  endpoint?: string;
  /** OTEL_SERVICE_NAME. */
  serviceName: string;
  /** Where the SDK's own problems go (a collector that cannot be reached, spans dropped). */
  logger?: Logger;
}

/** How long closing the process waits for its last spans to be sent (inside its 8 s shutdown budget, main.ts). */
const SHUTDOWN_FLUSH_MS = 2_000;

const disabled: Tracing = { enabled: false, flush: async () => {}, shutdown: async () => {} };

/**
 * Installs the tracer provider, the async context manager (spans follow awaits, as the request
 * scope does) and the W3C trace-context propagator (an incoming `traceparent` is honoured, and jobs
 * carry one). The SDK is imported here only, so a process without tracing never loads it.
 */
export async function startTracing(options: TracingOptions): Promise<Tracing> {
  if (!options.endpoint) return disabled;
  const [
    { TracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { AsyncLocalStorageContextManager },
    { W3CTraceContextPropagator },
    resources,
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
  ]);
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new TracerProvider({
    resource: resources
      .defaultResource()
      .merge(resources.resourceFromAttributes({ 'service.name': options.serviceName, 'service.version': APP_VERSION })),
    // Ended spans are sent in batches (every 5 s, or 512 at a time); `flush` sends them now.
    spanProcessors: [new BatchSpanProcessor({ exporter })],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  // One provider per process: a second (a test building two traced apps) would silently not be used.
  if (!trace.setGlobalTracerProvider(provider) || !context.setGlobalContextManager(contextManager)) {
    await provider.shutdown();
    throw new Error('OpenTelemetry is already set up in this process');
  }
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  // The SDK says nothing by default: an unreachable collector would lose every span silently.
  const { logger } = options;
  if (logger) {
    const warn = (message: string, ...args: unknown[]) =>
      logger.warn({ detail: clip([message, ...args.map(String)].join(' ')) }, 'OpenTelemetry reported a problem');
    const quiet = () => {};
    diag.setLogger({ error: warn, warn, info: quiet, debug: quiet, verbose: quiet }, DiagLogLevel.WARN);
  }
  // A collector that cannot take the spans costs the spans, never the process (its shutdown included).
  const unsent = (error: unknown) => options.logger?.warn({ err: error }, 'OpenTelemetry: spans could not be sent');
  return {
    enabled: true,
    flush: () => provider.forceFlush().catch(unsent),
    async shutdown() {
      // Bounded: the exporter retries an unreachable collector for longer than a stop may take.
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(() => resolve(unsent(new Error(`not sent within ${SHUTDOWN_FLUSH_MS} ms`))), SHUTDOWN_FLUSH_MS);
      });
      await Promise.race([provider.shutdown().catch(unsent), waited]);
      clearTimeout(timer);
      // Uninstalled, so a process that builds its services again (tests) can trace again.
      trace.disable();
      context.disable();
      propagation.disable();
      diag.disable();
    },
  };
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The span's parent; by default the active span (the request, the turn, the job). */
  parent?: Context;
}

/**
 * Runs `work` inside a new span, child of the active one: the span ends when `work` settles, and a
 * failure is recorded on it (status error) before it is rethrown.
 */
export function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  const tracer = trace.getTracer(TRACER_NAME);
  return tracer.startActiveSpan(
    name,
    { kind: options.kind, attributes: options.attributes },
    options.parent ?? context.active(),
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        failSpan(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** Marks a span failed with the error (its type and message; never request data). */
export function failSpan(span: Span, error: unknown) {
  if (!span.isRecording()) return;
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/** Starts a span the caller ends itself (a request's span ends with its response), and the context it is active in. */
export function startSpan(name: string, options: SpanOptions): { span: Span; context: Context } {
  const parent = options.parent ?? context.active();
  const span = trace.getTracer(TRACER_NAME).startSpan(name, { kind: options.kind, attributes: options.attributes }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** The remote parent named by a W3C `traceparent` (a request's header, a job's record); the root context without one. */
export function contextFromTraceparent(carrier: Record<string, string | string[] | undefined>): Context {
  return propagation.extract(ROOT_CONTEXT, carrier);
}

/** The active span as a W3C `traceparent`, for work continued elsewhere (a queued job); undefined when not tracing. */
export function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The span the current work is part of (a turn sets what it learns on its way), if any is recording. */
export function activeSpan(): Span | undefined {
  const span = trace.getActiveSpan();
  return span?.isRecording() ? span : undefined;
}

/** A `provider:model` id as the GenAI conventions' provider and model attributes (never throws on a bad id). */
export function modelAttributes(modelId: string): Attributes {
  const colon = modelId.indexOf(':');
  return colon > 0
    ? { [SEMCONV.genAiProvider]: modelId.slice(0, colon), [SEMCONV.genAiModel]: modelId.slice(colon + 1) }
    : { [SEMCONV.genAiModel]: modelId };
}

/** Runs `work` (and all it starts) with `active` as the current trace context. */
export function withTraceContext<T>(active: Context, work: () => T): T {
  return context.with(active, work);
}

export type { Span };
export { ROOT_CONTEXT, SpanKind, SpanStatusCode };
