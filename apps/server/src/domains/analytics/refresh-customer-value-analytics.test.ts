import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerValueAnalytics } from '../../db/schema';
import { type AnalyticsHistory, seedAnalyticsHistory } from '../../testing/analytics-history';
import { recordEvents } from '../../testing/assistants';
import { type GqlData, gql, type TestViewer } from '../../testing/graphql-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { refreshCustomerValueAnalytics } from './refresh-customer-value-analytics';

const LIST = `query($filter: ModelCustomerValueAnalyticsFilterInput, $limit: Int) {
  listCustomerValueAnalytics(filter: $filter, limit: $limit) {
    items { id ownerEmail timeWindow periodStart aggregationType assistantId assistantName channel customersHelped totalInteractions actualCost }
    nextToken
  }
}`;

const NOW = new Date('2026-11-20T12:00:00Z');
const DAY1 = '2026-11-19';
const DAY2 = '2026-11-20';

describe('customer-value analytics refresh', () => {
  let t: TestApp;
  let alice: TestViewer;
  let bob: TestViewer;
  let history: AnalyticsHistory;

  const row = async (where: { window: string; start: string; aggregation: string; assistantId?: string; channel?: string }) => {
    const rows = await t.services.db
      .select()
      .from(customerValueAnalytics)
      .where(
        and(
          eq(customerValueAnalytics.ownerEmail, alice.email),
          eq(customerValueAnalytics.timeWindow, where.window),
          eq(customerValueAnalytics.periodStart, new Date(where.start)),
          eq(customerValueAnalytics.aggregationType, where.aggregation),
        ),
      );
    return rows.filter(
      (r) => (where.assistantId ? r.assistantId === where.assistantId : true) && (where.channel ? r.channel === where.channel : true),
    );
  };

  beforeAll(async () => {
    t = await createTestApp({ DEFAULT_MODEL: 'local:extractive' });
    const a = await createVerifiedUser(t, { email: 'alice@shop.test' });
    const b = await createVerifiedUser(t, { email: 'bob@shop.test' });
    alice = { email: a.email, access: a.access, isStaff: false };
    bob = { email: b.email, access: b.access, isStaff: false };
    history = await seedAnalyticsHistory(t.services.db, { ownerEmail: alice.email, day1: DAY1, day2: DAY2 });
    await seedAnalyticsHistory(t.services.db, { ownerEmail: bob.email, day1: DAY1, day2: DAY2 });
  });
  afterAll(() => t.close());

  it('fills every field of the day rows from the conversations, against the day before', async () => {
    const recorder = await recordEvents(t, ['CustomerValueAnalytics']);
    const first = await refreshCustomerValueAnalytics(t.services.db, alice.email, { now: NOW, events: t.services.events });
    expect(first.written).toBe(first.rows);
    // Every row written reaches the owner's subscribers, as a create.
    await recorder.until(first.rows);
    expect(new Set(recorder.events.map((e) => `${e.kind} ${e.item.ownerEmail}`))).toEqual(new Set([`create ${alice.email}`]));
    await recorder.stop();
    const [today] = await row({ window: 'day', start: `${DAY2}T00:00:00Z`, aggregation: 'all' });
    expect(today).toMatchObject({
      periodEnd: new Date(`2026-11-21T00:00:00Z`),
      analyticsType: 'customer_value',
      assistantId: null,
      channel: null,
      customersHelped: 2, // alice (T3) and T4's visitor; T5 was answered by hand only
      customerInteractions: 4,
      assistantResponses: 2,
      totalInteractions: 7,
      returningCustomers: 1, // alice, first seen the day before
      newCustomers: 2,
      promptTokens: 1500, // T3's answer and T5's held-back one
      completionTokens: 250,
      cacheTokens: 0,
      totalTokens: 1750,
      cacheCost: 0,
      assistedOrders: 2, // the cart attribute's and alice's e-mail; not the stranger's
      assistedRevenue: 80,
      peakHours: [0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      modelBreakdown: {
        'openai:gpt-4.1-mini': { responses: 1, totalTokens: 1750, cost: 0.001 },
        'local:extractive': { responses: 1, totalTokens: 0, cost: 0 },
      },
      channelBreakdown: {
        widget: { interactions: 2, customerInteractions: 1, cost: 0.00072 },
        web: { interactions: 5, customerInteractions: 3, cost: 0.00028 },
      },
      customerGrowth: 0, // 2 helped the day before too
      interactionGrowth: -0.125, // 7 against 8
      growthTrend: { previousPeriodStart: `${DAY1}T00:00:00.000Z`, customersHelped: 2, totalInteractions: 8 },
      pricingSnapshot: { asOf: expect.any(String), minutesPerConversation: 5, hourlyCostUsd: 20, timeZone: 'UTC', revenueCurrency: 'USD' },
    });
    expect(today?.actualCost).toBeCloseTo(0.001, 9);
    expect(today?.promptCost).toBeCloseTo(0.0006, 9);
    expect(today?.completionCost).toBeCloseTo(0.0004, 9);
    expect(today?.costPerCustomer).toBeCloseTo(0.0005, 9);
    expect(today?.costPerInteraction).toBeCloseTo(0.00025, 9);
    expect(today?.avgResponseTime).toBeCloseTo((2 + 10 + 120) / 3, 6);
    expect(today?.automationRate).toBeCloseTo(2 / 3, 9); // T3 and T4; T5 had a manual reply
    expect(today?.conversationCompletionRate).toBeCloseTo(2 / 3, 9); // T4 ends on a waiting question
    expect(today?.avgMessagesPerConversation).toBeCloseTo(7 / 3, 9);
    expect(today?.estimatedTimeSaved).toBeCloseTo((2 * 5) / 60, 9);
    expect(today?.estimatedCostSavings).toBeCloseTo(((2 * 5) / 60) * 20, 6);
    expect(today?.lastRefreshed).toEqual(NOW);

    const [yesterday] = await row({ window: 'day', start: `${DAY1}T00:00:00Z`, aggregation: 'all' });
    expect(yesterday).toMatchObject({
      customersHelped: 2,
      totalInteractions: 8,
      assistantResponses: 3,
      newCustomers: 2,
      returningCustomers: 0,
    });
    expect(yesterday?.automationRate).toBeCloseTo(0.5, 9);
    expect(yesterday?.avgResponseTime).toBeCloseTo((4 + 2 + 6 + 120) / 4, 6);
    expect(yesterday?.cacheTokens).toBe(500);
    expect(yesterday?.cacheCost).toBeCloseTo(500 * 0.1e-6, 12);
  });

  it('writes a row per assistant and per channel that had conversations', async () => {
    const perAssistant = await row({ window: 'day', start: `${DAY2}T00:00:00Z`, aggregation: 'assistant' });
    expect(perAssistant.map((r) => r.assistantName).sort()).toEqual(['Sales helper', 'Size advisor']);
    const sizes = perAssistant.find((r) => r.assistantId === history.assistantIds.c);
    expect(sizes).toMatchObject({ customersHelped: 1, customerInteractions: 3, totalInteractions: 5, channel: null });
    expect(sizes?.automationRate).toBeCloseTo(0.5, 9);
    const perChannel = await row({ window: 'day', start: `${DAY2}T00:00:00Z`, aggregation: 'channel' });
    expect(Object.fromEntries(perChannel.map((r) => [r.channel, r.totalInteractions]))).toEqual({ web: 5, widget: 2 });
    expect(Object.fromEntries(perChannel.map((r) => [r.channel, r.assistedRevenue]))).toEqual({ web: 0, widget: 80 });
    expect(perAssistant.find((r) => r.assistantId === history.assistantIds.a)).toMatchObject({ assistedOrders: 2, assistedRevenue: 80 });
    // A visitor counts once in the week: alice came back, still one new customer.
    const [week] = await row({ window: 'week', start: '2026-11-16T00:00:00Z', aggregation: 'all' });
    expect(week).toMatchObject({ customersHelped: 3, newCustomers: 4, returningCustomers: 0, totalInteractions: 15 });
    const [month] = await row({ window: 'month', start: '2026-11-01T00:00:00Z', aggregation: 'all' });
    expect(month).toMatchObject({ customersHelped: 3, totalInteractions: 15 });
    const days = await t.services.db
      .select({ id: customerValueAnalytics.id })
      .from(customerValueAnalytics)
      .where(
        and(
          eq(customerValueAnalytics.ownerEmail, alice.email),
          eq(customerValueAnalytics.timeWindow, 'day'),
          eq(customerValueAnalytics.aggregationType, 'all'),
        ),
      );
    expect(days).toHaveLength(180);
  });

  it('changes nothing when run again', async () => {
    const before = await t.services.db.select().from(customerValueAnalytics).where(eq(customerValueAnalytics.ownerEmail, alice.email));
    const recorder = await recordEvents(t, ['CustomerValueAnalytics']);
    const again = await refreshCustomerValueAnalytics(t.services.db, alice.email, {
      now: new Date(NOW.getTime() + 60_000),
      events: t.services.events,
    });
    expect(again).toMatchObject({ written: 0, removed: 0 });
    expect(recorder.events).toEqual([]);
    await recorder.stop();
    const after = await t.services.db.select().from(customerValueAnalytics).where(eq(customerValueAnalytics.ownerEmail, alice.email));
    const byId = (rows: typeof before) => [...rows].sort((x, y) => x.id.localeCompare(y.id));
    expect(byId(after)).toEqual(byId(before));
  });

  it('shows each owner only their own rows', async () => {
    const filter = { timeWindow: { eq: 'day' }, aggregationType: { eq: 'all' }, periodStart: { eq: `${DAY2}T00:00:00.000Z` } };
    const forBob = await gql(t, bob, LIST, { filter, limit: 999 });
    expect(forBob.errors).toBeUndefined();
    expect(forBob.data?.listCustomerValueAnalytics.items).toEqual([]);
    await refreshCustomerValueAnalytics(t.services.db, bob.email, { now: NOW });
    const mine = (await gql(t, bob, LIST, { filter: { timeWindow: { eq: 'week' } }, limit: 999 })).data?.listCustomerValueAnalytics
      .items as GqlData[];
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((item) => item.ownerEmail))).toEqual(new Set([bob.email]));
    const aliceFiltered = (await gql(t, alice, LIST, { filter: { ...filter, aggregationType: { eq: 'channel' } }, limit: 999 })).data
      ?.listCustomerValueAnalytics.items as GqlData[];
    expect(aliceFiltered.map((item) => item.channel).sort()).toEqual(['web', 'widget']);
  });
});
