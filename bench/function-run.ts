import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { SANDBOX_POOL_SIZE, SandboxPool } from '../apps/server/src/domains/functions/sandbox/sandbox-pool';
import { buildBundle } from '../apps/server/src/testing/server-bundle';
import { percentile } from './server-process';

/**
 * Merchant functions in the QuickJS sandbox, called in-process as the chat turn calls them:
 * - latency of a small function, one at a time, from runInSandbox to its outcome (the hop to a
 *   worker thread, a fresh QuickJS runtime and context, the module, the call, the JSON result);
 * - runs per second with as many running at once as the pool has worker threads;
 * - memory per concurrent run: RSS before the pool starts, and at its peak while `pool size`
 *   functions that each hold some data are running at once, divided by that number (the worker
 *   threads and their QuickJS heaps are in this process, so its RSS includes them).
 * The workers run the production worker entry (dist/function-sandbox-worker.mjs of a fresh
 * build), as `npm start` does: from the sources they would also carry tsx, which loads the
 * TypeScript. The pool around them is the same code either way.
 */
const SMALL_FUNCTION = `export default async function ({ items }, { CURRENCY }) {
  const total = items.reduce((sum, item) => sum + item.price * item.qty, 0);
  return { total: Math.round(total * 100) / 100, currency: CURRENCY, lines: items.length };
}`;
const HOLDING_FUNCTION = `export default async function ({ rows }) {
  const data = Array.from({ length: rows }, (_, i) => ({ id: i, name: 'Product ' + i, tags: ['a', 'b'] }));
  await new Promise((resolve) => setTimeout(resolve, 300));
  return data.length;
}`;
const ARGS = {
  items: [
    { sku: 'MUG-1', price: 12.5, qty: 2 },
    { sku: 'TEA-7', price: 4.25, qty: 3 },
    { sku: 'BAG-2', price: 19, qty: 1 },
  ],
};
const VARIABLES = { CURRENCY: 'EUR' };

async function runSmall(pool: SandboxPool): Promise<number> {
  const start = performance.now();
  const outcome = await pool.run({ account: 'bench@example.com', code: SMALL_FUNCTION, args: ARGS, variables: VARIABLES });
  if (!outcome.ok) throw new Error(`the bench function failed: ${outcome.error.message}`);
  return performance.now() - start;
}

export async function functionRun(sequential = 500, parallelRuns = 2_000) {
  const bundle = buildBundle();
  const rssBeforePool = process.memoryUsage().rss;
  const pool = new SandboxPool({ filename: pathToFileURL(path.join(bundle.dir, 'function-sandbox-worker.mjs')).href });
  try {
    for (let i = 0; i < 50; i++) await runSmall(pool); // start the workers, warm the JIT
    const latencies: number[] = [];
    for (let i = 0; i < sequential; i++) latencies.push(await runSmall(pool));

    // Warm every worker, then keep `SANDBOX_POOL_SIZE` runs in flight.
    await Promise.all(Array.from({ length: SANDBOX_POOL_SIZE * 10 }, () => runSmall(pool)));
    let started = 0;
    const throughputStart = performance.now();
    await Promise.all(
      Array.from({ length: SANDBOX_POOL_SIZE }, async () => {
        while (started < parallelRuns) {
          started++;
          await runSmall(pool);
        }
      }),
    );
    const runsPerSecond = Math.round(parallelRuns / ((performance.now() - throughputStart) / 1000));

    const rssIdlePool = process.memoryUsage().rss;
    let peak = rssIdlePool;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const held = await Promise.all(
      Array.from({ length: SANDBOX_POOL_SIZE }, () =>
        pool.run({ account: 'bench@example.com', code: HOLDING_FUNCTION, args: { rows: 20_000 } }),
      ),
    );
    clearInterval(sampler);
    if (held.some((outcome) => !outcome.ok)) throw new Error(`a holding run failed: ${JSON.stringify(held)}`);
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

    const result = {
      bench: 'function-run',
      poolSize: SANDBOX_POOL_SIZE,
      sequential: { runs: latencies.length, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) },
      concurrent: { concurrency: SANDBOX_POOL_SIZE, runs: parallelRuns, runsPerSecond },
      memory: {
        rssBeforePoolMb: mb(rssBeforePool),
        rssIdlePoolMb: mb(rssIdlePool),
        rssPeakMb: mb(peak),
        concurrency: SANDBOX_POOL_SIZE,
        // Worker thread included (the pool starts one per concurrent run), then the run alone.
        perConcurrentRunMb: mb((peak - rssBeforePool) / SANDBOX_POOL_SIZE),
        perRunAboveIdlePoolMb: mb((peak - rssIdlePool) / SANDBOX_POOL_SIZE),
        heldRowsPerRun: 20_000,
      },
    };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    await pool.close();
    bundle.remove();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  functionRun().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
