import type { Logger } from 'pino';
import { AppError } from './app-error';

/** What a client asking for new work hears while this process shuts down. */
export const RESTARTING_TEXT = 'The server is restarting. Please try again in a moment.';

/** `Retry-After` of a refusal: a restarted process, or another instance, answers by then. */
export const RESTARTING_RETRY_AFTER_SECONDS = 5;

/** The 503 of work refused, or cut at the deadline, because this process is shutting down. */
export const serverRestarting = () =>
  new AppError('UNAVAILABLE', RESTARTING_TEXT, { bodyCode: 'restarting', retryAfterSeconds: RESTARTING_RETRY_AFTER_SECONDS });

/** One turn in flight: the drain waits for it to `end`, and aborts its `signal` at the deadline. */
export interface TurnLease {
  /** Aborts, with `serverRestarting()` as its reason, when the turn is still running at the deadline. */
  readonly signal: AbortSignal;
  /** The turn is over, however it went (idempotent). */
  end(): void;
}

/** The part domain code sees: a turn asks to start, and is refused once the process drains. */
export interface TurnAdmission {
  /** A lease for a new turn, or the 503 `serverRestarting()` error while draining. */
  begin(): TurnLease;
}

export interface DrainOutcome {
  /** Streams ended at once (idle event streams, sockets). */
  streams: number;
  /** Turns that finished before the deadline. */
  finished: number;
  /** Turns aborted at the deadline. */
  cut: number;
  /** Turns still running `abortGraceMs` after being aborted (their connections are then closed). */
  stuck: number;
}

export interface Shutdown extends TurnAdmission {
  readonly draining: boolean;
  /** Throws the 503 `serverRestarting()` error while draining. */
  refuseWhileDraining(): void;
  /**
   * Registers something to end as soon as draining starts (an idle event stream, the WebSocket
   * clients); returns the function that unregisters it. Registered while draining, it ends at once.
   */
  onDrain(end: () => void): () => void;
  /**
   * Drains, once (later calls share the first): refuses new turns, ends what registered with
   * `onDrain`, waits for the turns in flight until `deadlineMs`, then aborts those still running
   * and gives them `abortGraceMs` to end cleanly.
   */
  drain(options: { deadlineMs: number; abortGraceMs?: number }): Promise<DrainOutcome>;
}

/** Long enough for an aborted turn to send its error event and end its response. */
const ABORT_GRACE_MS = 500;

/** Resolves with `true` when `work` settles within `ms`, `false` otherwise. */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The process's shutdown state, which transports register with (DESIGN "Runtime shape"): whether
 * it drains, the streams to end at once, and the turns in flight. Knows nothing of HTTP: the web
 * server (http/close-gracefully.ts) starts the drain, routes and resolvers register, and domains
 * take a lease per turn (`TurnAdmission`).
 */
export function createShutdown(logger?: Pick<Logger, 'warn'>): Shutdown {
  let draining = false;
  let drained: Promise<DrainOutcome> | null = null;
  const streams = new Set<() => void>();
  const turns = new Set<{ abort: AbortController; ended: Promise<void> }>();

  const endStream = (end: () => void) => {
    try {
      end();
    } catch (error) {
      logger?.warn({ err: error }, 'ending a stream for shutdown failed');
    }
  };

  async function drain(deadlineMs: number, abortGraceMs: number): Promise<DrainOutcome> {
    const ending = [...streams];
    streams.clear();
    for (const end of ending) endStream(end);

    const inFlight = [...turns];
    const allEnded = () => Promise.all(inFlight.map((turn) => turn.ended));
    if (await settlesWithin(allEnded(), deadlineMs)) return { streams: ending.length, finished: inFlight.length, cut: 0, stuck: 0 };
    const running = [...turns];
    for (const turn of running) turn.abort.abort(serverRestarting());
    await settlesWithin(allEnded(), abortGraceMs);
    return { streams: ending.length, finished: inFlight.length - running.length, cut: running.length, stuck: turns.size };
  }

  return {
    get draining() {
      return draining;
    },
    refuseWhileDraining() {
      if (draining) throw serverRestarting();
    },
    begin() {
      if (draining) throw serverRestarting();
      const abort = new AbortController();
      let end = () => {};
      const turn = { abort, ended: new Promise<void>((resolve) => (end = resolve)) };
      turns.add(turn);
      return {
        signal: abort.signal,
        end() {
          turns.delete(turn);
          end();
        },
      };
    },
    onDrain(end) {
      if (draining) {
        // Not synchronously: the caller may not have kept the unregister function yet.
        queueMicrotask(() => endStream(end));
        return () => {};
      }
      streams.add(end);
      return () => streams.delete(end);
    },
    drain(options) {
      // Draining before the first stream ends: whatever they set off is refused.
      draining = true;
      drained ??= drain(options.deadlineMs, options.abortGraceMs ?? ABORT_GRACE_MS);
      return drained;
    },
  };
}
