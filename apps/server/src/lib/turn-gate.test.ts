import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { BUSY_TEXT, createTurnGate } from './turn-gate';

function gate(overrides: Partial<Parameters<typeof createTurnGate>[0]> = {}) {
  const clock = { ms: 0 };
  const turns = createTurnGate({
    concurrency: 2,
    maxWaitMs: 1_000,
    maxLoopDelayMs: 500,
    sampleEveryMs: 0,
    now: () => clock.ms,
    ...overrides,
  });
  return { turns, clock };
}

describe('turn admission', () => {
  it('starts turns at once while slots are free, then in arrival order as slots are given back', async () => {
    const { turns } = gate();
    const first = await turns.acquire('share:a');
    await turns.acquire('share:a');
    const started: string[] = [];
    const waiting = ['one', 'two'].map((name) =>
      turns.acquire('share:a').then((slot) => {
        started.push(name);
        return slot;
      }),
    );
    expect(turns.stats()).toMatchObject({ active: 2, queued: 2 });
    first.release();
    first.release(); // twice is once
    const [one, two] = waiting as [Promise<{ release(): void }>, Promise<{ release(): void }>];
    (await one).release();
    expect(started).toEqual(['one']);
    await two;
    expect(started).toEqual(['one', 'two']);
  });

  it('serves share links in turn, so a busy link cannot starve another', async () => {
    const { turns } = gate({ concurrency: 1 });
    const running = await turns.acquire('share:busy');
    const order: string[] = [];
    // Each turn, once started, records itself and gives its slot back.
    const queue = (key: string, name: string) =>
      turns.acquire(key).then((slot) => {
        order.push(name);
        slot.release();
      });
    const all = [
      queue('share:busy', 'busy-1'),
      queue('share:busy', 'busy-2'),
      queue('share:busy', 'busy-3'),
      queue('share:quiet', 'quiet-1'),
    ];
    running.release();
    await Promise.all(all);
    expect(order).toEqual(['busy-1', 'quiet-1', 'busy-2', 'busy-3']);
  });

  it('refuses with a quick 503 busy and Retry-After when the wait would be too long', async () => {
    const { turns, clock } = gate({ concurrency: 1, maxWaitMs: 1_000 });
    // A turn holds its slot 800 ms: the gate learns how long a start takes.
    const slot = await turns.acquire('share:a');
    clock.ms += 800;
    slot.release();
    await turns.acquire('share:a'); // held
    const second = turns.acquire('share:b'); // waits about 800 ms: accepted
    const refusal = await turns.acquire('share:c').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 503, detail: BUSY_TEXT, bodyCode: 'busy', retryAfterSeconds: 2 });
    expect(turns.stats()).toMatchObject({ queued: 1, refused: 1 });
    void second;
  });

  it('queues a patient turn (a durable job) however long the wait, fairly with the rest', async () => {
    const { turns, clock } = gate({ concurrency: 1, maxWaitMs: 1_000 });
    const first = await turns.acquire('share:a');
    clock.ms += 800;
    first.release();
    const held = await turns.acquire('share:a');
    const waiting = turns.acquire('share:b');
    // A visitor would be refused now; the channel's answer job waits its turn.
    await expect(turns.acquire('share:c')).rejects.toMatchObject({ bodyCode: 'busy' });
    const patient = turns.acquire('share:c', undefined, { patient: true });
    expect(turns.stats()).toMatchObject({ queued: 2, refused: 1 });
    held.release();
    (await waiting).release();
    (await patient).release();
    expect(turns.stats()).toMatchObject({ active: 0, queued: 0 });
  });

  it('drops a waiting turn whose client left, and gives its place to the next', async () => {
    const { turns } = gate({ concurrency: 1 });
    const running = await turns.acquire('share:a');
    const leaving = new AbortController();
    const left = turns.acquire('share:b', leaving.signal).catch((error: unknown) => error);
    const next = turns.acquire('share:c');
    leaving.abort(new Error('client gone'));
    expect(await left).toMatchObject({ message: 'client gone' });
    expect(turns.stats().queued).toBe(1);
    running.release();
    await expect(next).resolves.toHaveProperty('release');
  });

  it('watches the event loop only while turns run or wait: refuses a waiting turn while the loop is late, then rests', async () => {
    const turns = createTurnGate({ concurrency: 1, maxWaitMs: 60_000, maxLoopDelayMs: 30, sampleEveryMs: 20 });
    try {
      // An idle server does not wake its loop to measure it.
      expect(turns.stats().loopWatched).toBe(false);
      const running = await turns.acquire('share:a');
      expect(turns.stats().loopWatched).toBe(true);
      // The loop blocked again and again (a heavy statement, a big parse) while a turn runs.
      for (let i = 0; i < 100 && turns.stats().loopDelayMs <= 30; i++) {
        const until = performance.now() + 60;
        while (performance.now() < until) {}
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
      expect(turns.stats().loopDelayMs).toBeGreaterThan(30);
      const refused = await turns.acquire('share:b').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(turns.stats().refusals).toEqual({ wait: 0, loop_delay: 1 });
      running.release();
      // Quiet again: the monitor rests, and the next turn starts it again.
      await expect.poll(() => turns.stats(), { timeout: 5_000 }).toMatchObject({ loopWatched: false, loopDelayMs: 0 });
      (await turns.acquire('share:b')).release();
      expect(turns.stats().loopWatched).toBe(true);
      // A closed gate (the server shutting down) stops watching for good.
      turns.close();
      (await turns.acquire('share:c')).release();
      expect(turns.stats().loopWatched).toBe(false);
    } finally {
      turns.close();
    }
  });
});
