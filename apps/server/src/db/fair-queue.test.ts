import { describe, expect, it } from 'vitest';
import { createFairQueue } from './fair-queue';

describe('the embedded database’s turns between accounts', () => {
  it('runs a second account’s task after at most one of the first account’s waiting tasks, not after all of them', async () => {
    const queue = createFairQueue(1);
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
    const queue = createFairQueue(2);
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
});
