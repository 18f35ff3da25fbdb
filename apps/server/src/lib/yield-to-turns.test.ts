import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTurnGate } from './turn-gate';
import { MAX_YIELD_MS, yieldToTurns } from './yield-to-turns';

describe('deferred work gives way to running turns', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const gate = () => createTurnGate({ concurrency: 4, maxWaitMs: 10_000, maxLoopDelayMs: 1_000, sampleEveryMs: 0 });

  it('goes ahead at once when no turn is running', async () => {
    let done = false;
    void yieldToTurns(gate()).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('waits while a shopper’s turn runs, and goes once it has ended', async () => {
    const turns = gate();
    const slot = await turns.acquire('share:a');
    let done = false;
    void yieldToTurns(turns).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(done).toBe(false);
    slot.release();
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toBe(true);
  });

  it('still runs under a load that never pauses, after the longest wait', async () => {
    const turns = gate();
    await turns.acquire('share:busy');
    let done = false;
    void yieldToTurns(turns).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(MAX_YIELD_MS - 500);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(done).toBe(true);
  });

  it('stops waiting when its job is cancelled', async () => {
    const turns = gate();
    await turns.acquire('share:busy');
    const abort = new AbortController();
    let done = false;
    void yieldToTurns(turns, { signal: abort.signal }).then(() => (done = true));
    abort.abort();
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toBe(true);
  });
});
