import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPool } from './sandbox-pool';
import type { SandboxOutcome } from './sandbox-types';

// Two workers whatever the machine, so the figures below mean the same everywhere.
const WORKERS = 2;
const MAX_WAITING = 14;
const pool = new SandboxPool({ maxThreads: WORKERS, maxWaitingPerAccount: MAX_WAITING });
afterAll(() => pool.close());

const LIMIT_MS = 500;
const LOOP = 'export default async function () { while (true) {} }';
const loop = (account: string, timeMs = LIMIT_MS) => pool.run({ account, code: LOOP, args: {}, limits: { timeMs } });
const answer = (account: string) => pool.run({ account, code: 'export default async function () { return 42; }', args: {} });

beforeAll(async () => {
  // Both workers started, so no figure below includes loading one.
  await Promise.all(Array.from({ length: WORKERS }, () => answer('warm-up@example.com')));
});

describe('the sandbox between accounts', () => {
  it("runs another account's function within about one time limit while one account floods it with endless loops", async () => {
    const flood = Array.from({ length: WORKERS + MAX_WAITING }, () => loop('flood@example.com'));
    const started = performance.now();
    const quick = await answer('quiet@example.com');
    const waitedMs = performance.now() - started;
    expect(quick).toMatchObject({ ok: true, result: 42 });
    // In piscina's own queue it waited behind about half of the loops' eight rounds (~2 s).
    expect(waitedMs).toBeLessThan(2 * LIMIT_MS + 300);
    const flooded = await Promise.all(flood);
    expect(flooded.map(codeOf)).toEqual(flood.map(() => 'timeout'));
  });

  it('still runs every one of a lone account’s functions, on all the workers at once', async () => {
    const code = `export default async function ({ i }) {
      const start = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { i, start, end: Date.now() };
    }`;
    const outcomes = await Promise.all(
      Array.from({ length: 3 * WORKERS }, (_, i) => pool.run({ account: 'alone@example.com', code, args: { i } })),
    );
    const spans = outcomes.map((outcome) => {
      if (!outcome.ok) throw new Error(`a run failed: ${outcome.error.message}`);
      return outcome.result as { i: number; start: number; end: number };
    });
    expect(spans.map((span) => span.i)).toEqual([0, 1, 2, 3, 4, 5]);
    const overlapping = Math.max(
      ...spans.map((span) => spans.filter((other) => other.start <= span.start && other.end > span.start).length),
    );
    expect(overlapping).toBe(WORKERS);
  });

  it('never runs a waiting function whose caller gave up', async () => {
    const busy = Array.from({ length: WORKERS }, () => loop('busy@example.com'));
    let ran = false;
    const host = {
      names: ['mark'],
      call: async () => {
        ran = true;
        return null;
      },
    };
    const caller = new AbortController();
    const waiting = pool.run({
      account: 'leaving@example.com',
      code: 'export default async function () { await aisle.mark({}); return 1; }',
      args: {},
      host,
      signal: caller.signal,
    });
    caller.abort(new Error('the turn was stopped'));
    await expect(waiting).rejects.toThrow('the turn was stopped');
    await Promise.all(busy);
    // The next run of that account goes through the queue after the workers were freed.
    expect(await answer('leaving@example.com')).toMatchObject({ ok: true });
    expect(ran).toBe(false);
  });

  it("turns a run away with busy once its account has the most runs waiting, and only that account's", async () => {
    const running = Array.from({ length: WORKERS + MAX_WAITING }, () => loop('flood@example.com', 200));
    const refused = await loop('flood@example.com', 200);
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'busy',
        message: `The function did not run: ${MAX_WAITING} runs of this account's functions are already waiting for the sandbox. Try again in a moment.`,
      },
    });
    expect(await answer('quiet@example.com')).toMatchObject({ ok: true, result: 42 });
    expect((await Promise.all(running)).map(codeOf)).toEqual(running.map(() => 'timeout'));
  });
});

function codeOf(outcome: SandboxOutcome) {
  return outcome.ok ? 'ok' : outcome.error.code;
}
