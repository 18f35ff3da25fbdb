import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { messages } from '../apps/server/src/db/schema';
import { rowsOf } from '../apps/server/src/db/sql-helpers';
import { generationCharge } from '../apps/server/src/domains/billing/charge-generation';
import { spendingSql } from '../apps/server/src/domains/billing/credit';
import { generationUsage } from '../apps/server/src/domains/billing/generation-usage';
import { createAssistant } from '../apps/server/src/testing/assistants';
import { setBalanceUsd } from '../apps/server/src/testing/balances';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../apps/server/src/testing/fake-llm/fake-openai';
import { startFakeStripe } from '../apps/server/src/testing/fake-stripe/fake-stripe';
import { post } from '../apps/server/src/testing/knowledge';
import { createTestApp } from '../apps/server/src/testing/test-app';
import { createVerifiedUser } from '../apps/server/src/testing/users';
import { percentile } from './server-process';

const stats = (values: number[]) => ({ p50: percentile(values, 50), p99: percentile(values, 99) });

/**
 * What billing adds to a turn, on the embedded database (in process, like local-answers):
 * - per statement: the turn's first query with and without the spending check (`spendingSql`:
 *   balance, the month's messages and the tier's limit), and the reply's write with and without
 *   the charge (`generationCharge`: the balance, the ledger row, the day's usage, the month's
 *   messages). Paired, alternating, so drift cancels; overhead = the paired differences. Goal: p50
 *   under 1 ms.
 * - whole turns through the API with a priced model (charged) and an unpriced one, for scale.
 */
export async function billingOverhead(samples = 400, turns = 100) {
  const fake = await startFakeOpenAi();
  const t = await createTestApp({
    OPENAI_API_KEY: FAKE_OPENAI_KEY,
    OPENAI_BASE_URL: fake.baseUrl,
    OPENAI_MODELS: 'gpt-4o-mini,bench-model',
  });
  try {
    const owner = await createVerifiedUser(t);
    await setBalanceUsd(t.services.db, owner.email, 1000);
    const viewer = { email: owner.email, access: owner.access, isStaff: false };
    const assistantId = await createAssistant(t, viewer, { model: 'openai:gpt-4o-mini' });
    const threadId = (await post(t, viewer, '/api/thread/create/', { assistantId })).body?.id as string;
    const usage = generationUsage('openai:gpt-4o-mini', { inputTokens: 1000, outputTokens: 500 } as never);
    const db = t.services.db;
    const time = async (run: () => Promise<unknown>) => {
      const start = performance.now();
      await run();
      return performance.now() - start;
    };
    const insertReply = (id: string, guard = sql`true`) => sql`
      INSERT INTO ${messages} (id, owner_email, thread_id, content, sender_type, provider, model, llm_usage)
      SELECT ${id}, ${owner.email}, ${threadId}, 'reply', 'assistant', 'openai', 'gpt-4o-mini', ${JSON.stringify(usage)}::jsonb
      WHERE ${guard} RETURNING id`;
    const plain = () => rowsOf(db, sql`WITH reply AS (${insertReply(randomUUID())}) SELECT (SELECT id FROM reply) AS id`);
    const billed = () => {
      const id = randomUUID();
      const charge = generationCharge({ ownerEmail: owner.email, usage, reference: `message:${id}`, countsAsMessage: true });
      return rowsOf(
        db,
        sql`WITH ${charge.ctes}, reply AS (${insertReply(id, charge.allowed)}) SELECT (SELECT id FROM reply) AS id, ${charge.outcome} AS billing`,
      );
    };
    const check = { without: [] as number[], with: [] as number[] };
    const write = { without: [] as number[], with: [] as number[] };
    const overhead: number[] = [];
    for (let i = 0; i < 20; i++) await Promise.all([plain(), billed()]); // warm-up
    for (let i = 0; i < samples; i++) {
      const a = await time(() => rowsOf(db, sql`SELECT ${owner.email}::text AS owner`));
      const b = await time(() => rowsOf(db, sql`SELECT ${owner.email}::text AS owner, ${spendingSql(owner.email)} AS spending`));
      const c = await time(plain);
      const d = await time(billed);
      check.without.push(a);
      check.with.push(b);
      write.without.push(c);
      write.with.push(d);
      overhead.push(b - a + (d - c));
    }

    const free = await createAssistant(t, viewer, { model: 'openai:bench-model' });
    const freeThread = (await post(t, viewer, '/api/thread/create/', { assistantId: free })).body?.id as string;
    const turnTimes = { priced: [] as number[], unpriced: [] as number[] };
    for (let i = 0; i < turns; i++) {
      for (const [kind, thread] of [
        ['priced', threadId],
        ['unpriced', freeThread],
      ] as const) {
        const ms = await time(async () => {
          const res = await post(t, viewer, '/api/chat/message/', { threadId: thread, content: `Question ${i}?` });
          if (res.status !== 200) throw new Error(`turn answered ${res.status}`);
        });
        turnTimes[kind].push(ms);
      }
    }
    return {
      unit: 'ms',
      samples,
      spendingCheck: { without: stats(check.without), with: stats(check.with) },
      replyWrite: { without: stats(write.without), with: stats(write.with) },
      overheadPerTurn: { ...stats(overhead), goalP50: 1 },
      wholeTurns: { turns, priced: stats(turnTimes.priced), unpriced: stats(turnTimes.unpriced) },
    };
  } finally {
    await t.close();
    await fake.close();
  }
}

/**
 * From Stripe's signed `checkout.session.completed` reaching the server to the credit being in the
 * ledger (the webhook's 200: verification, deduplication and the credit happen before it answers)
 * and to the owner's live account event (what the open Account page hears). A fake Stripe on
 * loopback, the real HTTP server in process.
 */
export async function webhookToCredit(payments = 100) {
  const stripe = await startFakeStripe();
  const t = await createTestApp(stripe.env());
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const owner = await createVerifiedUser(t);
    const events = t.services.events.subscribe('Account');
    const toCredit: number[] = [];
    const toEvent: number[] = [];
    for (let i = 0; i < payments; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/top-up-usd/',
        headers: { authorization: `Bearer ${owner.access}` },
        payload: { amount_usd: 10 },
      });
      const sessionId = String(res.json().url).split('/').at(-1) as string;
      const { body, headers } = stripe.signed(stripe.event('checkout.session.completed', stripe.complete(sessionId)));
      const heard = (async () => {
        for (;;) {
          const next = await events.next();
          if (next.value?.item?.checkoutStatus === 'completed') return performance.now();
        }
      })();
      const start = performance.now();
      const answer = await fetch(`${url}/api/stripe/webhook/`, { method: 'POST', headers, body });
      if (answer.status !== 200) throw new Error(`webhook answered ${answer.status}`);
      toCredit.push(performance.now() - start);
      toEvent.push((await heard) - start);
    }
    await events.return?.();
    const [row] = await rowsOf<{ balance: string }>(
      t.services.db,
      sql`SELECT balance_micro_usd::text AS balance FROM users WHERE email = ${owner.email}`,
    );
    if (Number(row?.balance) !== payments * 10_000_000) throw new Error(`the balance is ${row?.balance}`);
    return { unit: 'ms', payments, webhookToCredit: stats(toCredit), webhookToLiveEvent: stats(toEvent) };
  } finally {
    await t.close();
    await stripe.close();
  }
}
