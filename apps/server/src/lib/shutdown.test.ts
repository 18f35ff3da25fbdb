import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { createShutdown, RESTARTING_TEXT } from './shutdown';

const restarting = { code: 'UNAVAILABLE', status: 503, detail: RESTARTING_TEXT, bodyCode: 'restarting', retryAfterSeconds: 5 };

describe('the shutdown registry', () => {
  it('admits turns and takes streams until it drains, then refuses both with a 503 to retry later', async () => {
    const shutdown = createShutdown();
    expect(shutdown.draining).toBe(false);
    expect(() => shutdown.refuseWhileDraining()).not.toThrow();
    shutdown.begin().end();

    const drained = shutdown.drain({ deadlineMs: 1_000 });
    expect(shutdown.draining).toBe(true);
    expect(() => shutdown.begin()).toThrow(AppError);
    expect(() => shutdown.begin()).toThrow(expect.objectContaining(restarting));
    expect(() => shutdown.refuseWhileDraining()).toThrow(expect.objectContaining(restarting));

    // A stream that registers once draining has begun (its request was already past the refusal) ends too.
    let ended = false;
    shutdown.onDrain(() => {
      ended = true;
    });
    await Promise.resolve();
    expect(ended).toBe(true);
    expect(await drained).toEqual({ streams: 0, finished: 0, cut: 0, stuck: 0 });
    // Draining again is the same drain.
    expect(shutdown.drain({ deadlineMs: 1 })).toBe(drained);
  });

  it('ends the registered streams at once, except those that unregistered', async () => {
    const shutdown = createShutdown();
    const ended: string[] = [];
    shutdown.onDrain(() => ended.push('events'));
    const stopWatching = shutdown.onDrain(() => ended.push('closed by its client'));
    shutdown.onDrain(() => ended.push('sockets'));
    stopWatching();

    const drained = shutdown.drain({ deadlineMs: 1_000 });
    expect(ended).toEqual(['events', 'sockets']);
    expect(await drained).toMatchObject({ streams: 2 });
  });

  it('waits for the turns in flight, and finishes as soon as the last one ends', async () => {
    const shutdown = createShutdown();
    const first = shutdown.begin();
    const second = shutdown.begin();
    let done = false;
    const drained = shutdown.drain({ deadlineMs: 10_000 }).then((outcome) => {
      done = true;
      return outcome;
    });
    first.end();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    second.end();
    second.end();
    expect(await drained).toEqual({ streams: 0, finished: 2, cut: 0, stuck: 0 });
    expect(first.signal.aborted || second.signal.aborted).toBe(false);
  });

  it('aborts the turns still running at the deadline with the restarting error, and waits a little for them to end', async () => {
    const shutdown = createShutdown();
    const quick = shutdown.begin();
    const slow = shutdown.begin();
    const stuck = shutdown.begin();
    // The slow turn ends once aborted, as a stopped turn does; the stuck one never does.
    slow.signal.addEventListener('abort', () => setTimeout(() => slow.end(), 10));
    setTimeout(() => quick.end(), 10);

    const startedAt = Date.now();
    const outcome = await shutdown.drain({ deadlineMs: 100, abortGraceMs: 150 });
    expect(outcome).toEqual({ streams: 0, finished: 1, cut: 2, stuck: 1 });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(230);
    expect(quick.signal.aborted).toBe(false);
    expect(slow.signal.reason).toMatchObject(restarting);
    expect(stuck.signal.reason).toMatchObject(restarting);
  });
});
