import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { createFairQueue, type FairQueue, FairQueueFullError } from '../../../lib/fair-queue';
import { watchRunTime } from '../../../lib/run-watchdog';
import { serveHostCalls } from './host-calls';
import { sandboxNetworkSettings } from './network-policy';
import { outcomeMessages as messages } from './outcome-messages';
import {
  DEFAULT_SANDBOX_LIMITS,
  MAX_STACK_BYTES,
  type SandboxErrorCode,
  type SandboxLimits,
  type SandboxOutcome,
  type SandboxRequest,
  type SandboxTask,
} from './sandbox-types';

/** One worker per core, at most 4: each may hold a QuickJS heap of memoryBytes (32 MB by default). */
export const SANDBOX_POOL_SIZE = Math.max(1, Math.min(availableParallelism(), 4));
/**
 * The workers' native stack. Wasm frames use it several times faster than QuickJS counts its own
 * stack (up to MAX_STACK_BYTES); measured, the parser and JSON at 1 MiB of QuickJS stack need more
 * than 16 MB. With it, deep nesting ends in QuickJS's "stack overflow", not a broken module.
 */
const WORKER_STACK_MB = 32;
/** How long past its time limit a run may go before its worker is terminated (time to report back). */
const WATCHDOG_GRACE_MS = 1_000;
/**
 * Runs of one account waiting for a worker. A busy storefront's functions take milliseconds, so a
 * hundred drain in well under a second; an account starting five-second loops faster than they end
 * gets a clear `busy` outcome instead of a queue that grows for minutes.
 */
const MAX_WAITING_PER_ACCOUNT = 100;

export interface SandboxPoolOptions {
  /** The worker entry; tests pass a fake one to check crashes. */
  filename?: string;
  maxThreads?: number;
  maxWaitingPerAccount?: number;
}

/**
 * Runs functions in worker threads, so a function busy computing never holds up the server's
 * event loop. A worker that dies fails its run with `crashed` and piscina starts another. A run
 * still going well past its time limit (code QuickJS cannot interrupt, such as JSON.stringify on
 * deeply nested data) has its worker terminated by a watchdog here and ends with `timeout`.
 *
 * Runs take turns by account in front of piscina, whose own queue is one line for everyone (one
 * account's 24 five-second loops held another's 4 ms function for 28.7 s): piscina is handed a run
 * only when a worker is free, the next one taken from each waiting account in turn (FIFO within an
 * account). So one account's burst of long loops delays
 * another account's run by at most one run's time limit (plus the watchdog's grace), however many
 * loops are queued. Time spent waiting is not counted against the time limit: it starts when a
 * worker starts the run.
 */
export class SandboxPool {
  private readonly piscina: Piscina<SandboxTask, SandboxOutcome>;
  private readonly turns: FairQueue;

  constructor(options: SandboxPoolOptions = {}) {
    this.piscina = new Piscina({
      filename: options.filename ?? defaultWorkerFile(),
      minThreads: 1,
      maxThreads: options.maxThreads ?? SANDBOX_POOL_SIZE,
      idleTimeout: 60_000,
      concurrentTasksPerWorker: 1,
      // Between tasks the worker's event loop keeps running (sockets of abandoned fetches close).
      atomics: 'async',
      resourceLimits: { stackSizeMb: WORKER_STACK_MB, maxOldGenerationSizeMb: 256 },
    });
    this.turns = createFairQueue({
      concurrency: this.size,
      // While another account waits, one account holds at most half the workers (one of two on a
      // 2-core machine), so a second account's runs keep a worker after its first turn. Alone, an
      // account uses them all: a single shop's busy storefront is not slowed for nobody's sake.
      perKeyShare: Math.max(1, Math.floor(this.size / 2)),
      maxWaitingPerKey: options.maxWaitingPerAccount ?? MAX_WAITING_PER_ACCOUNT,
    });
  }

  get size(): number {
    return this.piscina.maxThreads;
  }

  /**
   * Runs the request in its account's turn. Rejects with the signal's reason when `request.signal`
   * aborts while the run still waits for a worker (it then never runs).
   */
  async run(request: SandboxRequest): Promise<SandboxOutcome> {
    let argsJson: string;
    try {
      argsJson = JSON.stringify(request.args) ?? 'null';
    } catch {
      return failedAfter(performance.now(), 'runtime', messages.badArguments());
    }
    try {
      return await this.turns.run(request.account, () => this.runNow(request, argsJson), { signal: request.signal });
    } catch (error) {
      if (error instanceof FairQueueFullError) return failedAfter(performance.now(), 'busy', messages.busy(error.waiting));
      throw error;
    }
  }

  /** One run handed to piscina, when a worker is free for it. */
  private async runNow(request: SandboxRequest, argsJson: string): Promise<SandboxOutcome> {
    const started = performance.now();
    const limits = resolveLimits(request.limits);
    const failed = (code: SandboxErrorCode, message: string) => failedAfter(started, code, message);
    const channel = request.host?.names.length ? new MessageChannel() : undefined;
    const task: SandboxTask = {
      code: request.code,
      argsJson,
      variablesJson: JSON.stringify(request.variables ?? {}),
      limits,
      network: sandboxNetworkSettings(),
      startedAt: new Float64Array(new SharedArrayBuffer(Float64Array.BYTES_PER_ELEMENT)),
      hostNames: channel && request.host ? [...request.host.names] : [],
      hostPort: channel?.port2,
    };
    const stopServing = channel && request.host ? serveHostCalls(channel.port1, request.host, limits) : undefined;
    const watchdog = new AbortController();
    const stopWatching = watchRunTime(task.startedAt, limits.timeMs + WATCHDOG_GRACE_MS, watchdog);
    try {
      return await this.piscina.run(task, { signal: watchdog.signal, transferList: channel ? [channel.port2] : undefined });
    } catch {
      // Stopped by the watchdog, or the worker died once the run was already past its time limit.
      const start = task.startedAt[0] ?? 0;
      const pastLimit = start > 0 && Date.now() > start + limits.timeMs;
      return watchdog.signal.aborted || pastLimit ? failed('timeout', messages.timeout(limits)) : failed('crashed', messages.crashed());
    } finally {
      stopWatching();
      stopServing?.();
    }
  }

  close(): Promise<void> {
    return this.piscina.destroy();
  }
}

function failedAfter(started: number, code: SandboxErrorCode, message: string): SandboxOutcome {
  return { ok: false, error: { code, message }, logs: [], durationMs: Math.round(performance.now() - started) };
}

/** The worker entry: beside the bundle in production, a tsx bootstrap when running from sources. */
function defaultWorkerFile(): string {
  return import.meta.url.endsWith('.ts')
    ? new URL('./sandbox-worker-from-sources.mjs', import.meta.url).href
    : new URL('./function-sandbox-worker.mjs', import.meta.url).href;
}

/** The defaults overridden by the valid values of `limits`; the stack capped at MAX_STACK_BYTES. */
export function resolveLimits(limits: Partial<SandboxLimits> = {}): SandboxLimits {
  const resolved = { ...DEFAULT_SANDBOX_LIMITS };
  for (const key of Object.keys(resolved) as (keyof SandboxLimits)[]) {
    const value = limits[key];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) resolved[key] = value;
  }
  resolved.stackBytes = Math.min(resolved.stackBytes, MAX_STACK_BYTES);
  return resolved;
}
