import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';

const WASM_PAGE_BYTES = 64 * 1024;
/** The build's initial linear memory (16 MB): its static data, its C stack and the start of its heap. */
const INITIAL_PAGES = 256;
/** Room past memoryBytes for the host's own allocations in the VM (reading a thrown error, see run-function.ts). */
const HEADROOM_BYTES = 2 * 1024 * 1024;

/**
 * A QuickJS wasm module whose linear memory cannot grow past 16 MB + memoryBytes + 2 MB.
 *
 * QuickJS's own memory limit (runtime.setMemoryLimit, still set for every run) does not hold in
 * the emscripten builds: it counts allocations with malloc_usable_size, which they lack
 * (dumpMemoryUsage says "malloc_usable_size unavailable"), so it refuses one allocation larger
 * than the limit but lets any number of smaller ones through. The WebAssembly engine enforces a
 * memory's `maximum` itself: past it malloc returns NULL and QuickJS throws "out of memory". So a
 * run can use up to about memoryBytes plus what is free of the initial 16 MB, never more.
 *
 * Linear memory never shrinks, so a module is reused run after run (each in its own runtime,
 * which frees everything it allocated) rather than a new one being grown for each run.
 */
export function loadQuickJSModule(memoryBytes: number): Promise<QuickJSWASMModule> {
  const maximum = wasmMemoryCapBytes(memoryBytes) / WASM_PAGE_BYTES;
  const wasmMemory = new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum });
  return newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmMemory }));
}

/** The most linear memory a module loaded for `memoryBytes` can have. */
export function wasmMemoryCapBytes(memoryBytes: number): number {
  return (INITIAL_PAGES + Math.ceil((memoryBytes + HEADROOM_BYTES) / WASM_PAGE_BYTES)) * WASM_PAGE_BYTES;
}
