import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
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

export interface SandboxPoolOptions {
  /** The worker entry; tests pass a fake one to check crashes. */
  filename?: string;
  maxThreads?: number;
}

/**
 * Runs functions in worker threads, so a function busy computing never holds up the server's
 * event loop. A worker that dies fails its run with `crashed` and piscina starts another. A run
 * still going well past its time limit (code QuickJS cannot interrupt, such as JSON.stringify on
 * deeply nested data) has its worker terminated by a watchdog here and ends with `timeout`.
 */
export class SandboxPool {
  private readonly piscina: Piscina<SandboxTask, SandboxOutcome>;

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
  }

  get size(): number {
    return this.piscina.maxThreads;
  }

  async run(request: SandboxRequest): Promise<SandboxOutcome> {
    const started = performance.now();
    const limits = resolveLimits(request.limits);
    const failed = (code: SandboxErrorCode, message: string): SandboxOutcome => ({
      ok: false,
      error: { code, message },
      logs: [],
      durationMs: Math.round(performance.now() - started),
    });
    let argsJson: string;
    try {
      argsJson = JSON.stringify(request.args) ?? 'null';
    } catch {
      return failed('runtime', messages.badArguments());
    }
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
    const stopWatching = watch(task.startedAt, limits.timeMs + WATCHDOG_GRACE_MS, watchdog);
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

/** Aborts `controller` once the run has gone `allowedMs` past its start; time queued for a worker is not counted. */
function watch(startedAt: Float64Array, allowedMs: number, controller: AbortController): () => void {
  let timer: NodeJS.Timeout;
  const check = () => {
    const start = startedAt[0] ?? 0;
    // Not started yet (queued, or the worker is still loading): look again soon.
    const left = start > 0 ? start + allowedMs - Date.now() : 250;
    if (left <= 0) controller.abort();
    else timer = setTimeout(check, Math.max(left, 25));
  };
  timer = setTimeout(check, allowedMs);
  return () => clearTimeout(timer);
}
