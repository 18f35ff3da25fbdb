import type { MessagePort } from 'node:worker_threads';
import {
  type DisposableResult,
  errors,
  type QuickJSContext,
  type QuickJSDeferredPromise,
  type QuickJSHandle,
} from 'quickjs-emscripten-core';
import type { ConsoleOutput } from './console-output';
import { FetchFailure } from './fetch-failure';
import { type FetchRequest, hostFetch } from './host-fetch';
import type { SandboxNetworkSettings } from './network-policy';
import type { PendingWork } from './pending-work';
import { PRELUDE, PRELUDE_FILE } from './sandbox-prelude';
import type { HostCallAnswer, HostCallMessage, SandboxLimits } from './sandbox-types';

type Helper = 'parseArguments' | 'parseVariables' | 'resultJson' | 'describeError' | 'fireTimer';

export interface BridgeOptions {
  limits: SandboxLimits;
  network: SandboxNetworkSettings;
  output: ConsoleOutput;
  pending: PendingWork;
  /** Aborted when the run ends: in-flight fetches stop. */
  signal: AbortSignal;
  /** Host abilities granted to the run (`aisle.<name>`) and the port their calls go through. */
  hostNames: readonly string[];
  hostPort?: MessagePort;
}

/** Timers a run may have pending at once. */
const MAX_TIMERS = 100;

/**
 * The host side of the globals the prelude defines (console, fetch, setTimeout, clearTimeout)
 * and the helpers it returns. Owns every handle it creates: close() clears timers, drops
 * unsettled fetch promises and frees the helpers, and must run before the context is disposed.
 */
export class VmBridge {
  /** The first error thrown by a timer callback (an uncaught exception ends the run). */
  uncaught: QuickJSHandle | undefined;
  /** Set when the host could not hand a fetch's answer to the VM (it ran out of memory doing so). */
  failedToDeliver = false;
  /** A host exception while running a timer callback (the wasm module failed): the run must end. */
  hostError: unknown;
  private helpers: QuickJSHandle | undefined;
  private readonly deferreds = new Set<QuickJSDeferredPromise>();
  private readonly timers = new Map<number, { timer: NodeJS.Timeout; token: object }>();
  private fetches = 0;
  private hostCalls = 0;
  private readonly hostAnswers = new Map<number, { deferred: QuickJSDeferredPromise; token: object }>();
  private closed = false;

  constructor(
    private readonly context: QuickJSContext,
    private readonly options: BridgeOptions,
  ) {}

  /** Runs the prelude; call before evaluating the function's module. */
  install(): void {
    const { context } = this;
    const prelude = context.unwrapResult(context.evalCode(PRELUDE, PRELUDE_FILE, { type: 'global', strict: true }));
    const host = context.newObject();
    try {
      this.define(host, 'emit', (level, text) => this.emit(level, text));
      this.define(host, 'startFetch', (request) => this.startFetch(request));
      this.define(host, 'startTimer', (id, delay) => this.startTimer(id, delay));
      this.define(host, 'stopTimer', (id) => this.stopTimer(id));
      this.define(host, 'startHostCall', (name, input) => this.startHostCall(name, input));
      this.options.hostPort?.on('message', (answer: HostCallAnswer) => this.hostAnswered(answer));
      const limit = context.newNumber(this.options.limits.outputBytes);
      const names = context.newString(JSON.stringify(this.options.hostNames));
      try {
        this.helpers = context.unwrapResult(context.callFunction(prelude, context.undefined, host, limit, names));
      } finally {
        limit.dispose();
        names.dispose();
      }
    } finally {
      host.dispose();
      prelude.dispose();
    }
  }

  /** Calls a prelude helper; the result (value or error) is the caller's to dispose. */
  call(helper: Helper, ...args: QuickJSHandle[]): DisposableResult<QuickJSHandle, QuickJSHandle> {
    if (!this.helpers) throw new Error('VmBridge.install() was not called');
    const fn = this.context.getProp(this.helpers, helper);
    try {
      return this.context.callFunction(fn, this.context.undefined, ...args);
    } finally {
      fn.dispose();
    }
  }

  /** Calls a helper with a string argument. */
  callWithString(helper: Helper, text: string): DisposableResult<QuickJSHandle, QuickJSHandle> {
    const argument = this.context.newString(text);
    try {
      return this.call(helper, argument);
    } finally {
      argument.dispose();
    }
  }

  /** Stops host work; also frees the bridge's handles unless the wasm module is to be dropped whole. */
  close(discardModule: boolean): void {
    this.closed = true;
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.options.hostPort?.close();
    this.hostAnswers.clear();
    if (discardModule) return;
    for (const deferred of this.deferreds) deferred.dispose();
    this.deferreds.clear();
    this.uncaught?.dispose();
    this.uncaught = undefined;
    this.helpers?.dispose();
    this.helpers = undefined;
  }

  private define(target: QuickJSHandle, name: string, fn: (...args: QuickJSHandle[]) => QuickJSHandle | undefined): void {
    const handle = this.context.newFunction(name, fn);
    try {
      this.context.setProp(target, name, handle);
    } finally {
      handle.dispose();
    }
  }

  private stringArgument(handle: QuickJSHandle | undefined): string {
    return handle && this.context.typeof(handle) === 'string' ? this.context.getString(handle) : '';
  }

