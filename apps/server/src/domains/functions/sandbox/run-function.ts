import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten-core';
import { ConsoleOutput } from './console-output';
import { outcomeMessages as messages } from './outcome-messages';
import { PendingWork } from './pending-work';
import { wasmMemoryCapBytes } from './quickjs-module';
import { MAX_STACK_BYTES, type SandboxErrorCode, type SandboxLimits, type SandboxOutcome, type SandboxTask } from './sandbox-types';
import { VmBridge } from './vm-bridge';
import { type DescribedError, errorText, isCompileError, resourceCode } from './vm-errors';

const FUNCTION_FILE = 'function.mjs';
/** Promise jobs run between deadline checks (the interrupt handler stops long jobs on its own). */
const JOB_BATCH = 1_000;
/** Reading a thrown error may need memory the function used up, and a moment past the deadline. */
const DESCRIBE_HEADROOM_BYTES = 1024 * 1024;
const DESCRIBE_GRACE_MS = 250;
/** Linear memory this close to its cap counts as full (allocations are rarely exactly the last bytes). */
const HEAP_FULL_SLACK_BYTES = 1024 * 1024;

type OutcomeBody = { ok: true; result: unknown } | { ok: false; error: { code: SandboxErrorCode; message: string } };
type Settled = { value: QuickJSHandle } | { error: QuickJSHandle } | { stop: OutcomeBody };

export interface RunResult {
  outcome: SandboxOutcome;
  /**
   * Do not use the wasm module again: it failed under this run (a trap, the thread's native stack
   * ran out inside wasm, teardown failed), or the run filled its linear memory (QuickJS can be left
   * inconsistent by running out of memory, and a fresh module gives the memory back). Nothing was
   * freed inside the module then: it is dropped whole.
   */
  discardModule: boolean;
}

const fail = (code: SandboxErrorCode, message: string): OutcomeBody => ({ ok: false, error: { code, message } });

/**
 * Runs one function in a fresh QuickJS runtime and context of `quickjs` (nothing is shared with
 * other runs), with the task's memory, stack and time limits, and frees every handle, the context
 * and the runtime before returning.
 */
export async function runFunction(quickjs: QuickJSWASMModule, task: SandboxTask): Promise<RunResult> {
  const run = new FunctionRun(quickjs, task);
  let body: OutcomeBody;
  let discardModule = false;
  try {
    body = await run.execute();
  } catch (error) {
    discardModule = true;
    // Interrupting QuickJS at the deadline can, rarely, break the wasm module mid-unwind (seen with a
    // loop that catches everything): past the deadline, that failure is the time limit's doing.
    body = isNativeStackOverflow(error)
      ? fail('stack', messages.stack())
      : run.pastDeadline()
        ? fail('timeout', messages.timeout(task.limits))
        : fail('crashed', messages.crashed());
  }
  discardModule ||= run.heapFull();
  try {
    run.dispose(discardModule);
  } catch {
    discardModule = true;
  }
  return { outcome: { ...body, logs: run.output.lines, durationMs: Math.round(performance.now() - run.started) }, discardModule };
}

function isNativeStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

class FunctionRun {
  readonly started = performance.now();
  readonly output: ConsoleOutput;
  private readonly limits: SandboxLimits;
  private readonly deadline: number;
  /** The interrupt handler's deadline: the run's, or a short grace while the host reads an error. */
  private interruptAt: number;
  private readonly pending = new PendingWork();
  private readonly abort = new AbortController();
  private readonly handles: QuickJSHandle[] = [];
  private runtime: QuickJSRuntime | undefined;
  private context: QuickJSContext | undefined;
  private bridge: VmBridge | undefined;

  constructor(
    private readonly quickjs: QuickJSWASMModule,
    private readonly task: SandboxTask,
  ) {
    this.limits = task.limits;
    this.deadline = this.started + task.limits.timeMs;
    this.interruptAt = this.deadline;
    this.output = new ConsoleOutput(task.limits.outputBytes);
  }

  async execute(): Promise<OutcomeBody> {
    const { limits, task } = this;
    const runtime = this.quickjs.newRuntime();
    this.runtime = runtime;
    runtime.setMemoryLimit(limits.memoryBytes);
    runtime.setMaxStackSize(Math.min(limits.stackBytes, MAX_STACK_BYTES));
    runtime.setInterruptHandler(() => performance.now() > this.interruptAt);
    runtime.setModuleLoader((name) => ({ error: new Error(messages.importRefused(name)) }));
    const context = runtime.newContext();
    this.context = context;
    const bridge = new VmBridge(context, {
      limits,
      network: task.network,
      output: this.output,
      pending: this.pending,
      signal: this.abort.signal,
      hostNames: task.hostNames,
      hostPort: task.hostPort,
    });
    this.bridge = bridge;
    bridge.install();

    // Arguments and variables are parsed before the function's module runs (see sandbox-prelude.ts).
    const args = bridge.callWithString('parseArguments', task.argsJson);
    this.own(args.error ?? args.value);
    const variables = bridge.callWithString('parseVariables', task.variablesJson);
    this.own(variables.error ?? variables.value);
    if (args.error || variables.error) return fail('runtime', messages.badArguments());

    const evaluated = context.evalCode(task.code, FUNCTION_FILE, { type: 'module' });
    if (evaluated.error) return this.failWith(evaluated.error, 'module');
    const loaded = await this.settle(this.own(evaluated.value));
    if ('stop' in loaded) return loaded.stop;
    if ('error' in loaded) return this.failWith(loaded.error, 'module');
    const exported = this.own(context.getProp(this.own(loaded.value), 'default'));
    const type = context.typeof(exported);
    if (type !== 'function') {
      return fail('no_default_export', type === 'undefined' ? messages.noDefaultExport() : messages.defaultNotAFunction(type));
    }

    const called = context.callFunction(exported, context.undefined, args.value, variables.value);
    if (called.error) return this.failWith(called.error, 'call');
    const settled = await this.settle(this.own(called.value));
    if ('stop' in settled) return settled.stop;
    if ('error' in settled) return this.failWith(settled.error, 'call');
    return this.result(this.own(settled.value));
  }

