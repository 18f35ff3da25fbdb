import { LIMIT_LABELS, limitReachedMessage } from '@aisle/contracts/billing';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { tierTracks, users } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import type { EventBus } from '../../lib/event-bus';
import { toUsd } from '../../lib/money';
import { notifyOwner } from '../notifications';
import { publishAccount } from './account-events';
import type { LimitUse } from './limit-reached';

/**
 * The owner's billing notifications (spec "Notifications"): balance low, balance used up, a limit
 * at 80 % and at 100 %, a payment that failed. Each is sent once per crossing: balances when a
 * charge takes them below the mark, limits once per billing period (the tier track remembers).
 * Sending never fails the work that caused it: problems are logged.
 */
export interface NoticeContext {
  db: Db;
  events: EventBus;
  logger?: { warn(obj: object, msg: string): void };
}

/** Below this the owner is told their balance is low ($1: a few hundred replies of a small model). */
export const LOW_BALANCE_MICRO_USD = 1_000_000;

const usd = (micro: number) => `$${toUsd(micro).toFixed(2)}`;

function send(ctx: NoticeContext, work: () => Promise<unknown>) {
  void work().catch((error: unknown) => ctx.logger?.warn({ err: error }, 'a billing notification could not be sent'));
}

/** Marks a notice sent for this period; false when it already was (or the owner is gone). */
async function claimNotice(db: Db, ownerEmail: string, key: string): Promise<boolean> {
  await db.execute(sql`
    INSERT INTO ${tierTracks} (user_id, period_start, period_end)
    SELECT id, now(), now() + interval '1 month' FROM ${users} WHERE email = ${ownerEmail}
    ON CONFLICT (user_id) DO NOTHING`);
  const claimed = await rowsOf<{ one: number }>(
    db,
    sql`UPDATE ${tierTracks} SET notified = notified || jsonb_build_array(${key}::text)
        WHERE user_id = (SELECT id FROM ${users} WHERE email = ${ownerEmail}) AND NOT (notified ? ${key})
        RETURNING 1 AS one`,
  );
  return claimed.length > 0;
}

/** After something a limit counts was added: a notice at 80 % and at 100 %, once each per period. */
export function noticeLimitUse(ctx: NoticeContext, ownerEmail: string, use: LimitUse) {
  if (use.max <= 0) return;
  const { label, unit } = LIMIT_LABELS[use.limit];
  send(ctx, async () => {
    if (use.used >= use.max) {
      if (!(await claimNotice(ctx.db, ownerEmail, `${use.limit}:100`))) return;
      await notifyOwner({ ...ctx, ownerEmail, title: `${label}: limit reached`, content: limitReachedMessage(use) });
    } else if (use.used >= use.max * 0.8) {
      if (!(await claimNotice(ctx.db, ownerEmail, `${use.limit}:80`))) return;
      const more = use.topTier ? '' : ' Upgrade your plan on the Account page before you run out.';
      await notifyOwner({
        ...ctx,
        ownerEmail,
        title: `${label}: 80% used`,
        content: `You have used ${use.used.toLocaleString('en-US')} of the ${use.max.toLocaleString('en-US')} ${unit(use.max)} your ${use.tierName} plan includes.${more}`,
      });
    }
  });
}

/** What a charge statement reports (`generationCharge(...).outcome`). */
export interface ChargeOutcome {
  allowed: boolean;
  charged: number | string | null;
  balance: number | string | null;
  messages: number | null;
  /** The tier's monthly messages as the turn read them (`Spending`): no notice is due between the marks. */
  messageLimit?: number | null;
}

/** Whether this month's count may be at a notice's mark (80 % or 100 % of the limit); an unknown limit may be. */
const mayBeAtMark = (messages: number, limit: number | null | undefined) =>
  limit == null || messages === limit || messages === Math.ceil(limit * 0.8);

/**
 * After a charge: the owner's live balance, and the notices it crossed into (low, used up, the
 * month's messages at 80 % and 100 %). The tier is read only when a notice may be due: always when
 * the caller does not pass the limit its turn read, otherwise only at a mark.
 */
export function afterCharge(ctx: NoticeContext, ownerEmail: string, outcome: ChargeOutcome | null | undefined) {
  if (!outcome?.allowed) return;
  const charged = Number(outcome.charged ?? 0);
  if (charged > 0 && outcome.balance != null) {
    const after = Number(outcome.balance);
    publishAccount(ctx, { ownerEmail, balanceMicroUsd: after });
    if (after === 0) {
      send(ctx, () =>
        notifyOwner({
          ...ctx,
          ownerEmail,
          title: 'Your credit is used up',
          content: 'Assistants on paid models stop answering until you top up your balance on the Account page.',
        }),
      );
    } else if (after < LOW_BALANCE_MICRO_USD && after + charged >= LOW_BALANCE_MICRO_USD) {
      send(ctx, () =>
        notifyOwner({
          ...ctx,
          ownerEmail,
          title: 'Your balance is low',
          content: `Your credit is down to ${usd(after)}. Top up on the Account page so assistants on paid models keep answering.`,
        }),
      );
    }
  }
  if (outcome.messages != null && mayBeAtMark(outcome.messages, outcome.messageLimit))
    void messageNotice(ctx, ownerEmail, outcome.messages);
}

/** The month's messages reached 80 % or 100 % of the tier's limit with this one. */
async function messageNotice(ctx: NoticeContext, ownerEmail: string, messages: number) {
  try {
    const [row] = await rowsOf<{ max: number; tier_name: string; top_tier: boolean }>(
      ctx.db,
      sql`SELECT coalesce((p.limits ->> 'messagesPerMonth')::int, 0) AS max, coalesce(p.name, u.tier) AS tier_name,
                 coalesce(p.rank, 0) >= (SELECT coalesce(max(rank), 0) FROM tier_plans) AS top_tier
          FROM ${users} u LEFT JOIN LATERAL (
            SELECT * FROM tier_plans WHERE tier = u.tier AND effective_from <= now() ORDER BY version DESC LIMIT 1
          ) p ON true
          WHERE u.email = ${ownerEmail}`,
    );
    if (!row || row.max <= 0) return;
    // Each reply adds one, so the count passes each mark exactly once per period.
    if (messages === row.max || messages === Math.ceil(row.max * 0.8)) {
      noticeLimitUse(ctx, ownerEmail, {
        limit: 'messagesPerMonth',
        used: messages,
        max: row.max,
        tierName: row.tier_name,
        topTier: row.top_tier,
      });
    }
  } catch (error) {
    ctx.logger?.warn({ err: error }, 'a billing notification could not be sent');
  }
}

/** A subscription payment failed at the provider. */
export function noticePaymentFailed(ctx: NoticeContext, input: { ownerEmail: string; provider: string; amountUsd: number | null }) {
  const amount = input.amountUsd != null ? ` of $${input.amountUsd.toFixed(2)}` : '';
  send(ctx, () =>
    notifyOwner({
      ...ctx,
      ownerEmail: input.ownerEmail,
      title: 'A payment failed',
      content: `Your subscription payment${amount} did not go through. Update your payment method on the Account page (Manage subscription) to keep your plan.`,
    }),
  );
}
