import { monitorEventLoopDelay } from 'node:perf_hooks';
import { AppError } from './app-error';

/** What a visitor (or owner) hears when the process is saturated and cannot start their turn soon. */
export const BUSY_TEXT = 'The assistant is busy right now. Please try again in a moment.';

export interface TurnGateOptions {
  /** Turns allowed in their starting phase (reading, retrieval, up to the first token) at once. */
  concurrency: number;
  /** Longest a new turn may expect to wait for a slot before it is refused at once (ms). */
  maxWaitMs: number;
  /** Event-loop delay (p99 over the last sample, ms) above which turns that would wait are refused. */
  maxLoopDelayMs: number;
  /** Between event-loop delay samples (ms); 0 turns the loop monitor off. */
  sampleEveryMs?: number;
  now?: () => number;
}

export interface TurnSlot {
  /** Gives the slot back: the turn's first token was sent, or it ended (idempotent). */
  release(): void;
}

export interface TurnGateStats {
  active: number;
  queued: number;
  /** Turns refused with a 503 since the start. */
  refused: number;
  /** The same by reason: the wait would have been too long, or the event loop was already late. */
  refusals: { wait: number; loop_delay: number };
  /** The smoothed time a turn holds its slot (ms). */
  holdMs: number;
  loopDelayMs: number;
  /** Whether the event loop is being watched: only while turns run or wait, and a few seconds after. */
  loopWatched: boolean;
}

export interface TurnGate {
  /**
   * A slot for a new turn of `key` (a share link, an owner): at once while slots are free, otherwise
   * after the turns queued before it, taken in turn across keys so one busy link cannot starve the
   * others. Refused with a 503 `busy` and Retry-After when the wait would be too long or the event
   * loop is already late; `signal` abandons the wait (the client left). A `patient` caller (a
   * durable job, which nobody waits on) is never refused: it waits its turn however long.
   */
  acquire(key: string, signal?: AbortSignal, options?: { patient?: boolean }): Promise<TurnSlot>;
  stats(): TurnGateStats;
  close(): void;
}

interface Waiter {
  grant(slot: TurnSlot): void;
  fail(error: unknown): void;
}

/** The 503 of a turn refused because the process is saturated. */
export const serverBusy = (retryAfterSeconds: number) =>
  new AppError('UNAVAILABLE', BUSY_TEXT, { bodyCode: 'busy', retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });

/** Samples with no turn running or waiting before the loop monitor rests (at 500 ms a sample: 5 s). */
const QUIET_SAMPLES_BEFORE_REST = 10;

/**
 * Admission control for answering turns (issue: throughput and fairness). A saturated Node process
 * serves connections in no particular order, so under load some visitors waited a minute while others
 * were answered at once. The gate lets a bounded number of turns do their CPU-heavy start at a time,
 * queues the rest fairly (round robin across keys, arrival order within one), and refuses with a quick
 * 503 what it could not start within `maxWaitMs`: the client retries after Retry-After.
 */
export function createTurnGate(options: TurnGateOptions): TurnGate {
  const now = options.now ?? (() => performance.now());
  const queues = new Map<string, Waiter[]>();
  /** Keys with waiters, in the order they are served next. */
  const rotation: string[] = [];
  let queued = 0;
  let active = 0;
  let refused = 0;
  const refusals = { wait: 0, loop_delay: 0 };
  /** Exponentially smoothed slot hold time: the base of the wait estimate. */
  let holdMs = 0;
  let loopDelayMs = 0;

  // The loop is watched only while turns run or wait (the only time its delay decides anything):
  // a 10 ms monitor wakes the loop 100 times a second, which was most of an idle server's CPU.
  let histogram: ReturnType<typeof monitorEventLoopDelay> | undefined;
  let sampler: NodeJS.Timeout | undefined;
  let quietSamples = 0;
  let closed = false;
  const sampleEveryMs = options.sampleEveryMs ?? 500;
  function watchLoop() {
    if (sampleEveryMs <= 0 || sampler || closed) return;
    histogram ??= monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    quietSamples = 0;
    sampler = setInterval(() => {
      if (!histogram) return;
      loopDelayMs = histogram.count > 0 ? histogram.percentile(99) / 1e6 : 0;
      histogram.reset();
      quietSamples = active === 0 && queued === 0 ? quietSamples + 1 : 0;
      if (quietSamples >= QUIET_SAMPLES_BEFORE_REST) stopWatching();
    }, sampleEveryMs);
    sampler.unref();
  }
  function stopWatching() {
    clearInterval(sampler);
    sampler = undefined;
    histogram?.disable();
    histogram?.reset();
    loopDelayMs = 0;
  }

  const estimatedWaitMs = () => ((queued + 1) * Math.max(holdMs, 1)) / options.concurrency;

  function slot(): TurnSlot {
    const startedAt = now();
    let released = false;
    active += 1;
    return {
      release() {
        if (released) return;
        released = true;
        const held = now() - startedAt;
        holdMs = holdMs === 0 ? held : holdMs * 0.9 + held * 0.1;
        active -= 1;
        next();
      },
    };
  }

  function next() {
    while (active < options.concurrency && rotation.length > 0) {
      const key = rotation.shift() as string;
      const waiters = queues.get(key) as Waiter[];
      const waiter = waiters.shift() as Waiter;
      queued -= 1;
      if (waiters.length > 0) rotation.push(key);
      else queues.delete(key);
      waiter.grant(slot());
    }
  }

  function refuse(reason: keyof typeof refusals): never {
    refused += 1;
    refusals[reason] += 1;
    throw serverBusy(estimatedWaitMs() / 1000);
  }

  return {
    async acquire(key, signal, how) {
      signal?.throwIfAborted();
      watchLoop();
      if (active < options.concurrency && queued === 0) return slot();
      if (!how?.patient && estimatedWaitMs() > options.maxWaitMs) refuse('wait');
      if (!how?.patient && loopDelayMs > options.maxLoopDelayMs) refuse('loop_delay');
      return new Promise<TurnSlot>((resolve, reject) => {
        const waiter: Waiter = {
          grant(granted) {
            signal?.removeEventListener('abort', onAbort);
            resolve(granted);
          },
          fail(error) {
            signal?.removeEventListener('abort', onAbort);
            reject(error);
          },
        };
        function onAbort() {
          const waiters = queues.get(key);
          const at = waiters?.indexOf(waiter) ?? -1;
          if (!waiters || at < 0) return;
          waiters.splice(at, 1);
          queued -= 1;
          if (waiters.length === 0) {
            queues.delete(key);
            rotation.splice(rotation.indexOf(key), 1);
          }
          waiter.fail(signal?.reason);
        }
        signal?.addEventListener('abort', onAbort, { once: true });
        const waiters = queues.get(key);
        if (waiters) waiters.push(waiter);
        else {
          queues.set(key, [waiter]);
          rotation.push(key);
        }
        queued += 1;
      });
    },
    stats: () => ({ active, queued, refused, refusals: { ...refusals }, holdMs, loopDelayMs, loopWatched: sampler !== undefined }),
    close() {
      closed = true;
      stopWatching();
      histogram = undefined;
    },
  };
}
