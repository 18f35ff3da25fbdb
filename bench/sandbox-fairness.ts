import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { SANDBOX_POOL_SIZE, SandboxPool } from '../apps/server/src/domains/functions/sandbox/sandbox-pool';
import { DEFAULT_SANDBOX_LIMITS } from '../apps/server/src/domains/functions/sandbox/sandbox-types';
import { buildBundle } from '../apps/server/src/testing/server-bundle';
import { percentile } from './server-process';

/**
 * One account floods the function sandbox while another's small function is measured (issue 28,
 * finding 5: 24 five-second loops made another account's 4 ms function take 28.7 s).
 * - the flood: `loops` endless CPU loops started at once by one account, each stopped at
 *   `loopLimitMs` (the default time limit unless scaled down), all within that account's waiting
 *   bound, so every one of them runs;
 * - the probe: another account runs a small function (default limits) one call at a time, a short
 *   pause between calls, for as long as the flood lasts; each latency is from the call to its
 *   outcome, so it includes the wait for a worker.
 * Goal: the probe's p99 under 2 × its time limit (one loop's turn, at most, then its own run). The
 * workers run the production worker entry of a fresh build, as function-run.ts does.
 */
const SMALL_FUNCTION = `export default async function ({ items }) {
  return items.reduce((sum, item) => sum + item.price * item.qty, 0);
}`;
const ARGS = { items: [{ price: 12.5, qty: 2 }] };
const LOOP = 'export default async function () { while (true) {} }';
const PAUSE_MS = 100;

export async function sandboxFairness(loops = 24, loopLimitMs = DEFAULT_SANDBOX_LIMITS.timeMs) {
  const bundle = buildBundle();
  const pool = new SandboxPool({ filename: pathToFileURL(path.join(bundle.dir, 'function-sandbox-worker.mjs')).href });
  const probe = async () => {
    const start = performance.now();
    const outcome = await pool.run({ account: 'quiet@example.com', code: SMALL_FUNCTION, args: ARGS });
    if (!outcome.ok) throw new Error(`the probe failed: ${outcome.error.message}`);
    return performance.now() - start;
  };
  try {
    // Every worker started and warm before anything is measured.
    await Promise.all(Array.from({ length: SANDBOX_POOL_SIZE * 10 }, probe));
    const quiet: number[] = [];
    for (let i = 0; i < 50; i++) quiet.push(await probe());

    const floodStart = performance.now();
    let flooding = true;
    const flood = Promise.all(
      Array.from({ length: loops }, () =>
        pool.run({ account: 'flood@example.com', code: LOOP, args: {}, limits: { timeMs: loopLimitMs } }),
      ),
    ).finally(() => {
      flooding = false;
    });
    const latencies: number[] = [];
    while (flooding) {
      latencies.push(await probe());
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
    const ended = await flood;
    const floodSeconds = Number(((performance.now() - floodStart) / 1000).toFixed(1));
    const timeouts = ended.filter((outcome) => !outcome.ok && outcome.error.code === 'timeout').length;
    const goalMs = 2 * DEFAULT_SANDBOX_LIMITS.timeMs;
    const p99Ms = percentile(latencies, 99);

    const result = {
      bench: 'sandbox-fairness',
      poolSize: SANDBOX_POOL_SIZE,
      flood: { loops, loopLimitMs, endedByTimeout: timeouts, seconds: floodSeconds },
      quiet: { runs: quiet.length, p50Ms: percentile(quiet, 50), p99Ms: percentile(quiet, 99) },
      duringFlood: { runs: latencies.length, p50Ms: percentile(latencies, 50), p99Ms, maxMs: percentile(latencies, 100) },
      goal: `p99 under 2 × its time limit (${goalMs} ms)`,
      met: p99Ms < goalMs,
    };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    await pool.close();
    bundle.remove();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  sandboxFairness().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
