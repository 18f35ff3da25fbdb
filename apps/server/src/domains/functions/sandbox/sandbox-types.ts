import type { MessagePort } from 'node:worker_threads';
import type { SandboxNetworkSettings } from './network-policy';

export interface SandboxLimits {
  /** Wall-clock time for the whole run (module evaluation, the call, awaited fetches and timers). */
  timeMs: number;
  /** QuickJS heap of one run. */
  memoryBytes: number;
  /** QuickJS stack of one run; capped at MAX_STACK_BYTES (see sandbox-pool.ts for why). */
  stackBytes: number;
  /** console output kept in `logs`; past it the logs end with a truncation line and the run goes on. */
  outputBytes: number;
  /** The result as JSON (UTF-8 bytes). */
  resultBytes: number;
  /** fetch() calls per run (redirect hops are not counted; there are at most 5 per call). */
  fetchCount: number;
  /** One fetch() call, redirects and reading the body included. */
  fetchTimeoutMs: number;
  /** One response body. */
  fetchMaxBytes: number;
  /** Calls of the granted host abilities (`aisle.*`) per run. */
  hostCallCount: number;
}

const KiB = 1024;
const MiB = 1024 * KiB;

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = Object.freeze({
  timeMs: 5_000,
  memoryBytes: 32 * MiB,
  stackBytes: 512 * KiB,
  outputBytes: 64 * KiB,
  resultBytes: 256 * KiB,
  fetchCount: 10,
  fetchTimeoutMs: 5_000,
  fetchMaxBytes: 1 * MiB,
  hostCallCount: 20,
});

/**
 * QuickJS measures its stack in the wasm module's own (shadow) stack, but wasm frames also use the
 * worker thread's native stack, several times more per level for the parser and JSON. Workers get
 * a native stack far larger than this (sandbox-pool.ts), so QuickJS's "stack overflow" comes first.
 */
export const MAX_STACK_BYTES = 1 * MiB;

/**
 * - `output` is never returned: console output past `outputBytes` is cut and the logs end with a
 *   line saying so, because a function that logs a lot should still answer the shopper.
 * - `crashed`: the worker thread died or the QuickJS wasm module failed; the pool replaces it.
 * - `busy`: the account already had its most runs waiting for a worker; this one never started.
 */
export type SandboxErrorCode =
  | 'syntax'
  | 'no_default_export'
  | 'runtime'
  | 'timeout'
  | 'memory'
  | 'stack'
  | 'output'
  | 'result_too_large'
  | 'not_serialisable'
  | 'crashed'
  | 'busy';

export type SandboxOutcome =
  | { ok: true; result: unknown; logs: string[]; durationMs: number }
  | { ok: false; error: { code: SandboxErrorCode; message: string }; logs: string[]; durationMs: number };

/**
 * Abilities the server grants one run, beyond the sandbox's own globals: the code calls
 * `aisle.<name>(input)` and gets a promise of what `call` answers. They run in the server's main
 * thread, with the caller's scope already bound (an owner's knowledge stores, one conversation),
 * and receive and answer plain JSON. A `HostCallRefusal` thrown by `call` reaches the code as an
 * Error with its message; any other failure as a generic one.
 */
export interface HostAbilities {
  names: readonly string[];
  call(name: string, input: unknown): Promise<unknown>;
}

/** An error whose message the function's code may read (a refusal or a clear failure of a host ability). */
export class HostCallRefusal extends Error {
  override name = 'Error';
}

export interface SandboxRequest {
  /** The owning account (owner e-mail): runs take turns by it (sandbox-pool.ts). */
  account: string;
  /** The caller giving up: a run still waiting for a worker leaves the queue and never runs. */
  signal?: AbortSignal;
  code: string;
  args: unknown;
  variables?: Record<string, string>;
  limits?: Partial<SandboxLimits>;
  host?: HostAbilities;
}

/** A host call as sent from the worker over the run's message port, and its answer. */
export interface HostCallMessage {
  id: number;
  name: string;
  inputJson: string;
}
export type HostCallAnswer = { id: number; ok: true; json: string } | { id: number; ok: false; message: string };

/** One run as sent to a worker thread (structured-cloned, so plain data only). */
export interface SandboxTask {
  code: string;
  /** The arguments as JSON text: the VM parses it, so no host object ever reaches the function. */
  argsJson: string;
  variablesJson: string;
  limits: SandboxLimits;
  network: SandboxNetworkSettings;
  /** Shared with the host: the worker writes Date.now() here when the run starts (the host's watchdog reads it). */
  startedAt: Float64Array;
  /** The host abilities granted (defined as `aisle.<name>`), and the port their calls go through. */
  hostNames: string[];
  hostPort?: MessagePort;
}
