import { eq } from 'drizzle-orm';
import { testRuns } from '../db/schema';
import type { TestApp } from './test-app';

/** An assistant's test run, read until it is finished (done or failed). */
export async function waitForRun(t: TestApp, runId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [run] = await t.services.db.select().from(testRuns).where(eq(testRuns.id, runId));
    if (run && (run.status === 'done' || run.status === 'failed')) return run;
    if (Date.now() > deadline) throw new Error(`test run ${runId} still ${run?.status ?? 'missing'} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
