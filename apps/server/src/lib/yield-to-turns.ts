import type { TurnGate } from './turn-gate';

/** How often a deferred job looks again whether shoppers' turns are still running. */
const LOOK_EVERY_MS = 100;

/**
 * How long a deferred job gives way at most: under a load that never pauses it still runs, a
 * little later (well inside the shortest expiry of a deferred job, 5 minutes).
 */
export const MAX_YIELD_MS = 30_000;

/**
 * Resolves once no shopper's or owner's turn is running in this process (or after `maxWaitMs`):
 * deferred work (thread summaries, analytics) then takes the CPU and the embedded database between
 * turns rather than in the middle of them. A process that answers no turns (ROLE=worker) never waits.
 */
export async function yieldToTurns(
  gate: Pick<TurnGate, 'stats'>,
  options: { maxWaitMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
  const until = Date.now() + (options.maxWaitMs ?? MAX_YIELD_MS);
  while (gate.stats().active > 0 && Date.now() < until && !options.signal?.aborted) {
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
}
