import { SandboxPool } from './sandbox-pool';
import type { SandboxOutcome, SandboxRequest } from './sandbox-types';

export {
  DEFAULT_SANDBOX_LIMITS,
  type HostAbilities,
  HostCallRefusal,
  type SandboxErrorCode,
  type SandboxLimits,
  type SandboxOutcome,
  type SandboxRequest,
} from './sandbox-types';

/**
 * Merchant functions run here: an ES module whose default export is called with the arguments
 * and the variables (deep-frozen), in QuickJS inside a worker thread, with time, memory, stack,
 * output and result limits (DEFAULT_SANDBOX_LIMITS, overridable per request). The code sees
 * standard JavaScript plus `console`, `fetch` (public http/https addresses only), `setTimeout`
 * and `clearTimeout`; it cannot import anything. The pool of worker threads starts with the
 * first run; runs wait for a worker taking turns by `request.account` (sandbox-pool.ts).
 */
let pool: SandboxPool | undefined;

export function runInSandbox(request: SandboxRequest): Promise<SandboxOutcome> {
  pool ??= new SandboxPool();
  return pool.run(request);
}

/** Ends the worker threads (tests, app shutdown); a later run starts a new pool. */
export async function closeSandbox(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close();
}
