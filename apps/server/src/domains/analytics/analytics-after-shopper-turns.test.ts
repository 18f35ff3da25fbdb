import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerValueAnalytics } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import type { JobQueue } from '../../lib/job-queue';
import { createAssistant } from '../../testing/assistants';
import type { TestViewer } from '../../testing/graphql-client';
import { shareAssistant, visitor } from '../../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { refreshAfterShopperTurn, refreshOwnerAnalyticsJob } from './analytics-jobs';

interface WaitingJob {
  start_after: Date;
  created_on: Date;
}

/**
 * The dashboard is current without its Refresh button: a shopper's turn queues the owner's refresh
 * (the open dashboard listens to the rows it writes) for within about a minute, however busy the shop.
 */
describe('analytics refresh after shoppers’ turns', () => {
  let t: TestApp;
  let owner: TestViewer;

  beforeAll(async () => {
    t = await createTestApp({ DEFAULT_MODEL: 'local:extractive' });
    const user = await createVerifiedUser(t, { email: 'busy@shop.test' });
    owner = { email: user.email, access: user.access, isStaff: false };
  });
  afterAll(() => t.close());

  /** The owner's refresh waiting in the queue (none before the embedded queue's first use made its tables). */
  async function waitingRefresh(ownerEmail: string) {
    const [tables] = await rowsOf<{ one: number }>(t.services.db, sql`SELECT 1 AS one WHERE to_regclass('pgboss.job') IS NOT NULL`);
    if (!tables) return [];
    return rowsOf<WaitingJob>(
      t.services.db,
      sql`SELECT start_after, created_on FROM pgboss.job
          WHERE name = ${refreshOwnerAnalyticsJob.name} AND singleton_key = ${ownerEmail} AND state = 'created'`,
    );
  }
  const ownerRows = () =>
    t.services.db
      .select()
      .from(customerValueAnalytics)
      .where(and(eq(customerValueAnalytics.ownerEmail, owner.email), eq(customerValueAnalytics.aggregationType, 'all')));

  it('refreshes the owner’s rows within about a minute of a shopper’s message, without the button', async () => {
    const assistantId = await createAssistant(t, owner);
    const token = (await shareAssistant(t, owner, assistantId)).shareToken.token;
    expect(await ownerRows()).toEqual([]);

    const sent = Date.now();
    const turn = await visitor(t, 'message', { token, message: 'Do you ship to Canada?' });
    expect(turn.status).toBe(200);

    // One refresh waits for the owner, due within a minute.
    let waiting: WaitingJob[] = [];
    for (let tries = 0; tries < 50 && !waiting.length; tries++) {
      waiting = await waitingRefresh(owner.email);
      if (!waiting.length) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(waiting).toHaveLength(1);
    expect(new Date((waiting[0] as WaitingJob).start_after).getTime() - sent).toBeLessThanOrEqual(61_000);

    // Its time comes (as if the minute had passed): the worker writes today's rows.
    await t.services.db.execute(
      sql`UPDATE pgboss.job SET start_after = now() WHERE name = ${refreshOwnerAnalyticsJob.name} AND singleton_key = ${owner.email} AND state = 'created'`,
    );
    const deadline = Date.now() + 15_000;
    let rows = await ownerRows();
    while (!rows.some((row) => row.timeWindow === 'day' && row.customersHelped === 1) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await ownerRows();
    }
    // Today's row counts the shopper and their message (the days before are zeros).
    const days = rows.filter((row) => row.timeWindow === 'day');
    expect(days.reduce((sum, row) => sum + row.customersHelped, 0)).toBe(1);
    expect(days.reduce((sum, row) => sum + row.customerInteractions, 0)).toBe(1);
  });

  it('a shop that never goes quiet still gets its refresh: each turn’s wait is capped at a minute from the first', async () => {
    const ownerEmail = 'never-quiet@shop.test';
    const first = await t.services.jobs.schedule(
      refreshOwnerAnalyticsJob,
      { ownerEmail },
      { singletonKey: ownerEmail, startAfterSeconds: 30, maxWaitSeconds: 60 },
    );
    expect(first.getTime() - Date.now()).toBeGreaterThan(25_000);
    // 50 s of turns later (the waiting job was queued then), another turn: 10 s left, not 30 more.
    await t.services.db.execute(
      sql`UPDATE pgboss.job SET created_on = now() - interval '50 seconds' WHERE name = ${refreshOwnerAnalyticsJob.name} AND singleton_key = ${ownerEmail} AND state = 'created'`,
    );
    const later = await t.services.jobs.schedule(
      refreshOwnerAnalyticsJob,
      { ownerEmail },
      { singletonKey: ownerEmail, startAfterSeconds: 30, maxWaitSeconds: 60 },
    );
    const [job] = await waitingRefresh(ownerEmail);
    expect(later.getTime() - Date.now()).toBeLessThan(12_000);
    expect(Math.abs(new Date((job as WaitingJob).start_after).getTime() - later.getTime())).toBeLessThan(1_000);
    expect(await waitingRefresh(ownerEmail)).toHaveLength(1);
  });

  it('one refresh for a conversation’s burst of turns in a process, another once it has started', async () => {
    const scheduled: { key: string; after: number; maxWait?: number }[] = [];
    let startsAt = Date.now() + 30_000;
    const jobs = {
      schedule: async (
        _job: unknown,
        _data: unknown,
        options: { singletonKey: string; startAfterSeconds: number; maxWaitSeconds?: number },
      ) => {
        scheduled.push({ key: options.singletonKey, after: options.startAfterSeconds, maxWait: options.maxWaitSeconds });
        return new Date(startsAt);
      },
    } as unknown as JobQueue;
    const ctx = { jobs, logger: t.services.logger };
    refreshAfterShopperTurn(ctx, 'a@shop.test');
    refreshAfterShopperTurn(ctx, 'a@shop.test');
    refreshAfterShopperTurn(ctx, 'b@shop.test');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(scheduled).toEqual([
      { key: 'a@shop.test', after: 30, maxWait: 60 },
      { key: 'b@shop.test', after: 30, maxWait: 60 },
    ]);
    // The queue brought a's start forward to now (its minute was up): the next turn needs its own.
    startsAt = Date.now();
    const c = { jobs, logger: t.services.logger };
    refreshAfterShopperTurn(c, 'c@shop.test');
    await new Promise((resolve) => setTimeout(resolve, 10));
    refreshAfterShopperTurn(c, 'c@shop.test');
    expect(scheduled.filter((s) => s.key === 'c@shop.test')).toHaveLength(2);
  });
});
