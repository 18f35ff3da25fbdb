import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { loadQuickJSModule } from './quickjs-module';
import { runFunction } from './run-function';
import type { SandboxOutcome, SandboxTask } from './sandbox-types';

/**
 * The worker thread's task function (piscina calls the default export). The worker keeps one
 * QuickJS wasm module, sized for the runs' memoryBytes; every run gets its own runtime and
 * context in it. A new module replaces it when a run asks for another memory size, and after a
 * run that broke it or filled its memory (see RunResult.discardModule).
 */
let current: { memoryBytes: number; module: Promise<QuickJSWASMModule> } | undefined;

export default async function runSandboxTask(task: SandboxTask): Promise<SandboxOutcome> {
  const { memoryBytes } = task.limits;
  if (current?.memoryBytes !== memoryBytes) current = { memoryBytes, module: loadQuickJSModule(memoryBytes) };
  let module: QuickJSWASMModule;
  try {
    module = await current.module;
  } catch (error) {
    current = undefined;
    throw error;
  }
  task.startedAt[0] = Date.now();
  const { outcome, discardModule } = await runFunction(module, task);
  if (discardModule) current = undefined;
  return outcome;
}
