import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTransactions } from '../../db/schema';
import { setBalanceUsd } from '../../testing/balances';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser, type TestUser } from '../../testing/users';
import { balanceOf } from './credit';
import { credit, debit, ledgerKeyFor, refund, stripeRefundedTotal, topUpOwner } from './ledger';

describe('the money API (billing/ledger.ts)', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createVerifiedUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const rowsWithKey = (key: string) => t.services.db.select().from(userTransactions).where(eq(userTransactions.idempotencyKey, key));
  const balance = () => balanceOf(t.services.db, owner.email);

  it('credits once per key: a repeated call writes no second row, leaves the balance and answers the first outcome', async () => {
    await setBalanceUsd(t.services.db, owner.email, 0);
    const key = ledgerKeyFor({ stripeCheckout: 'cs_test_once' });
    const entry = { owner: { userId: owner.id }, kind: 'top_up' as const, amountMicroUsd: 7_000_000, key, reference: 'stripe:pi_once' };
    const first = await credit(t.services.db, entry);
    expect(first).toEqual({
      applied: true,
      userId: owner.id,
      ownerEmail: owner.email,
      amountMicroUsd: 7_000_000,
      balanceMicroUsd: 7_000_000,
    });
    const again = await credit(t.services.db, { ...entry, amountMicroUsd: 9_000_000 });
    expect(again).toEqual({ ...first, applied: false });
    expect(await balance()).toBe(7_000_000);
    expect(await rowsWithKey(key)).toHaveLength(1);
    expect(await topUpOwner(t.services.db, 'stripe:pi_once')).toEqual({ userId: owner.id });
    expect(await topUpOwner(t.services.db, 'stripe:pi_never')).toBeUndefined();
  });

  it('debits once per key, and never below zero: what is left is taken, the row says the rest was written off', async () => {
    const key = ledgerKeyFor({ generation: 'task:clamp-test' });
    const entry = {
      owner: { ownerEmail: owner.email },
      kind: 'generation_charge' as const,
      amountMicroUsd: 10_000_000,
      key,
      description: 'openai:gpt-4o',
      descriptionWhenShort: 'openai:gpt-4o (the rest of the credit)',
    };
    const first = await debit(t.services.db, entry);
    expect(first).toMatchObject({ applied: true, amountMicroUsd: -7_000_000, balanceMicroUsd: 0 });
    expect(await balance()).toBe(0);
    const [row] = await rowsWithKey(key);
    expect(row).toMatchObject({ kind: 'generation_charge', amountMicroUsd: -7_000_000, balanceAfterMicroUsd: 0 });
    expect(row?.description).toBe('openai:gpt-4o (the rest of the credit)');

    // A new top-up, then the same debit again: the key is spent, nothing is taken.
    await credit(t.services.db, { owner: { userId: owner.id }, kind: 'top_up', amountMicroUsd: 1_000_000, key: 'test:clamp-top-up' });
    expect(await debit(t.services.db, entry)).toEqual({ ...first, applied: false });
    expect(await balance()).toBe(1_000_000);
    expect(await rowsWithKey(key)).toHaveLength(1);

    // A debit that fits takes exactly its amount, with the plain description.
    const small = await debit(t.services.db, { ...entry, amountMicroUsd: 250_000, key: ledgerKeyFor({ generation: 'task:small' }) });
    expect(small).toMatchObject({ applied: true, amountMicroUsd: -250_000, balanceMicroUsd: 750_000 });
    expect((await rowsWithKey(ledgerKeyFor({ generation: 'task:small' })))[0]?.description).toBe('openai:gpt-4o');
  });

  it('refunds paid credit as a negative refund row, once per key, taking back no more than is left', async () => {
    await setBalanceUsd(t.services.db, owner.email, 20);
    const partial = ledgerKeyFor({ stripeRefund: 'ch_api_1', refundedTotal: 500 });
    const entry = { owner: { userId: owner.id }, amountMicroUsd: 5_000_000, key: partial, description: 'Refund of $5.00 to the card' };
    expect(await refund(t.services.db, entry)).toMatchObject({ applied: true, amountMicroUsd: -5_000_000, balanceMicroUsd: 15_000_000 });
    expect(await refund(t.services.db, entry)).toMatchObject({ applied: false, amountMicroUsd: -5_000_000, balanceMicroUsd: 15_000_000 });
    expect(await balance()).toBe(15_000_000);
    expect(await rowsWithKey(partial)).toEqual([expect.objectContaining({ kind: 'refund', amountMicroUsd: -5_000_000 })]);
    expect(await stripeRefundedTotal(t.services.db, 'ch_api_1')).toBe(500);

    // The rest of the charge is refunded after the credit was spent down to $2: $2 is taken, not $25.
    await setBalanceUsd(t.services.db, owner.email, 2);
    const rest = ledgerKeyFor({ stripeRefund: 'ch_api_1', refundedTotal: 3000 });
    expect(await refund(t.services.db, { ...entry, amountMicroUsd: 25_000_000, key: rest })).toMatchObject({
      applied: true,
      amountMicroUsd: -2_000_000,
      balanceMicroUsd: 0,
    });
    expect(await balance()).toBe(0);
    expect(await stripeRefundedTotal(t.services.db, 'ch_api_1')).toBe(3000);
    // Another charge's refunds are its own, even one whose id differs where this one has an underscore.
    await refund(t.services.db, { ...entry, key: ledgerKeyFor({ stripeRefund: 'chXapi_1', refundedTotal: 9999 }) });
    expect(await stripeRefundedTotal(t.services.db, 'ch_api_1')).toBe(3000);
    expect(await stripeRefundedTotal(t.services.db, 'chXapi_1')).toBe(9999);
    expect(await stripeRefundedTotal(t.services.db, 'ch_api_')).toBe(0);
  });

  it('answers null for an owner that does not exist, and refuses amounts that are not whole non-negative micro-USD', async () => {
    expect(
      await credit(t.services.db, { owner: { ownerEmail: 'nobody@shop.test' }, kind: 'adjustment', amountMicroUsd: 1, key: 'test:nobody' }),
    ).toBeNull();
    expect(await rowsWithKey('test:nobody')).toHaveLength(0);
    expect(() =>
      debit(t.services.db, { owner: { userId: owner.id }, kind: 'adjustment', amountMicroUsd: -1, key: 'test:negative' }),
    ).toThrow();
    expect(() =>
      credit(t.services.db, { owner: { userId: owner.id }, kind: 'adjustment', amountMicroUsd: 0.5, key: 'test:half' }),
    ).toThrow();
  });
});
