import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerValueAnalytics, sharedMessages } from '../../db/schema';
import type { JobDefinition, JobQueue } from '../../lib/job-queue';
import { seedAnalyticsHistory } from '../../testing/analytics-history';
import { collect, type GqlData, listen, type TestViewer, wsClient } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { analyticsRoundJob, refreshAfterQuietThread, refreshOwnerAnalyticsJob, runAnalyticsRound } from './analytics-jobs';
import { refreshCustomerValueAnalytics } from './refresh-customer-value-analytics';

/** The jobs a trigger queued (the queue itself is pg-boss's, tested with the other jobs). */
function recordingJobs() {
  const queued: { job: string; data: unknown; key?: string; after?: number }[] = [];
  const jobs = {
    send: async (job: JobDefinition, data: unknown, options?: { singletonKey?: string }) => {
      queued.push({ job: job.name, data, key: options?.singletonKey });
      return 'id';
    },
    schedule: async (job: JobDefinition, data: unknown, options: { singletonKey: string; startAfterSeconds: number }) => {
      queued.push({ job: job.name, data, key: options.singletonKey, after: options.startAfterSeconds });
    },
  } as unknown as JobQueue;
  return { jobs, queued };
}

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('analytics refresh: the route and the jobs', () => {
  let t: TestApp;
  let alice: TestViewer;
  let bob: TestViewer;
  let aliceThreads: string[];

  beforeAll(async () => {
    t = await createTestApp({ DEFAULT_MODEL: 'local:extractive', ANALYTICS_REFRESH_RATE_LIMIT: '2' });
    const a = await createVerifiedUser(t, { email: 'alice@shop.test' });
    const b = await createVerifiedUser(t, { email: 'bob@shop.test' });
    alice = { email: a.email, access: a.access, isStaff: false };
    bob = { email: b.email, access: b.access, isStaff: false };
    // Two and one days ago, so every message is in the past whatever the time of day.
    aliceThreads = (await seedAnalyticsHistory(t.services.db, { ownerEmail: alice.email, day1: isoDay(-2), day2: isoDay(-1) })).threadIds;
    await seedAnalyticsHistory(t.services.db, { ownerEmail: bob.email, day1: isoDay(-2), day2: isoDay(-1) });
  });
  afterAll(() => t.close());

  it('recomputes the caller’s rows and only theirs, and answers how many were written', async () => {
    expect((await post(t, null, '/api/analytics/refresh/', {})).status).toBe(401);
    const first = await post(t, alice, '/api/analytics/refresh/', {});
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ removed: 0, refreshedAt: expect.any(String) });
    expect(first.body?.written).toBe(first.body?.rows);
    const owners = await t.services.db.selectDistinct({ owner: customerValueAnalytics.ownerEmail }).from(customerValueAnalytics);
    expect(owners).toEqual([{ owner: alice.email }]);
    const yesterday = await t.services.db
      .select()
      .from(customerValueAnalytics)
      .where(eq(customerValueAnalytics.periodStart, new Date(`${isoDay(-1)}T00:00:00Z`)));
    expect(yesterday.find((r) => r.timeWindow === 'day' && r.aggregationType === 'all')).toMatchObject({
      customersHelped: 2,
      totalInteractions: 7,
    });

    const again = await post(t, alice, '/api/analytics/refresh/', {});
    expect(again.body).toMatchObject({ written: 0, removed: 0 });
    // ANALYTICS_REFRESH_RATE_LIMIT is 2 a minute here; bob's own count is untouched.
    expect((await post(t, alice, '/api/analytics/refresh/', {})).status).toBe(429);
    expect((await post(t, bob, '/api/analytics/refresh/', {})).status).toBe(200);
  });

  it('sends each owner only their own rows live; naming another owner is refused', async () => {
    const port = await listen(t);
    const ON_UPDATE = 'subscription($o: String) { onUpdateCustomerValueAnalytics(ownerEmail: $o) { id ownerEmail timeWindow } }';
    const bobClient = wsClient(port, bob);
    const aliceClient = wsClient(port, alice);
    try {
      const forBob = collect<GqlData>(bobClient, ON_UPDATE, { o: bob.email });
      // Bob asks for alice's rows by name, on the same connection.
      const snooping = collect<GqlData>(bobClient, ON_UPDATE, { o: alice.email });
      const forAlice = collect<GqlData>(aliceClient, ON_UPDATE, { o: alice.email });
      // A question a second after the thread's last message: only rows that exist change (updates).
      const message = async (ownerEmail: string, threadId: string) => {
        const [last] = await t.services.db
          .select({ at: sharedMessages.createdAt })
          .from(sharedMessages)
          .where(eq(sharedMessages.sharedThreadId, threadId))
          .orderBy(desc(sharedMessages.createdAt))
          .limit(1);
        if (!last) throw new Error('the thread has no message');
        const createdAt = new Date(last.at.getTime() + 1000);
        await t.services.db
          .insert(sharedMessages)
          .values({ ownerEmail, sharedThreadId: threadId, content: 'Still there?', senderType: 'user', createdAt });
      };
      const [bobThread] = await t.services.db
        .select({ id: sharedMessages.sharedThreadId })
        .from(sharedMessages)
        .where(eq(sharedMessages.ownerEmail, bob.email))
        .limit(1);
      // A new question each: today's rows change, and each refresh publishes them.
      await message(bob.email, bobThread?.id as string);
      const bobFirst = await refreshCustomerValueAnalytics(t.services.db, bob.email, { events: t.services.events });
      await forBob.next(bobFirst.written);
      await message(alice.email, aliceThreads[0] as string);
      const aliceWritten = (await refreshCustomerValueAnalytics(t.services.db, alice.email, { events: t.services.events })).written;
      await forAlice.next(aliceWritten);
      await message(bob.email, bobThread?.id as string);
      const bobSecond = await refreshCustomerValueAnalytics(t.services.db, bob.email, { events: t.services.events });
      await forBob.next(bobFirst.written + bobSecond.written);
      expect(new Set(forAlice.events.map((e) => e.onUpdateCustomerValueAnalytics.ownerEmail))).toEqual(new Set([alice.email]));
      // Alice's rows were published between bob's two batches: none reached him.
      expect(forBob.events).toHaveLength(bobFirst.written + bobSecond.written);
      expect(new Set(forBob.events.map((e) => e.onUpdateCustomerValueAnalytics.ownerEmail))).toEqual(new Set([bob.email]));
      expect(snooping.events).toEqual([]);
      expect(snooping.errors).toEqual([expect.objectContaining({ message: 'Unauthorized' })]);
    } finally {
      await bobClient.dispose();
      await aliceClient.dispose();
    }
  });

  it('queues the owner’s refresh, debounced by owner, when a thread goes quiet', async () => {
    const { jobs, queued } = recordingJobs();
    await refreshAfterQuietThread({ db: t.services.db, jobs }, aliceThreads[0] as string);
    await refreshAfterQuietThread({ db: t.services.db, jobs }, '00000000-0000-4000-8000-000000000000');
    expect(queued).toEqual([{ job: refreshOwnerAnalyticsJob.name, data: { ownerEmail: alice.email }, key: alice.email, after: 60 }]);
  });

  it('the hourly round queues owners whose rows are behind, then itself', async () => {
    // Bob's rows were computed as of an old date: behind. Alice's are current.
    await refreshCustomerValueAnalytics(t.services.db, bob.email, { now: new Date(`${isoDay(-1)}T00:00:00Z`) });
    await t.services.db
      .update(customerValueAnalytics)
      .set({ lastRefreshed: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(customerValueAnalytics.ownerEmail, bob.email));
    const { jobs, queued } = recordingJobs();
    expect(await runAnalyticsRound({ db: t.services.db, jobs })).toBe(1);
    expect(queued).toEqual([
      { job: refreshOwnerAnalyticsJob.name, data: { ownerEmail: bob.email }, key: bob.email },
      { job: analyticsRoundJob.name, data: {}, key: 'analytics-round', after: 3600 },
    ]);
  });
});
