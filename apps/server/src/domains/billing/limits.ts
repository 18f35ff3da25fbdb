import { LIMIT_NAMES, type LimitName } from '@aisle/contracts/billing';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { assistants, files, functions, messagingAccounts, stores, tierTracks, users } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import { AppError } from '../../lib/app-error';
import type { EventBus } from '../../lib/event-bus';
import { noticeLimitUse } from './billing-notices';
import { type LimitUse, limitReached } from './limit-reached';

import { countInPeriodSql, usedInPeriodSql } from './tier-periods';
import { currentTierPlansSql, tierLimitSql } from './tiers';

/**
 * Tier limits, enforced here and nowhere else (DESIGN "Money": checked in one place, refused with a
 * message that names the limit). Stored things are counted where they live; what a period counts
 * (messages, wizard runs) is in the tier track. Storage is counted in bytes against MB × 2^20.
 */
const MEGABYTE = 1024 * 1024;

/** How much of a limit the owner uses now, as an SQL number (stored megabytes in bytes). */
function usedSql(limit: LimitName, userId: SQL, ownerEmail: SQL): SQL {
  switch (limit) {
    case 'assistants':
      return sql`(SELECT count(*) FROM ${assistants} WHERE owner_email = ${ownerEmail})`;
    case 'knowledgeStores':
      return sql`(SELECT count(*) FROM ${stores} WHERE owner_email = ${ownerEmail})`;
    case 'storedMegabytes':
      return sql`(SELECT coalesce(sum(size), 0) FROM ${files} WHERE owner_email = ${ownerEmail})`;
    case 'functions':
      return sql`(SELECT count(*) FROM ${functions} WHERE owner_email = ${ownerEmail})`;
    case 'channels':
      // Connected accounts: one that answers. Listed-but-not-chosen and disconnected ones take no place.
      return sql`(SELECT count(*) FROM ${messagingAccounts} WHERE owner_email = ${ownerEmail} AND status = 'connected')`;
    case 'messagesPerMonth':
      return usedInPeriodSql(userId, 'messages');
    case 'wizardRuns':
      return usedInPeriodSql(userId, 'wizard_runs');
  }
}

const scale = (limit: LimitName) => (limit === 'storedMegabytes' ? MEGABYTE : 1);

/**
 * Holds the owner's account row until the transaction ends: creations counted by one limit take
 * turns. Its own statement, so the count read after it sees every creation committed before.
 */
async function lockOwner(tx: DbOrTx, ownerEmail: string) {
  await tx.execute(sql`SELECT 1 FROM ${users} WHERE email = ${ownerEmail} FOR UPDATE`);
}

/** The owner's account row with what `limit` allows and uses. */
async function readLimit(db: DbOrTx, ownerEmail: string, limit: LimitName) {
  const [row] = await rowsOf<{ user_id: string; used: string; max: number; tier_name: string; top_tier: boolean }>(
    db,
    sql`
      SELECT u.id AS user_id, ${usedSql(limit, sql`u.id`, sql`u.email`)}::text AS used, ${tierLimitSql(sql`u.tier`, limit)} AS max,
             coalesce((SELECT name FROM ${currentTierPlansSql} plan WHERE plan.tier = u.tier), u.tier) AS tier_name,
             coalesce((SELECT rank FROM ${currentTierPlansSql} plan WHERE plan.tier = u.tier), 0)
               >= (SELECT coalesce(max(rank), 0) FROM ${currentTierPlansSql} plan) AS top_tier
      FROM ${users} u WHERE u.email = ${ownerEmail}`,
  );
  return row;
}

export interface LimitContext {
  db: Db;
  events: EventBus;
}

/**
 * Creates something a tier limit counts, refusing it (403, the limit's message) when it would pass
 * the limit. The check and `create` run in one transaction holding the owner's account row, so two
 * creations at once cannot both take the last place. `adding` is how much it adds (bytes for
 * storage). Once created, the owner is told when the limit is at 80 % or reached.
 */
export async function withinLimit<T>(
  ctx: LimitContext,
  input: { ownerEmail: string; limit: LimitName; adding?: number },
  create: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  const adding = input.adding ?? 1;
  const { result, use } = await ctx.db.transaction(async (tx) => {
    await lockOwner(tx, input.ownerEmail);
    const row = await readLimit(tx, input.ownerEmail, input.limit);
    // An unknown owner (a row an operator removed mid-request) is left to the creation to refuse.
    if (!row) return { result: await create(tx), use: null };
    const used = Number(row.used);
    const allowed = row.max * scale(input.limit);
    const use: LimitUse = { limit: input.limit, used: 0, max: row.max, tierName: row.tier_name, topTier: row.top_tier };
    if (used + adding > allowed) throw limitReached(use);
    return { result: await create(tx), use: { ...use, used: (used + adding) / scale(input.limit) } };
  });
  if (use) noticeLimitUse(ctx, input.ownerEmail, use);
  return result;
}

