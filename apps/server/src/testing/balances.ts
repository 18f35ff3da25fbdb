import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { adjustBalance, balanceOf } from '../domains/billing';
import { toMicroUsd, toUsd } from '../lib/money';

/** Gives an owner this USD balance, through the ledger like any real balance change. */
export async function setBalanceUsd(db: Db, ownerEmail: string, usd: number) {
  const change = toMicroUsd(usd) - (await balanceOf(db, ownerEmail));
  await adjustBalance(db, { ownerEmail, kind: 'adjustment', amountMicroUsd: change, idempotencyKey: `test:${randomUUID()}` });
}

/** An owner's balance in USD. */
export async function balanceUsd(db: Db, ownerEmail: string): Promise<number> {
  return toUsd(await balanceOf(db, ownerEmail));
}
