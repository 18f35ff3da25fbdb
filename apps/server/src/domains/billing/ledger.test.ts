import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyUsage, tasks, users, userTransactions } from '../../db/schema';
import { balanceUsd, setBalanceUsd } from '../../testing/balances';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser, type TestUser } from '../../testing/users';
import { adjustBalance } from './adjust-balance';
import { chargeGeneration } from './charge-generation';
import { balanceOf, canSpend } from './credit';
import { generationUsage } from './generation-usage';

/** A gpt-4o-mini generation's usage: 1,000 input and 500 output tokens cost 450 micro-USD. */
const paidUsage = () => generationUsage('openai:gpt-4o-mini', { inputTokens: 1000, outputTokens: 500 } as never);

describe('the ledger (domains/billing)', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createVerifiedUser(t);
    other = await createVerifiedUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ledgerOf = (user: TestUser) =>
    t.services.db.select().from(userTransactions).where(eq(userTransactions.userId, user.id)).orderBy(userTransactions.createdAt);

  it('charges a generation exactly: a Task, one ledger row with the balance it left, and the day’s usage', async () => {
    await setBalanceUsd(t.services.db, owner.email, 1);
    const usage = paidUsage();
    expect(usage.costUsd).toBe(0.00045);
    const taskId = await t.services.db.transaction((tx) =>
      chargeGeneration(tx, { ownerEmail: owner.email, type: 'function_fix', result: { ok: true }, usage }),
    );

    expect(await balanceOf(t.services.db, owner.email)).toBe(1_000_000 - 450);
    const charge = (await ledgerOf(owner)).at(-1);
    expect(charge).toMatchObject({
      kind: 'generation_charge',
      amountMicroUsd: -450,
      balanceAfterMicroUsd: 999_550,
      reference: `task:${taskId}`,
      idempotencyKey: `generation:task:${taskId}`,
    });
    const [task] = await t.services.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(task).toMatchObject({ type: 'function_fix', provider: 'openai', model: 'gpt-4o-mini' });
    const [day] = await t.services.db.select().from(dailyUsage).where(eq(dailyUsage.userId, owner.id));
    expect(day).toMatchObject({ costMicroUsd: 450, inputTokens: 1000, outputTokens: 500, generations: 1 });
    // The users API shows the same balance in USD.
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${owner.id}/`, headers: { authorization: `Bearer ${owner.access}` } });
    expect(res.json()).toMatchObject({ available_usd: 0.99955 });
  });

  it('explains every balance: the ledger’s amounts add up to it', async () => {
    const rows = await ledgerOf(owner);
    const sum = rows.reduce((total, row) => total + row.amountMicroUsd, 0);
    expect(sum).toBe(await balanceOf(t.services.db, owner.email));
    expect(rows.at(-1)?.balanceAfterMicroUsd).toBe(sum);
  });

  it('never charges a free generation, but counts it as usage', async () => {
    const before = (await ledgerOf(other)).length;
    await chargeGeneration(t.services.db, {
      ownerEmail: other.email,
      type: 'thread_summary',
      result: null,
      usage: generationUsage('local:extractive', { inputTokens: 10, outputTokens: 5 } as never),
    });
    expect(await ledgerOf(other)).toHaveLength(before);
    expect(await balanceOf(t.services.db, other.email)).toBe(0);
    const [day] = await t.services.db.select().from(dailyUsage).where(eq(dailyUsage.userId, other.id));
    expect(day).toMatchObject({ costMicroUsd: 0, generations: 1, inputTokens: 10 });
  });

  it('keeps every concurrent charge: 25 at once leave the balance 25 charges lower, each row with its own balance', async () => {
    await setBalanceUsd(t.services.db, owner.email, 2);
    const before = (await ledgerOf(owner)).length;
    await Promise.all(
      Array.from({ length: 25 }, () =>
        t.services.db.transaction((tx) => chargeGeneration(tx, { ownerEmail: owner.email, type: 'x', result: null, usage: paidUsage() })),
      ),
    );
    expect(await balanceOf(t.services.db, owner.email)).toBe(2_000_000 - 25 * 450);
    const charges = (await ledgerOf(owner)).slice(before);
    expect(charges).toHaveLength(25);
    // Each charge saw the balance the previous one left: the balances after are all different.
    expect(new Set(charges.map((row) => row.balanceAfterMicroUsd)).size).toBe(25);
    expect(Math.min(...charges.map((row) => row.balanceAfterMicroUsd))).toBe(2_000_000 - 25 * 450);
  });

  it('applies a top-up once, however often it is replayed', async () => {
    const start = await balanceOf(t.services.db, other.email);
    const topUp = { ownerEmail: other.email, kind: 'top_up' as const, amountMicroUsd: 5_000_000, idempotencyKey: 'payment:pi_123' };
    expect(await adjustBalance(t.services.db, topUp)).toBe(start + 5_000_000);
    expect(await adjustBalance(t.services.db, topUp)).toBeNull();
    expect(await balanceUsd(t.services.db, other.email)).toBe((start + 5_000_000) / 1_000_000);
    expect((await ledgerOf(other)).filter((row) => row.idempotencyKey === 'payment:pi_123')).toHaveLength(1);
  });

  it('lets a paid model spend only with credit; the local model always', async () => {
    expect(canSpend('openai:gpt-4o-mini', 0)).toBe(false);
    expect(canSpend('openai:gpt-4o-mini', 1)).toBe(true);
    expect(canSpend('local:extractive', 0)).toBe(true);
    // A self-hosted model the pricing table does not know is free.
    expect(canSpend('openai:llama3.1:8b', 0)).toBe(true);
  });

  it('touches no one else’s balance', async () => {
    const [row] = await t.services.db.select({ balance: users.balanceMicroUsd }).from(users).where(eq(users.email, other.email));
    const charged = await t.services.db.execute(
      sql`SELECT count(*)::int AS n FROM user_transactions WHERE user_id = ${other.id} AND kind = 'generation_charge'`,
    );
    expect((charged as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    expect(row?.balance).toBe(await balanceOf(t.services.db, other.email));
  });
});

describe('the ledger migration', () => {
  it('moves each balance to micro-USD exactly and opens the ledger with it', async () => {
    const folder = fileURLToPath(new URL('../../db/migrations', import.meta.url));
    const files = readdirSync(folder)
      .filter((name) => name.endsWith('.sql'))
      .sort();
    const db = await PGlite.create({ extensions: { vector } });
    try {
      const run = async (name: string) => db.exec(readFileSync(`${folder}/${name}`, 'utf8').replaceAll('--> statement-breakpoint', ''));
      const ledger = files.findIndex((name) => name.includes('billing_ledger'));
      await db.exec('CREATE EXTENSION IF NOT EXISTS vector');
      for (const name of files.slice(0, ledger)) await run(name);
      await db.exec(`INSERT INTO users (email, password_hash, available_usd) VALUES
        ('rich@shop.test', 'x', 12.345678), ('none@shop.test', 'x', 0), ('tiny@shop.test', 'x', 0.000001)`);
      for (const name of files.slice(ledger)) await run(name);
      const balances = await db.query<{ email: string; balance: string; opening: string | null }>(
        `SELECT email, balance_micro_usd::text AS balance,
                (SELECT amount_micro_usd::text FROM user_transactions t WHERE t.user_id = users.id) AS opening
         FROM users ORDER BY email`,
      );
      expect(balances.rows).toEqual([
        { email: 'none@shop.test', balance: '0', opening: null },
        { email: 'rich@shop.test', balance: '12345678', opening: '12345678' },
        { email: 'tiny@shop.test', balance: '1', opening: '1' },
      ]);
    } finally {
      await db.close();
    }
  });
});