/** Refuses (403) when the owner has no room left for `adding` more of a limit; nothing is locked. */
export async function requireWithinLimit(db: DbOrTx, input: { ownerEmail: string; limit: LimitName; adding?: number }): Promise<void> {
  const row = await readLimit(db, input.ownerEmail, input.limit);
  if (!row) return;
  if (Number(row.used) + (input.adding ?? 1) > row.max * scale(input.limit)) {
    throw limitReached({ limit: input.limit, max: row.max, tierName: row.tier_name, topTier: row.top_tier });
  }
}

/**
 * One setup-wizard run counted against the tier's wizard runs for this period, or the 403 naming
 * the limit when they are used up: the check and the count hold the owner's account row, so
 * concurrent starts cannot pass the limit. The wizard counts a run where it starts one
 * (POST wizard/start-process/); there is no other counter of wizard runs.
 */
export async function countWizardRun(ctx: LimitContext, ownerEmail: string): Promise<LimitUse> {
  const use = await ctx.db.transaction(async (tx) => {
    await lockOwner(tx, ownerEmail);
    const row = await readLimit(tx, ownerEmail, 'wizardRuns');
    if (!row) throw new AppError('NOT_FOUND', 'Not found.');
    const current: LimitUse = { limit: 'wizardRuns', used: Number(row.used), max: row.max, tierName: row.tier_name, topTier: row.top_tier };
    if (current.used + 1 > current.max) throw limitReached(current);
    await tx.execute(sql`WITH counted AS (${countInPeriodSql({ ownerEmail, counter: 'wizard_runs' })}) SELECT 1`);
    return { ...current, used: current.used + 1 };
  });
  noticeLimitUse(ctx, ownerEmail, use);
  return use;
}

/**
 * Gives back a run `countWizardRun` counted for a start that then started nothing (a run was
 * already going). Only this period's count is touched, and never below zero.
 */
export async function uncountWizardRun(db: DbOrTx, ownerEmail: string): Promise<void> {
  await db.execute(sql`
    UPDATE ${tierTracks} SET wizard_runs = wizard_runs - 1, updated_at = now()
    WHERE user_id = (SELECT id FROM ${users} WHERE email = ${ownerEmail}) AND period_end > now() AND wizard_runs > 0`);
}

/** How much of one limit the owner uses now (in the limit's unit), against what the tier allows; null for an unknown owner. */
export async function limitUse(db: DbOrTx, ownerEmail: string, limit: LimitName): Promise<LimitUse | null> {
  const row = await readLimit(db, ownerEmail, limit);
  if (!row) return null;
  return { limit, used: Number(row.used) / scale(limit), max: row.max, tierName: row.tier_name, topTier: row.top_tier };
}

/** Every limit of the owner's tier with what they use of it now (users/tier-track/). */
export async function limitUses(db: DbOrTx, ownerEmail: string): Promise<LimitUse[]> {
  const columns = LIMIT_NAMES.map(
    (limit) => sql`${usedSql(limit, sql`u.id`, sql`u.email`)}::text AS ${sql.identifier(`used_${limit}`)},
                   ${tierLimitSql(sql`u.tier`, limit)} AS ${sql.identifier(`max_${limit}`)}`,
  );
  const [row] = await rowsOf<Record<string, string | number | boolean>>(
    db,
    sql`
      SELECT ${sql.join(columns, sql`, `)},
             coalesce((SELECT name FROM ${currentTierPlansSql} plan WHERE plan.tier = u.tier), u.tier) AS tier_name,
             coalesce((SELECT rank FROM ${currentTierPlansSql} plan WHERE plan.tier = u.tier), 0)
               >= (SELECT coalesce(max(rank), 0) FROM ${currentTierPlansSql} plan) AS top_tier
      FROM ${users} u WHERE u.email = ${ownerEmail}`,
  );
  if (!row) return [];
  return LIMIT_NAMES.map((limit) => ({
    limit,
    used: Math.round((Number(row[`used_${limit}`]) / scale(limit)) * 100) / 100,
    max: Number(row[`max_${limit}`]),
    tierName: String(row.tier_name),
    topTier: Boolean(row.top_tier),
  }));
}
