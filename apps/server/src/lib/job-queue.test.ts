import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type MigratableDatabase, openDatabase } from '../db/database';
import { createJobQueue, defineJob, type JobQueue } from './job-queue';

const logger = pino({ level: 'silent' });

async function eventually(check: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const job = (name: string, retryDelay = 1) =>
  defineJob({ name, payload: z.object({ n: z.number() }), retryLimit: 2, retryDelay, expireInSeconds: 60 });

/**
 * The queue as the embedded default runs it (one process, PGlite on disk, in both test passes): every job queued runs
 * once even when many more are queued than run at a time, a failed job is tried again, and a job
 * still running when the process stops runs again after the restart.
 */
describe('job queue on the embedded database', () => {
  let dataDir: string;
  let database: MigratableDatabase;
  let queue: JobQueue;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-jobs-'));
    database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    queue = createJobQueue(database, logger, { runsJobs: true });
  });
  afterAll(async () => {
    await queue.stop({ graceSeconds: 0 });
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs every job once, however many are queued at once, never more than its concurrency at a time', async () => {
    const burst = job('test-burst');
    const ran: number[] = [];
    let running = 0;
    let most = 0;
    await queue.work(burst, 3, async ({ n }) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      ran.push(n);
      running--;
    });
    await Promise.all(Array.from({ length: 40 }, (_, n) => queue.send(burst, { n })));
    await eventually(() => ran.length >= 40, 20_000, 'every job');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...ran].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect(most).toBeLessThanOrEqual(3);
  });

  it('tries a failed job again', async () => {
    const flaky = job('test-flaky');
    const attempts: number[] = [];
    await queue.work(flaky, 2, async (_data, { retryCount }) => {
      attempts.push(retryCount);
      if (retryCount === 0) throw new Error('the first try fails');
    });
    await queue.send(flaky, { n: 1 });
    await eventually(() => attempts.length >= 2, 20_000, 'the second try');
    expect(attempts).toEqual([0, 1]);
  });
});

describe('job queue across a restart', () => {
  it('gives back a job still running when the process stops, and runs it again after the restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-jobs-'));
    const slow = job('test-slow');
    try {
      const first = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      const before = createJobQueue(first, logger, { runsJobs: true });
      let started = false;
      await before.work(slow, 1, async (_data, { signal }) => {
        started = true;
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
      });
      await before.send(slow, { n: 7 });
      await eventually(() => started, 20_000, 'the job to start');
      await before.stop({ graceSeconds: 0 });
      await first.close();

      const second = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      const after = createJobQueue(second, logger, { runsJobs: true });
      const ran: number[] = [];
      await after.work(slow, 1, async ({ n }) => void ran.push(n));
      await after.startIfJobsWait();
      await eventually(() => ran.length > 0, 20_000, 'the job after the restart');
      expect(ran).toEqual([7]);
      await after.stop({ graceSeconds: 0 });
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
