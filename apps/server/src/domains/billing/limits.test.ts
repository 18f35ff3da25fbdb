import { limitReachedMessage } from '@aisle/contracts/billing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, messagingAccounts, notifications, tierTracks, users } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import { setBalanceUsd } from '../../testing/balances';
import { gql, type TestViewer } from '../../testing/graphql-client';
import { createStore, post } from '../../testing/knowledge';
import { shareAssistant, visitor } from '../../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { countWizardRun, withinLimit } from './limits';
import { resetDueTierTracks, runTierPeriodsJob } from './tier-periods';

const MB = 1024 * 1024;

/** The seeded tiers: basic allows 2 assistants, 2 stores, 50 MB, 500 messages, 1 channel, 3 functions, 3 wizard runs. */
describe('tier limits', () => {
  let t: TestApp;
  let me: TestViewer & { id: string };

  beforeAll(async () => {
    t = await createTestApp({}, { tiers: 'seeded' });
    const user = await createVerifiedUser(t);
    me = { id: user.id, email: user.email, access: user.access, isStaff: false };
  });
  afterAll(async () => {
    await t?.close();
  });

  const basic = (limit: Parameters<typeof limitReachedMessage>[0]['limit'], max: number) =>
    limitReachedMessage({ limit, max, tierName: 'Basic', topTier: false });
  const refusal = (limit: Parameters<typeof limitReachedMessage>[0]['limit'], max: number) => ({
    status: 403,
    body: { detail: basic(limit, max), code: 'limit_reached', limit },
  });
  const noticesOf = async () =>
    (await t.services.db.select().from(notifications).where(eq(notifications.ownerEmail, me.email))).map((n) => n.title);
  const track = async () => (await t.services.db.select().from(tierTracks).where(eq(tierTracks.userId, me.id)))[0];

  it('refuses a third assistant by REST and by GraphQL, naming the limit and how to raise it', async () => {
    await createAssistant(t, me);
    await createAssistant(t, me);
    expect(await post(t, me, '/api/assistant/create/', { assistantName: 'Third' })).toEqual(refusal('assistants', 2));
    const viaGraphql = await gql(t, me, 'mutation { createAssistant(input: {assistantName: "Third"}) { id } }');
    expect(viaGraphql.errors?.[0]?.message).toBe(basic('assistants', 2));
    expect(await noticesOf()).toContain('Assistants: limit reached');
  });

  it('refuses a third knowledge store, and files past the stored megabytes', async () => {
    const storeId = await createStore(t, me, 'One');
    await createStore(t, me, 'Two');
    expect(await post(t, me, '/api/store/create/', { name: 'Three' })).toEqual(refusal('knowledgeStores', 2));
    const big = (name: string, size: number) => ({ fileName: name, size, contentType: 'text/plain' });
    const res = await post(t, me, '/api/files/upload-batch/', {
      storeId,
      files: [big('a.txt', 25 * MB), big('b.txt', 25 * MB), big('c.txt', MB)],
    });
    expect(res).toEqual(refusal('storedMegabytes', 50));
    expect((await post(t, me, '/api/files/upload-batch/', { storeId, files: [big('a.txt', 20 * MB), big('b.txt', 21 * MB)] })).status).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await noticesOf()).toContain('Stored files: 80% used');
  });

  it('refuses a fourth function', async () => {
    for (const name of ['one', 'two', 'three']) {
      expect((await post(t, me, '/api/functions/create/', { name, description: 'x' })).status).toBe(201);
    }
    expect(await post(t, me, '/api/functions/create/', { name: 'four', description: 'x' })).toEqual(refusal('functions', 3));
  });

  it('refuses a second connected channel and a fourth wizard run (the checks the channel and wizard calls use)', async () => {
    const ctx = { db: t.services.db, events: t.services.events };
    const connect = (id: string) =>
      withinLimit(ctx, { ownerEmail: me.email, limit: 'channels' }, (tx) =>
        tx.insert(messagingAccounts).values({ ownerEmail: me.email, channel: 'line', externalAccountId: id }).returning(),
      );
    await connect('line-1');
    await expect(connect('line-2')).rejects.toMatchObject({ status: 403, detail: basic('channels', 1) });
    for (let run = 1; run <= 3; run++) expect((await countWizardRun(ctx, me.email)).used).toBe(run);
    await expect(countWizardRun(ctx, me.email)).rejects.toMatchObject({ status: 403, detail: basic('wizardRuns', 3) });
  });

  it('refuses a turn once the month’s messages are used, tells the owner at 80 % and 100 %, and the reset starts a new month', async () => {
    const assistantId = await createAssistant(t, { ...me, email: me.email }).catch(() => null);
    expect(assistantId).toBeNull(); // still at the assistants limit: use the first one
    const [first] = await t.services.db
      .execute(sql`SELECT id FROM assistants WHERE owner_email = ${me.email} LIMIT 1`)
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    const threadId = (await post(t, me, '/api/thread/create/', { assistantId: first?.id })).body?.id as string;
    const ask = () => post(t, me, '/api/chat/message/', { threadId, content: 'Hello' });
    const stored = async () => (await t.services.db.select().from(messages).where(eq(messages.threadId, threadId))).length;
    // With credit, the turn's first statement stores the question too: at the limit it must not.
    await setBalanceUsd(t.services.db, me.email, 5);
    expect((await ask()).status).toBe(200);
    await t.services.db.update(tierTracks).set({ messages: 399 }).where(eq(tierTracks.userId, me.id));
    expect((await ask()).status).toBe(200); // the 400th: 80 %
    await t.services.db.update(tierTracks).set({ messages: 499 }).where(eq(tierTracks.userId, me.id));
    expect((await ask()).status).toBe(200); // the 500th: the limit
    expect(await ask()).toEqual(refusal('messagesPerMonth', 500));
    expect(await stored()).toBe(6); // three questions and their answers; the refused one is not kept
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await noticesOf()).toEqual(expect.arrayContaining(['Messages this period: 80% used', 'Messages this period: limit reached']));

    const usage = await t.app.inject({ method: 'GET', url: '/api/users/tier-track/', headers: { authorization: `Bearer ${me.access}` } });
    expect(usage.json().usage.messagesPerMonth).toEqual({ used: 500, limit: 500, message: basic('messagesPerMonth', 500) });

    // The period ends: the scheduled reset starts the next one (once, however often it runs).
    await t.services.db.execute(
      sql`UPDATE tier_tracks SET period_start = now() - interval '1 month 1 hour', period_end = now() - interval '1 hour'`,
    );
    expect(await resetDueTierTracks(t.services.db)).toBeGreaterThan(0);
    expect(await resetDueTierTracks(t.services.db)).toBe(0);
    expect(await track()).toMatchObject({ messages: 0, wizardRuns: 0, notified: [] });
    expect((await track())?.periodEnd.getTime()).toBeGreaterThan(Date.now());
    expect((await ask()).status).toBe(200);

    // The scheduled job does the same, and queues its own next run.
    await t.services.db.execute(sql`UPDATE tier_tracks SET period_end = now() - interval '1 minute'`);
    expect(await runTierPeriodsJob(t.services)).toBeGreaterThan(0);
    const queued = await t.services.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'billing-tier-periods' AND state = 'created'`,
    );
    expect((queued as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it('tells the owner at 80 % when a visitor’s message on a shared link is the one that reaches it, once', async () => {
    const owner = await createVerifiedUser(t);
    const viewer = { email: owner.email, access: owner.access, isStaff: false };
    const { token } = (await shareAssistant(t, viewer, await createAssistant(t, viewer))).shareToken as { token: string };
    const first = await visitor(t, 'message', { token, message: 'Hello' });
    expect(first.status).toBe(200);
    const { sharedThreadId, visitorToken } = first.body;
    const ask = async (message: string) => (await visitor(t, 'message', { token, message, sharedThreadId, visitorToken })).status;
    const titles = async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const rows = await t.services.db.select().from(notifications).where(eq(notifications.ownerEmail, owner.email));
      return rows.map((n) => n.title).filter((title) => title.startsWith('Messages this period'));
    };
    await t.services.db.update(tierTracks).set({ messages: 398 }).where(eq(tierTracks.userId, owner.id));
    expect(await ask('Do you ship to Norway?')).toBe(200); // the 399th
    expect(await titles()).toEqual([]);
    expect(await ask('And to Sweden?')).toBe(200); // the 400th: 80 %
    expect(await ask('Thanks!')).toBe(200);
    expect(await titles()).toEqual(['Messages this period: 80% used']);
  });

  it('lifts the limits with the tier: on pro the third assistant is created', async () => {
    await t.services.db.update(users).set({ tier: 'pro' }).where(eq(users.id, me.id));
    expect((await post(t, me, '/api/assistant/create/', { assistantName: 'Third' })).status).toBe(201);
    const usage = await t.app.inject({ method: 'GET', url: '/api/users/tier-track/', headers: { authorization: `Bearer ${me.access}` } });
    expect(usage.json()).toMatchObject({ tier: 'pro', tier_name: 'Pro', usage: { assistants: { used: 3, limit: 10, message: null } } });
  });
});
