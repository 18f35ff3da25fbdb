import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, notifications, userTransactions } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import { createAssistant } from '../../testing/assistants';
import { setBalanceUsd } from '../../testing/balances';
import type { FakeLlm } from '../../testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../../testing/fake-llm/fake-openai';
import type { TestViewer } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { adjustBalance } from './adjust-balance';
import { afterCharge } from './billing-notices';
import { chargeGeneration } from './charge-generation';
import { balanceOf, NO_CREDIT } from './credit';
import { generationUsage } from './generation-usage';
import { costMicroUsdOf } from './pricing';

/** gpt-4o-mini: 1,000 input and 500 output tokens cost exactly 450 micro-USD a turn. */
const TURN_USAGE = { inputTokens: 1000, outputTokens: 500, cachedInputTokens: 0 };
const TURN_COST = 450;

describe('credit under concurrent spending', () => {
  let t: TestApp;
  let fake: FakeLlm;
  let me: TestViewer;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({
      OPENAI_API_KEY: FAKE_OPENAI_KEY,
      OPENAI_BASE_URL: fake.baseUrl,
      DEFAULT_MODEL: 'local:extractive',
      // Credit is what decides here, not admission control: on a loaded machine the 50 turns' wait
      // estimate or the event-loop delay could otherwise turn some of them into a 503 `busy`.
      TURN_CONCURRENCY: '64',
      TURN_MAX_WAIT_MS: '600000',
      TURN_MAX_LOOP_DELAY_MS: '600000',
    });
    const user = await createVerifiedUser(t);
    me = { email: user.email, access: user.access, isStaff: false };
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('answers exactly as many of 50 simultaneous paid turns as the credit pays for, refuses the rest, and ends at zero', async () => {
    expect(costMicroUsdOf('openai', 'gpt-4o-mini', TURN_USAGE)).toBe(TURN_COST);
    const assistantId = await createAssistant(t, me, { model: 'openai:gpt-4o-mini' });
    const threadIds = await Promise.all(
      Array.from({ length: 50 }, async () => (await post(t, me, '/api/thread/create/', { assistantId })).body?.id as string),
    );
    await setBalanceUsd(t.services.db, me.email, (10 * TURN_COST) / 1_000_000);
    // Every turn is admitted while credit remains, and all of them are still writing when the first ends.
    fake.script({ text: ['Here', ' you', ' are.'], usage: TURN_USAGE });
    fake.chunkDelayMs = 30;

    const results = await Promise.all(threadIds.map((threadId) => post(t, me, '/api/chat/message/', { threadId, content: 'Hello?' })));

    const answered = results.filter((res) => res.status === 200);
    const refused = results.filter((res) => res.status !== 200);
    expect(answered).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const res of refused) expect(res).toEqual({ status: 402, body: { detail: NO_CREDIT, code: 'no_credit' } });
    expect(await balanceOf(t.services.db, me.email)).toBe(0);

    const [user] = await rowsOf<{ id: string }>(t.services.db, sql`SELECT id FROM users WHERE email = ${me.email}`);
    const charges = await t.services.db
      .select()
      .from(userTransactions)
      .where(eq(userTransactions.userId, user?.id as string));
    const generationCharges = charges.filter((row) => row.kind === 'generation_charge');
    expect(generationCharges).toHaveLength(10);
    expect(generationCharges.every((row) => row.amountMicroUsd === -TURN_COST && row.balanceAfterMicroUsd >= 0)).toBe(true);
    expect(charges.reduce((total, row) => total + row.amountMicroUsd, 0)).toBe(0);
    // Only the answered turns have a reply; every question is kept.
    const replies = await t.services.db.select().from(messages).where(eq(messages.senderType, 'assistant'));
    expect(replies.filter((row) => row.ownerEmail === me.email)).toHaveLength(10);
    fake.chunkDelayMs = 0;
  });

  it('charges the last of the credit when a turn costs more than is left, never going below zero; tells the owner', async () => {
    const usage = generationUsage('openai:gpt-4o-mini', TURN_USAGE as never);
    const titles = async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (await t.services.db.select().from(notifications).where(eq(notifications.ownerEmail, me.email))).map((n) => n.title);
    };
    // The 50 turns above used the credit up.
    expect(await titles()).toContain('Your credit is used up');
    // A charge that takes the balance under $1 says it is low, once.
    await setBalanceUsd(t.services.db, me.email, 1.0002);
    const report = (outcome: Parameters<typeof afterCharge>[2]) => afterCharge(t.services, me.email, outcome);
    await chargeGeneration(t.services.db, { ownerEmail: me.email, type: 'x', result: null, usage }, report);
    await chargeGeneration(t.services.db, { ownerEmail: me.email, type: 'x', result: null, usage }, report);
    expect((await titles()).filter((title) => title === 'Your balance is low')).toHaveLength(1);

    await setBalanceUsd(t.services.db, me.email, 0.0001);
    await chargeGeneration(t.services.db, { ownerEmail: me.email, type: 'x', result: null, usage });
    expect(await balanceOf(t.services.db, me.email)).toBe(0);
    await expect(chargeGeneration(t.services.db, { ownerEmail: me.email, type: 'x', result: null, usage })).rejects.toMatchObject({
      status: 402,
    });
    expect(await balanceOf(t.services.db, me.email)).toBe(0);
  });

  it('adds up exactly over 10,000 small charges, where floating point would not', async () => {
    const owner = await createVerifiedUser(t);
    const start = 5_000_000;
    await adjustBalance(t.services.db, {
      ownerEmail: owner.email,
      kind: 'top_up',
      amountMicroUsd: start,
      idempotencyKey: 'test:ten-thousand',
    });
    let expected = 0;
    let floating = 0;
    for (let batch = 0; batch < 100; batch++) {
      await Promise.all(
        Array.from({ length: 100 }, (_, index) => {
          // 1 to 37 input tokens and 1 to 11 output tokens of gpt-4.1-nano: fractions of a micro-dollar each, rounded once.
          const n = batch * 100 + index;
          const tokens = { inputTokens: 1 + (n % 37), outputTokens: 1 + (n % 11), cachedInputTokens: 0 };
          const usage = generationUsage('openai:gpt-4.1-nano', tokens as never);
          expected += costMicroUsdOf('openai', 'gpt-4.1-nano', tokens);
          floating += usage.costUsd;
          return chargeGeneration(t.services.db, { ownerEmail: owner.email, type: 'x', result: null, usage });
        }),
      );
    }
    expect(expected).toBeGreaterThan(10_000);
    expect(await balanceOf(t.services.db, owner.email)).toBe(start - expected);
    const [sum] = await rowsOf<{ total: string; rows: number }>(
      t.services.db,
      sql`SELECT sum(amount_micro_usd)::text AS total, count(*)::int AS rows FROM user_transactions
          WHERE user_id = ${owner.id} AND kind = 'generation_charge'`,
    );
    expect(sum).toEqual({ total: String(-expected), rows: 10_000 });
    // The same sum in binary floating point drifts off the micro-dollar.
    expect(Math.round(floating * 1e6)).toBe(expected);
    expect(floating * 1e6).not.toBe(expected);
  }, 120_000);
});
