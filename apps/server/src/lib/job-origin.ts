import type { Logger } from 'pino';
import { currentRequestId, runInScope } from './request-scope';
import { contextFromTraceparent, currentTraceparent, inSpan, ROOT_CONTEXT, SEMCONV, SpanKind, withTraceContext } from './tracing';

/**
 * Where a job came from, recorded with it when it is queued: the id of the request that queued it
 * (directly, or through a job that request queued) and the trace it belongs to. A job's log lines
 * then carry the request's `reqId`, and its span joins the request's trace, though it runs later
 * and maybe in another process.
 */
export interface JobOrigin {
  requestId?: string;
  traceparent?: string;
}

/**
 * The reserved field of a job's data that holds its origin, beside the payload's own fields. Taken
 * out before the payload is validated, so no job's schema sees it. A job queued by an older deploy
 * has none, and runs as a job without an origin.
 */
const ORIGIN_FIELD = '_origin';

/** The payload with the current request's id and trace, when the job is queued inside one. */
export function withOrigin(payload: object): object {
  const origin: JobOrigin = { requestId: currentRequestId(), traceparent: currentTraceparent() };
  return origin.requestId || origin.traceparent ? { ...payload, [ORIGIN_FIELD]: origin } : payload;
}

/** A claimed job's data, split into the payload its schema checks and its origin (checked here: it comes from the database). */
export function splitOrigin(data: unknown): { payload: unknown; origin: JobOrigin } {
  if (!data || typeof data !== 'object' || !(ORIGIN_FIELD in data)) return { payload: data, origin: {} };
  const { [ORIGIN_FIELD]: recorded, ...payload } = data as Record<string, unknown>;
  const field = (key: keyof JobOrigin) => {
    const value = recorded && typeof recorded === 'object' ? (recorded as Record<string, unknown>)[key] : undefined;
    return typeof value === 'string' && value.length <= 256 ? value : undefined;
  };
  return { payload, origin: { requestId: field('requestId'), traceparent: field('traceparent') } };
}

/**
 * Runs one attempt of a job as the server's own work, in a scope naming the job and its origin's
 * request (every line it logs carries them), inside a consumer span that is a child of the trace
 * that queued it (a new trace for a job queued outside any). Whatever scope the queue's polling
 * happened to start in (the request that first used the queue) is left behind.
 */
export function runJobAttempt<T>(
  logger: Logger,
  job: { name: string; id: string; retryCount: number },
  origin: JobOrigin,
  work: () => Promise<T>,
): Promise<T> {
  const parent = origin.traceparent ? contextFromTraceparent({ traceparent: origin.traceparent }) : ROOT_CONTEXT;
  // Each attempt says how it ended: a job that failed is visible even when its handler logs nothing.
  const logged = async () => {
    const startedAt = performance.now();
    const ms = () => Math.round(performance.now() - startedAt);
    try {
      const result = await work();
      logger.info({ ms: ms() }, 'job completed');
      return result;
    } catch (error) {
      logger.warn({ err: error, ms: ms(), attempt: job.retryCount }, 'job attempt failed');
      throw error;
    }
  };
  return runInScope(
    'server',
    () =>
      inSpan(
        `job ${job.name}`,
        {
          kind: SpanKind.CONSUMER,
          parent,
          attributes: {
            [SEMCONV.messagingSystem]: 'pg-boss',
            [SEMCONV.messagingDestination]: job.name,
            [SEMCONV.messagingMessageId]: job.id,
            'aisle.job.attempt': job.retryCount,
            ...(origin.requestId ? { 'aisle.request_id': origin.requestId } : {}),
          },
        },
        logged,
      ),
    { requestId: origin.requestId, job: { name: job.name, id: job.id } },
  );
}

/**
 * Runs `work` as the server's own, outside any request's scope and trace: for what a request only
 * happens to start (the job queue's polling, started by the first job queued) and outlives it.
 */
export function apartFromRequests<T>(work: () => T): T {
  return runInScope('server', () => withTraceContext(ROOT_CONTEXT, work));
}
