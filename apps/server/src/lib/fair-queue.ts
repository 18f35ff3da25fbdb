/**
 * Takes turns between accounts: tasks wait in one queue per key and run `concurrency` at a time,
 * the next one taken from each key in turn. One account with a thousand tasks waiting delays
 * another account's single task by at most one task per waiting account, not by a thousand.
 * Used by the embedded database's statements (db/pglite-thread.ts) and the function sandbox.
 */
export interface FairQueue {
  /**
   * Runs `task` in `key`'s turn. Rejects with FairQueueFullError when `key` already has
   * `maxWaitingPerKey` tasks waiting, and with the signal's reason when `signal` aborts before the
   * task starts (the task then never runs; once started, the task alone decides when it ends).
   */
  run<T>(key: string, task: () => Promise<T>, options?: { signal?: AbortSignal }): Promise<T>;
  /** Tasks waiting (not yet started), for tests and metrics. */
  readonly waiting: number;
}

export interface FairQueueOptions {
  /** Tasks running at once, all keys together. */
  concurrency: number;
  /**
   * Tasks of one key running at once while another key below it waits: a free slot goes to the
   * next key in turn that runs fewer than this, and only when every waiting key runs that many to
   * the next in turn anyway, so no slot stays empty while tasks wait. Unlimited unless given.
   */
  perKeyShare?: number;
  /** Tasks of one key waiting at once; unlimited unless given. */
  maxWaitingPerKey?: number;
}

export class FairQueueFullError extends Error {
  constructor(readonly waiting: number) {
    super(`${waiting} tasks of this key are already waiting`);
  }
}

/** Starts a waiting task. */
type Entry = () => void;

export function createFairQueue(options: FairQueueOptions): FairQueue {
  const { concurrency, perKeyShare = Number.POSITIVE_INFINITY, maxWaitingPerKey = Number.POSITIVE_INFINITY } = options;
  const queues = new Map<string, Entry[]>();
  // Keys with waiting tasks, in the order they get their next turn.
  const turns: string[] = [];
  const runningByKey = new Map<string, number>();
  let running = 0;
  let waiting = 0;

  const nextTurn = () => {
    const belowShare = turns.findIndex((key) => (runningByKey.get(key) ?? 0) < perKeyShare);
    return turns.splice(Math.max(belowShare, 0), 1)[0] as string;
  };

  const next = () => {
    while (running < concurrency && turns.length) {
      const key = nextTurn();
      const queue = queues.get(key) as Entry[];
      const entry = queue.shift() as Entry;
      if (queue.length) turns.push(key);
      else queues.delete(key);
      waiting--;
      running++;
      runningByKey.set(key, (runningByKey.get(key) ?? 0) + 1);
      entry();
    }
  };

  const finished = (key: string) => {
    running--;
    const left = (runningByKey.get(key) ?? 1) - 1;
    if (left) runningByKey.set(key, left);
    else runningByKey.delete(key);
    next();
  };

  const leave = (key: string, entry: Entry) => {
    const queue = queues.get(key);
    const index = queue?.indexOf(entry) ?? -1;
    if (!queue || index < 0) return;
    queue.splice(index, 1);
    waiting--;
    if (!queue.length) {
      queues.delete(key);
      turns.splice(turns.indexOf(key), 1);
    }
  };

  return {
    run<T>(key: string, task: () => Promise<T>, runOptions: { signal?: AbortSignal } = {}) {
      const { signal } = runOptions;
      return new Promise<T>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        let queue = queues.get(key);
        if ((queue?.length ?? 0) >= maxWaitingPerKey) return reject(new FairQueueFullError(queue?.length ?? 0));
        const onAbort = () => {
          leave(key, entry);
          reject(signal?.reason);
        };
        const entry: Entry = () => {
          signal?.removeEventListener('abort', onAbort);
          let result: Promise<T>;
          try {
            result = task();
          } catch (error) {
            result = Promise.reject(error);
          }
          result.then(resolve, reject).finally(() => finished(key));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        if (!queue) {
          queue = [];
          queues.set(key, queue);
          turns.push(key);
        }
        queue.push(entry);
        waiting++;
        next();
      });
    },
    get waiting() {
      return waiting;
    },
  };
}