  private emit(level: QuickJSHandle, text: QuickJSHandle): QuickJSHandle {
    this.options.output.write(this.stringArgument(level), this.stringArgument(text));
    return this.options.output.full ? this.context.false : this.context.true;
  }

  private startFetch(requestHandle: QuickJSHandle): QuickJSHandle {
    const { limits } = this.options;
    if (this.fetches >= limits.fetchCount) {
      throw new FetchFailure(`fetch refused: a function can make at most ${limits.fetchCount} requests per run`);
    }
    this.fetches++;
    const request = parseRequest(this.stringArgument(requestHandle));
    const deferred = this.context.newPromise();
    this.deferreds.add(deferred);
    const token = {};
    this.options.pending.add(token);
    hostFetch(request, {
      timeoutMs: limits.fetchTimeoutMs,
      maxBytes: limits.fetchMaxBytes,
      network: this.options.network,
      signal: this.options.signal,
    })
      .then(
        (result) => this.settle(deferred, () => this.context.newString(JSON.stringify(result)), true),
        (error: unknown) => {
          const message = error instanceof FetchFailure ? error.message : 'fetch failed';
          this.settle(deferred, () => this.context.newError({ name: 'TypeError', message }), false);
        },
      )
      .finally(() => this.options.pending.done(token));
    return deferred.handle;
  }

  private startHostCall(nameHandle: QuickJSHandle, inputHandle: QuickJSHandle): QuickJSHandle {
    const { limits, hostPort, hostNames } = this.options;
    const name = this.stringArgument(nameHandle);
    if (!hostPort || !hostNames.includes(name)) throw new Error(`aisle.${name.slice(0, 60)} is not available to this function`);
    if (this.hostCalls >= limits.hostCallCount) {
      throw new Error(`aisle.${name} refused: a function can make at most ${limits.hostCallCount} such calls per run`);
    }
    this.hostCalls++;
    const deferred = this.context.newPromise();
    this.deferreds.add(deferred);
    const token = {};
    this.options.pending.add(token);
    const id = this.hostCalls;
    this.hostAnswers.set(id, { deferred, token });
    const message: HostCallMessage = { id, name, inputJson: this.stringArgument(inputHandle) || 'null' };
    hostPort.postMessage(message);
    return deferred.handle;
  }

  private hostAnswered(answer: HostCallAnswer): void {
    const waiting = this.hostAnswers.get(answer.id);
    if (!waiting) return;
    this.hostAnswers.delete(answer.id);
    if (answer.ok) this.settle(waiting.deferred, () => this.context.newString(answer.json), true);
    else this.settle(waiting.deferred, () => this.context.newError({ name: 'Error', message: answer.message }), false);
    this.options.pending.done(waiting.token);
  }

  private settle(deferred: QuickJSDeferredPromise, value: () => QuickJSHandle, fulfil: boolean): void {
    if (this.closed) return;
    this.deferreds.delete(deferred);
    try {
      const handle = value();
      try {
        if (fulfil) deferred.resolve(handle);
        else deferred.reject(handle);
      } finally {
        handle.dispose();
      }
    } catch (error) {
      // QuickJS refused (out of memory, or interrupted at the deadline); anything else is the module failing.
      if (error instanceof errors.QuickJSUnwrapError) this.failedToDeliver = true;
      else this.hostError ??= error;
    } finally {
      deferred.dispose();
    }
  }

  private startTimer(idHandle: QuickJSHandle, delayHandle: QuickJSHandle): undefined {
    if (this.timers.size >= MAX_TIMERS) throw new Error(`setTimeout: at most ${MAX_TIMERS} timers can be pending`);
    const id = this.context.getNumber(idHandle);
    const delay = Math.min(Math.max(this.context.getNumber(delayHandle) || 0, 0), 2_147_483_647);
    const token = {};
    const timer = setTimeout(() => {
      this.timers.delete(id);
      try {
        this.fire(id);
      } catch (error) {
        this.hostError ??= error;
      }
      this.options.pending.done(token);
    }, delay);
    this.timers.set(id, { timer, token });
    this.options.pending.add(token);
    return undefined;
  }

  private stopTimer(idHandle: QuickJSHandle): undefined {
    const id = this.context.getNumber(idHandle);
    const entry = this.timers.get(id);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    this.timers.delete(id);
    this.options.pending.done(entry.token);
    return undefined;
  }

  private fire(id: number): void {
    if (this.closed) return;
    const idHandle = this.context.newNumber(id);
    try {
      const result = this.call('fireTimer', idHandle);
      if (result.error) {
        if (this.uncaught) result.error.dispose();
        else this.uncaught = result.error;
      } else {
        result.value.dispose();
      }
    } finally {
      idHandle.dispose();
    }
  }
}

/** The prelude sends well-formed requests; anything else is refused rather than trusted. */
function parseRequest(json: string): FetchRequest {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new FetchFailure('fetch failed: the request could not be read');
  }
  const request = value as Partial<FetchRequest> | null;
  const headers = request?.headers;
  if (
    typeof request?.url !== 'string' ||
    typeof request.method !== 'string' ||
    (request.body !== undefined && typeof request.body !== 'string') ||
    typeof headers !== 'object' ||
    headers === null ||
    Object.values(headers).some((header) => typeof header !== 'string')
  ) {
    throw new FetchFailure('fetch failed: the request could not be read');
  }
  return { url: request.url, method: request.method, headers, body: request.body };
}
