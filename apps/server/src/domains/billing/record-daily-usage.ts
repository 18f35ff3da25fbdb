import type { InsertDailyUsageRequest } from '@aisle/contracts/billing';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { dailyUsage, users } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import { AppError } from '../../lib/app-error';
import { toUsd } from '../../lib/money';

/**
 * users/insert-daily-usage/ (staff, and the server's own jobs): usage added to a user's day, for
 * usage recorded outside a generation (an import, a correction). It is usage only: no charge, the
 * balance does not move (that is the ledger's, with an adjustment).
 */
export async function recordDailyUsage(db: Db, input: Required<Omit<InsertDailyUsageRequest, 'day'>> & { day?: string }) {
  const day = input.day ? sql`${input.day}::date` : sql`(now() AT TIME ZONE 'UTC')::date`;
  const [row] = await rowsOf<{ day: string; cost: string; input_tokens: string; output_tokens: string; generations: number }>(
    db,
    sql`
      INSERT INTO ${dailyUsage} (user_id, day, cost_micro_usd, input_tokens, output_tokens, generations)
      SELECT id, ${day}, ${input.cost_micro_usd}::bigint, ${input.input_tokens}::bigint, ${input.output_tokens}::bigint, ${input.generations}
      FROM ${users} WHERE email = ${input.email}
      ON CONFLICT (user_id, day) DO UPDATE SET
        cost_micro_usd = ${dailyUsage}.cost_micro_usd + excluded.cost_micro_usd,
        input_tokens = ${dailyUsage}.input_tokens + excluded.input_tokens,
        output_tokens = ${dailyUsage}.output_tokens + excluded.output_tokens,
        generations = ${dailyUsage}.generations + excluded.generations,
        updated_at = now()
      RETURNING day::text, cost_micro_usd::text AS cost, input_tokens::text, output_tokens::text, generations`,
  );
  if (!row) throw new AppError('NOT_FOUND', 'Not found.');
  return {
    day: row.day,
    cost_usd: toUsd(row.cost),
    input_tokens: Number(row.input_tokens),
    output_tokens: Number(row.output_tokens),
    generations: row.generations,
  };
}
