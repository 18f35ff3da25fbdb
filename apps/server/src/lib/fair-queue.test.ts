import { describe, expect, it } from 'vitest';
import { createFairQueue, FairQueueFullError } from './fair-queue';

describe('turns between accounts', () => {
  it('runs a second account’s task after at most one of the first account’s waiting tasks, not after all of them', async () => {
    const queue = createFairQueue({ concurrency: 1 });
    const order: string[] = [];
    const task = (name: string) => () =>
      new Promise<void>((resolve) => {
        order.push(name);
        setImmediate(resolve);
      });
    const burst = Array.from({ length: 5 }, (_, i) => queue.run('busy', task(`busy ${i}`)));
    const other = queue.run('other', task('other'));
    expect(queue.waiting).toBe(5);
    await Promise.all([...burst, other]);
    // busy 0 started at once; busy 1 already had its turn waiting when the other account came.
    expect(order).toEqual(['busy 0', 'busy 1', 'other', 'busy 2', 'busy 3', 'busy 4']);
    expect(queue.waiting).toBe(0);
  });

  it('keeps the given number running, passes results and failures through, and goes on after a failure', async () => {
    const queue = createFairQueue({ concurrency: 2 });
    let running = 0;
    let most = 0;
    const work = (value: number) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      if (value < 0) throw new Error('refused');
      return value * 2;
    };
    const results = await Promise.allSettled([1, 2, -1, 3, 4].map((value, i) => queue.run(`account ${i % 2}`, work(value))));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([2, 4, 'refused', 6, 8]);
    expect(most).toBe(2);
  });

  it('gives a free slot to a waiting account below its share before one at it, and to anyone rather than leaving it empty', async () => {
    const queue = createFairQueue({ concurrency: 2, perKeyShare: 1 });
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const task = (name: string) => () =>
      new Promise<void>((resolve) => {
        order.push(name);
        releases.push(resolve);
      });
    const busy = Array.from({ length: 4 }, (_, i) => queue.run('busy', task(`busy ${i}`)));
    // Alone, the busy account takes both slots: its share binds only while others wait.
    expect(order).toEqual(['busy 0', 'busy 1']);
    const others = [queue.run('other', task('other 0')), queue.run('other', task('other 1'))];
    releases.shift()?.();
    await until(() => order.length === 3);
    expect(order[2]).toBe('other 0');
    releases.shift()?.();
    // busy runs one (its share), other runs one: the turn goes round to busy.
    await until(() => order.length === 4);
    expect(order[3]).toBe('busy 2');
    while (order.length < 6 || releases.length) {
      releases.shift()?.();
      await new Promise(setImmediate);
    }
    await Promise.all([...busy, ...others]);
    expect(order.slice(4).sort()).toEqual(['busy 3', 'other 1']);
  });

  it('drops a waiting task whose signal aborts: it never runs and its caller gets the reason', async () => {
    const queue = createFairQueue({ concurrency: 1 });
    let release = () => {};
    const first = queue.run('a', () => new Promise<void>((resolve) => (release = resolve)));
    const abort = new AbortController();
    let ran = false;
    const dropped = queue.run(
      'a',
      async () => {
        ran = true;
      },
      { signal: abort.signal },
    );
    const after = queue.run('b', async () => 'b ran');
    abort.abort(new Error('the caller left'));
    await expect(dropped).rejects.toThrow('the caller left');
    expect(queue.waiting).toBe(1);
    release();
    expect(await after).toBe('b ran');
    await first;
    expect(ran).toBe(false);
    await expect(queue.run('a', async () => 'x', { signal: AbortSignal.abort(new Error('gone')) })).rejects.toThrow('gone');
  });

  it('refuses a task past the waiting bound of its key, and only of its key', async () => {
    const queue = createFairQueue({ concurrency: 1, maxWaitingPerKey: 2 });
    let release = () => {};
    const held = queue.run('a', () => new Promise<void>((resolve) => (release = resolve)));
    const waiting = [queue.run('a', async () => 1), queue.run('a', async () => 2)];
    await expect(queue.run('a', async () => 3)).rejects.toBeInstanceOf(FairQueueFullError);
    const other = queue.run('b', async () => 'b');
    release();
    await held;
    expect(await Promise.all(waiting)).toEqual([1, 2]);
    expect(await other).toBe('b');
  });
});

async function until(condition: () => boolean) {
  const deadline = Date.now() + 2_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise(setImmediate);
  }
}
