import {
  CUSTOMER_VALUE_ANALYTICS_TYPE,
  DEFAULT_ANALYTICS_TIME_ZONE,
  DEFAULT_HOURLY_COST_USD,
  DEFAULT_MINUTES_PER_CONVERSATION,
} from '@aisle/contracts/analytics';
import { eq, sql } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import type { Db } from '../../db/database';
import { assistants, customerValueAnalytics } from '../../db/schema';
import { rowFromJson, rowsOf } from '../../db/sql-helpers';
import type { EventBus } from '../../lib/event-bus';
import { customerValueFacts } from './customer-value-facts';
import { customerValueRows, type ValueSettings } from './customer-value-rows';

/** The columns a refresh computes; a row whose values all match is left as it is. */
const VALUE_COLUMNS = [
  'period_end',
  'assistant_name',
  'customers_helped',
  'total_interactions',
  'customer_interactions',
  'assistant_responses',
  'estimated_time_saved',
  'estimated_cost_savings',
  'avg_response_time',
  'total_tokens',
  'prompt_tokens',
  'completion_tokens',
  'cache_tokens',
  'actual_cost',
  'prompt_cost',
  'completion_cost',
  'cache_cost',
  'cost_per_customer',
  'cost_per_interaction',
  'model_breakdown',
  'channel_breakdown',
  'peak_hours',
  'avg_messages_per_conversation',
  'returning_customers',
  'new_customers',
  'automation_rate',
  'conversation_completion_rate',
  'growth_trend',
  'customer_growth',
  'interaction_growth',
  'pricing_snapshot',
  'assisted_orders',
  'assisted_revenue',
];
const KEY_COLUMNS = ['owner_email', 'time_window', 'period_start', 'analytics_type', 'aggregation_type', 'assistant_id', 'channel'];

export interface RefreshResult {
  written: number;
  removed: number;
  rows: number;
  refreshedAt: Date;
}

/**
 * Recomputes the owner's customer-value rows (spec §3 CustomerValueAnalytics) for every window's
 * recent periods from the conversations themselves, in one transaction. Idempotent: rows are
 * upserted on their period key and only rewritten when a value changed, so a second run (a retried
 * job, a refresh click after the quiet-thread job) writes nothing; rows of a refreshed period that
 * no longer have data (a deleted assistant's) are removed.
 */
export async function refreshCustomerValueAnalytics(
  db: Db,
  ownerEmail: string,
  options: { now?: Date; settings?: Partial<ValueSettings>; events?: EventBus } = {},
): Promise<RefreshResult> {
  const now = options.now ?? new Date();
  const settings: ValueSettings = {
    minutesPerConversation: DEFAULT_MINUTES_PER_CONVERSATION,
    hourlyCostUsd: DEFAULT_HOURLY_COST_USD,
    timeZone: DEFAULT_ANALYTICS_TIME_ZONE,
    ...options.settings,
  };
  const result = await db.transaction(async (tx) => {
    // The facts are sorted and grouped in memory: Postgres' default 4 MB spilled them to disk.
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    const facts = await customerValueFacts(tx, { ownerEmail, now, timeZone: settings.timeZone });
    const names = await tx
      .select({ id: assistants.id, name: assistants.assistantName })
      .from(assistants)
      .where(eq(assistants.ownerEmail, ownerEmail));
    const rows = customerValueRows(facts, { ownerEmail, settings, assistantNames: new Map(names.map((a) => [a.id, a.name])) });
    const json = JSON.stringify(rows);
    const table = sql`${customerValueAnalytics}`;
    const columns = sql.raw([...KEY_COLUMNS, ...VALUE_COLUMNS].join(', '));
    const current = sql.raw(VALUE_COLUMNS.map((c) => `customer_value_analytics.${c}`).join(', '));
    const incoming = sql.raw(VALUE_COLUMNS.map((c) => `excluded.${c}`).join(', '));
    const written = await rowsOf<Record<string, unknown> & { inserted: boolean }>(
      tx,
      sql`
        INSERT INTO ${table} (${columns}, last_refreshed)
        SELECT ${columns}, ${now.toISOString()}::timestamptz FROM jsonb_populate_recordset(NULL::customer_value_analytics, ${json}::jsonb)
        ON CONFLICT ON CONSTRAINT customer_value_analytics_period_key DO UPDATE
        SET ${sql.raw(VALUE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', '))}, last_refreshed = excluded.last_refreshed, updated_at = now()
        WHERE (${current}) IS DISTINCT FROM (${incoming})
        RETURNING *, (xmax = 0) AS inserted`,
    );
    // Periods are keyed by window and start: everything from each window's oldest refreshed period on.
    const oldest: Record<string, string> = {};
    for (const row of rows) {
      const start = row.period_start as string;
      const window = row.time_window as string;
      if (!oldest[window] || start < (oldest[window] as string)) oldest[window] = start;
    }
    const removed = await rowsOf<{ id: string }>(
      tx,
      sql`
        WITH incoming AS MATERIALIZED (SELECT * FROM jsonb_populate_recordset(NULL::customer_value_analytics, ${json}::jsonb))
        DELETE FROM ${table} c
        USING jsonb_each_text(${JSON.stringify(oldest)}::jsonb) AS w(time_window, since)
        WHERE c.owner_email = ${ownerEmail} AND c.analytics_type = ${CUSTOMER_VALUE_ANALYTICS_TYPE}
          AND c.time_window = w.time_window AND c.period_start >= w.since::timestamptz
          AND NOT EXISTS (
            SELECT 1 FROM incoming r
            WHERE r.time_window = c.time_window AND r.period_start = c.period_start AND r.aggregation_type = c.aggregation_type
              AND r.assistant_id IS NOT DISTINCT FROM c.assistant_id AND r.channel IS NOT DISTINCT FROM c.channel)
        RETURNING c.id`,
    );
    return { written, removed: removed.length, rows: rows.length, refreshedAt: now };
  });
  // After the commit: subscribers (the open dashboard) see each row written or changed.
  const { events } = options;
  if (events) {
    const model = getModel('CustomerValueAnalytics');
    for (const row of result.written)
      publishRow({ events }, model, row.inserted ? 'create' : 'update', rowFromJson(customerValueAnalytics, row));
  }
  return { ...result, written: result.written.length };
}
