/**
 * Takes turns between accounts: tasks wait in one queue per key and run `concurrency` at a time,
 * the next one taken from each key in turn. One account with a thousand queries waiting delays
 * another account's single query by at most one query per waiting account, not by a thousand.
 */
export interface FairQueue {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Tasks waiting (not yet started), for tests and metrics. */
  readonly waiting: number;
}

export function createFairQueue(concurrency: number): FairQueue {
  const queues = new Map<string, (() => void)[]>();
  // Keys with waiting tasks, in the order they get their next turn.
  const turns: string[] = [];
  let running = 0;
  let waiting = 0;

  const next = () => {
    while (running < concurrency && turns.length) {
      const key = turns.shift() as string;
      const queue = queues.get(key) as (() => void)[];
      const start = queue.shift() as () => void;
      if (queue.length) turns.push(key);
      else queues.delete(key);
      waiting--;
      running++;
      start();
    }
  };

  return {
    run(key, task) {
      return new Promise((resolve, reject) => {
        const start = () => {
          task()
            .then(resolve, reject)
            .finally(() => {
              running--;
              next();
            });
        };
        let queue = queues.get(key);
        if (!queue) {
          queue = [];
          queues.set(key, queue);
          turns.push(key);
        }
        queue.push(start);
        waiting++;
        next();
      });
    },
    get waiting() {
      return waiting;
    },
  };
}