  /** Ends host work; frees the VM's handles, context and runtime unless the module is to be dropped whole. */
  dispose(discardModule: boolean): void {
    this.abort.abort();
    this.bridge?.close(discardModule);
    if (discardModule) return;
    for (const handle of this.handles.reverse()) if (handle.alive) handle.dispose();
    this.context?.dispose();
    this.runtime?.dispose();
  }

  /** Drives the VM's promise jobs and the host's waits until `promise` settles or the run must stop. */
  private async settle(promise: QuickJSHandle): Promise<Settled> {
    const { context, runtime, bridge } = this.live();
    for (;;) {
      if (bridge.hostError) throw bridge.hostError;
      if (bridge.uncaught) {
        const error = bridge.uncaught;
        bridge.uncaught = undefined;
        return { error };
      }
      const state = context.getPromiseState(promise);
      if (state.type === 'fulfilled') return { value: state.notAPromise ? promise.dup() : state.value };
      if (state.type === 'rejected') return { error: state.error };
      if (this.expired()) return { stop: fail('timeout', messages.timeout(this.limits)) };
      if (bridge.failedToDeliver) return { stop: fail('memory', messages.memory(this.limits)) };
      if (runtime.hasPendingJob()) {
        const jobs = runtime.executePendingJobs(JOB_BATCH);
        if (jobs.error) return { error: jobs.error };
        continue;
      }
      if (this.pending.size === 0) return { stop: fail('timeout', messages.neverSettled()) };
      await this.pending.wait(this.deadline);
    }
  }

  private result(value: QuickJSHandle): OutcomeBody {
    const { context, bridge } = this.live();
    const json = bridge.call('resultJson', value);
    if (json.error) return this.failWith(json.error, 'result');
    const handle = this.own(json.value);
    if (context.typeof(handle) !== 'string') return fail('not_serialisable', messages.notSerialisable('not a JSON value'));
    const length = context.getNumber(this.own(context.getProp(handle, 'length')));
    // UTF-8 never takes fewer bytes than UTF-16 code units, so a long string is too large unread.
    if (length > this.limits.resultBytes) return fail('result_too_large', messages.resultTooLarge(this.limits));
    const text = context.getString(handle);
    if (Buffer.byteLength(text) > this.limits.resultBytes) return fail('result_too_large', messages.resultTooLarge(this.limits));
    return { ok: true, result: JSON.parse(text) };
  }

  private failWith(error: QuickJSHandle, phase: 'module' | 'call' | 'result'): OutcomeBody {
    this.own(error);
    if (this.expired()) return fail('timeout', messages.timeout(this.limits));
    const described = this.describe(error);
    if (!described) return fail('runtime', messages.unreadableError());
    // Out of memory while creating its own error, QuickJS throws null.
    const resource = described.thrown === 'null' && this.heapFull() ? 'memory' : resourceCode(described);
    if (resource === 'memory') return fail('memory', messages.memory(this.limits));
    if (resource === 'stack') return fail('stack', messages.stack());
    if (resource === 'timeout') return fail('timeout', messages.timeout(this.limits));
    if (described.thrown !== undefined) {
      const text = messages.thrownValue(described.thrown);
      return phase === 'result' ? fail('not_serialisable', messages.notSerialisable(text)) : fail('runtime', text);
    }
    if (phase === 'result') return fail('not_serialisable', messages.notSerialisable(errorText({ ...described, stack: undefined })));
    if (phase === 'module' && isCompileError(described)) return fail('syntax', errorText(described));
    return fail('runtime', errorText(described));
  }

  /** The error as plain data, read inside the VM with some memory and time to spare. */
  private describe(error: QuickJSHandle): DescribedError | undefined {
    const { context, runtime, bridge } = this.live();
    runtime.setMemoryLimit(this.limits.memoryBytes + DESCRIBE_HEADROOM_BYTES);
    this.interruptAt = performance.now() + DESCRIBE_GRACE_MS;
    try {
      const result = bridge.call('describeError', error);
      if (result.error) {
        result.error.dispose();
        return undefined;
      }
      const handle = this.own(result.value);
      return context.typeof(handle) === 'string' ? (JSON.parse(context.getString(handle)) as DescribedError) : undefined;
    } catch (caught) {
      if (caught instanceof SyntaxError) return undefined;
      throw caught;
    } finally {
      runtime.setMemoryLimit(this.limits.memoryBytes);
      this.interruptAt = this.deadline;
    }
  }

  /** Whether the module's linear memory reached its cap (quickjs-module.ts) during the run. */
  heapFull(): boolean {
    return this.quickjs.getWasmMemory().buffer.byteLength + HEAP_FULL_SLACK_BYTES >= wasmMemoryCapBytes(this.limits.memoryBytes);
  }

  private expired(): boolean {
    return performance.now() > this.deadline;
  }

  /** Whether the run's time is up (the interrupt handler is stopping it). */
  pastDeadline(): boolean {
    return this.expired();
  }

  /** Keeps a handle to free when the run ends. */
  private own(handle: QuickJSHandle): QuickJSHandle {
    this.handles.push(handle);
    return handle;
  }

  private live(): { context: QuickJSContext; runtime: QuickJSRuntime; bridge: VmBridge } {
    if (!this.context || !this.runtime || !this.bridge) throw new Error('the run has not started');
    return { context: this.context, runtime: this.runtime, bridge: this.bridge };
  }
}
