import { ANALYTICS_PERIODS } from '@aisle/contracts/analytics';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { orders, sharedAssistants, sharedMessages, sharedThreads, tasks } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';

/**
 * The owner's customer conversations summed per window and period, by the database (GROUP BY):
 * a refresh reads a few thousand small rows whatever the history holds. Every part is scoped to
 * the owner by `owner_email`.
 *
 * A shared message is one interaction: the visitor's (`user`), the assistant's (`bot`) or the
 * shop's hand-written reply (`manual`). What a generation cost comes from its recorded usage: the
 * reply's `llmUsage`, or the Task kept when a reply was held back because the shop took over.
 */

/** Message-level sums per period, assistant, channel and model: additive, rolled up in JS. */
export interface MessageFacts {
  time_window: string;
  period_ms: number;
  assistant_id: string;
  origin: string;
  provider: string | null;
  model: string | null;
  user_messages: number;
  bot_messages: number;
  manual_messages: number;
  wait_seconds: number;
  waits: number;
  input_tokens: number;
  output_tokens: number;
  cached_tokens: number;
  cost: number;
}

/** Customer messages per hour of the day (owner's time zone). */
export interface HourFacts {
  time_window: string;
  period_ms: number;
  assistant_id: string;
  origin: string;
  hour: number;
  messages: number;
}

/** Conversation-level counts (distinct visitors are not additive, so grouped here per aggregate). */
export interface ThreadFacts {
  time_window: string;
  period_ms: number;
  /** Set in the per-assistant rows only. */
  assistant_id: string | null;
  /** Set in the per-channel rows only. */
  origin: string | null;
  conversations: number;
  answered: number;
  automated: number;
  completed: number;
  messages: number;
  helped: number;
  new_customers: number;
  returning_customers: number;
}

/** Orders joined to a conversation, per period of the order, assistant and channel (additive). */
export interface OrderFacts {
  time_window: string;
  period_ms: number;
  assistant_id: string;
  origin: string;
  orders: number;
  revenue: number;
  currency: string | null;
}

export interface Period {
  time_window: string;
  period_ms: number;
  end_ms: number;
}

export interface CustomerValueFacts {
  periods: Period[];
  messages: MessageFacts[];
  hours: HourFacts[];
  threads: ThreadFacts[];
  orders: OrderFacts[];
}

const epochMs = (local: string, tz: string) => `(extract(epoch FROM (${local}) AT TIME ZONE ${tz}) * 1000)::float8`;

interface FactsInput {
  ownerEmail: string;
  now: Date;
  timeZone: string;
}

export async function customerValueFacts(db: DbOrTx, input: FactsInput): Promise<CustomerValueFacts> {
  const [row] = await rowsOf<{ facts: CustomerValueFacts }>(db, customerValueFactsSql(input));
  if (!row) throw new Error('the analytics facts query returned nothing');
  return row.facts;
}

/** The one statement, exported so its plan can be read with EXPLAIN when tuning it. */
export function customerValueFactsSql(input: FactsInput) {
  const { ownerEmail, timeZone } = input;
  const now = input.now.toISOString();
  const tz = sql`${timeZone}::text`;
  // Each window's periods: the current one, the ones the dashboard shows, and one more before them
  // (the growth of the oldest shown is measured against it).
  const windows = sql.raw(
    `(VALUES ${Object.entries(ANALYTICS_PERIODS)
      .map(([name, n]) => `('${name}', interval '1 ${name}', ${n})`)
      .join(', ')}) AS w(name, step, n)`,
  );
  const ms = (local: string) => sql.raw(epochMs(local, 'tz.name'));
  return sql`
      WITH tz AS (SELECT ${tz} AS name),
      win AS (
        SELECT w.name, w.step, w.n, date_trunc(w.name, ${now}::timestamptz AT TIME ZONE tz.name) - w.step * (w.n - 1) AS first_local
        FROM ${windows}, tz
      ),
      periods AS (
        SELECT win.name AS time_window, g AS local_start, g + win.step AS local_end
        FROM win, generate_series(win.first_local - win.step, win.first_local + win.step * (win.n - 1), win.step) AS g
      ),
      th AS (
        SELECT t.id, coalesce(t.origin, 'web') AS origin, s.original_assistant_id AS assistant_id,
               lower(t.visitor_contact->>'email') AS contact_email, t.created_at AS started_at, t.last_activity_at AS last_at,
               coalesce(lower(t.visitor_contact->>'email'), t.channel_account_id::text || ':' || t.channel_user_id, t.anonymous_email, t.id::text) AS visitor
        FROM ${sharedThreads} t JOIN ${sharedAssistants} s ON s.id = t.shared_assistant_id
        WHERE t.owner_email = ${ownerEmail}
      ),
      -- Every customer message and held-back reply once, numbers pulled out of the usage JSON.
      all_msg AS (
        SELECT m.shared_thread_id AS thread_id, m.created_at AS at, date_trunc('day', m.created_at AT TIME ZONE tz.name) AS local_day,
               CASE WHEN m.sender_type = 'user' THEN 'user' WHEN m.is_manual_response THEN 'manual' ELSE 'bot' END AS kind,
               CASE WHEN m.sender_type <> 'user' AND lag(m.sender_type) OVER w = 'user'
                    THEN extract(epoch FROM m.created_at - lag(m.created_at) OVER w) END AS wait,
               coalesce(m.llm_usage->>'provider', m.provider) AS provider, coalesce(m.llm_usage->>'model', m.model) AS model,
               (m.llm_usage->>'inputTokens')::float8 AS input_tokens, (m.llm_usage->>'outputTokens')::float8 AS output_tokens,
               (m.llm_usage->>'cachedInputTokens')::float8 AS cached_tokens, (m.llm_usage->>'costUsd')::numeric AS cost
        FROM ${sharedMessages} m, tz
        WHERE m.owner_email = ${ownerEmail} AND m.created_at < ${now}::timestamptz
        WINDOW w AS (PARTITION BY m.shared_thread_id ORDER BY m.created_at, m.id)
        UNION ALL
        SELECT (k.result->>'sharedThreadId')::uuid, k.created_at, date_trunc('day', k.created_at AT TIME ZONE tz.name), 'discarded', NULL,
               coalesce(k.llm_usage->>'provider', k.provider), coalesce(k.llm_usage->>'model', k.model),
               (k.llm_usage->>'inputTokens')::float8, (k.llm_usage->>'outputTokens')::float8,
               (k.llm_usage->>'cachedInputTokens')::float8, (k.llm_usage->>'costUsd')::numeric
        FROM ${tasks} k, tz
        WHERE k.owner_email = ${ownerEmail} AND k.created_at < ${now}::timestamptz AND k.result ? 'sharedThreadId' AND k.llm_usage IS NOT NULL
      ),
      first_seen AS (
        SELECT th.visitor, min(all_msg.at) AS first_at FROM all_msg JOIN th ON th.id = all_msg.thread_id
        WHERE all_msg.kind <> 'discarded' GROUP BY th.visitor
      ),
      -- Summed per local day first (a few rows per thread), then the days into each window's
      -- periods: the messages are read once, not once per window.
      day_msg AS NOT MATERIALIZED (
        SELECT * FROM all_msg WHERE local_day >= (SELECT min(first_local - step) FROM win)
      ),
      model_days AS (
        SELECT local_day, th.assistant_id, th.origin, provider, model,
               count(*) FILTER (WHERE kind = 'user') AS user_messages,
               count(*) FILTER (WHERE kind = 'bot') AS bot_messages,
               count(*) FILTER (WHERE kind = 'manual') AS manual_messages,
               coalesce(sum(wait), 0) AS wait_seconds, count(wait) AS waits,
               coalesce(sum(input_tokens), 0) AS input_tokens, coalesce(sum(output_tokens), 0) AS output_tokens,
               coalesce(sum(cached_tokens), 0) AS cached_tokens, coalesce(sum(cost), 0) AS cost
        FROM day_msg JOIN th ON th.id = day_msg.thread_id
        GROUP BY local_day, th.assistant_id, th.origin, provider, model
      ),
      hour_days AS (
        SELECT local_day, th.assistant_id, th.origin, extract(hour FROM day_msg.at AT TIME ZONE tz.name)::int AS hour, count(*) AS messages
        FROM day_msg JOIN th ON th.id = day_msg.thread_id, tz
        WHERE kind = 'user'
        GROUP BY local_day, th.assistant_id, th.origin, 4
      ),
      thread_days AS (
        SELECT local_day, thread_id,
               bool_or(kind = 'bot') AS has_bot, bool_or(kind = 'manual') AS has_manual,
               max(at) FILTER (WHERE kind <> 'discarded') AS last_at,
               (array_agg(kind ORDER BY at DESC) FILTER (WHERE kind <> 'discarded'))[1] AS last_kind,
               count(*) FILTER (WHERE kind <> 'discarded') AS messages
        FROM day_msg GROUP BY local_day, thread_id
      ),
      message_facts AS (
        SELECT win.name AS time_window, ${ms('date_trunc(win.name, d.local_day)')} AS period_ms, d.assistant_id, d.origin, d.provider, d.model,
               sum(user_messages)::int AS user_messages, sum(bot_messages)::int AS bot_messages, sum(manual_messages)::int AS manual_messages,
               sum(wait_seconds)::float8 AS wait_seconds, sum(waits)::int AS waits,
               sum(d.input_tokens)::float8 AS input_tokens, sum(d.output_tokens)::float8 AS output_tokens,
               sum(d.cached_tokens)::float8 AS cached_tokens, sum(d.cost)::float8 AS cost
        FROM model_days d, win, tz
        WHERE d.local_day >= win.first_local - win.step
        GROUP BY win.name, date_trunc(win.name, d.local_day), d.assistant_id, d.origin, d.provider, d.model, tz.name
      ),
      hour_facts AS (
        SELECT win.name AS time_window, ${ms('date_trunc(win.name, d.local_day)')} AS period_ms, d.assistant_id, d.origin, d.hour,
               sum(d.messages)::int AS messages
        FROM hour_days d, win, tz
        WHERE d.local_day >= win.first_local - win.step
        GROUP BY win.name, date_trunc(win.name, d.local_day), d.assistant_id, d.origin, d.hour, tz.name
      ),
      thread_periods AS (
        SELECT win.name AS time_window, date_trunc(win.name, d.local_day) AS local_start, d.thread_id,
               bool_or(has_bot) AS has_bot, bool_or(has_manual) AS has_manual,
               (array_agg(last_kind ORDER BY last_at DESC NULLS LAST))[1] AS last_kind,
               sum(messages) AS messages
        FROM thread_days d, win
        WHERE d.local_day >= win.first_local - win.step
        GROUP BY win.name, date_trunc(win.name, d.local_day), d.thread_id
      ),
      thread_facts AS (
        SELECT tp.time_window, ${ms('tp.local_start')} AS period_ms,
               CASE WHEN GROUPING(th.assistant_id) = 0 THEN th.assistant_id END AS assistant_id,
               CASE WHEN GROUPING(th.origin) = 0 THEN th.origin END AS origin,
               count(*) FILTER (WHERE tp.messages > 0)::int AS conversations,
               count(*) FILTER (WHERE has_bot OR has_manual)::int AS answered,
               count(*) FILTER (WHERE has_bot AND NOT has_manual)::int AS automated,
               count(*) FILTER (WHERE last_kind IN ('bot', 'manual'))::int AS completed,
               coalesce(sum(tp.messages), 0)::int AS messages,
               count(DISTINCT th.visitor) FILTER (WHERE has_bot)::int AS helped,
               count(DISTINCT th.visitor) FILTER (WHERE tp.messages > 0 AND fs.first_at >= tp.local_start AT TIME ZONE tz.name)::int AS new_customers,
               count(DISTINCT th.visitor) FILTER (WHERE tp.messages > 0 AND fs.first_at < tp.local_start AT TIME ZONE tz.name)::int AS returning_customers
        FROM thread_periods tp JOIN th ON th.id = tp.thread_id JOIN first_seen fs ON fs.visitor = th.visitor, tz
        GROUP BY tp.time_window, tp.local_start, tz.name, GROUPING SETS ((), (th.assistant_id), (th.origin))
      ),
      -- An order is the thread's whose id the cart carried (the widget's attribute), else the latest
      -- thread of the same contact e-mail that was active in the 7 days before it.
      assisted AS (
        SELECT DISTINCT ON (o.id) o.order_created_at AS at, o.total_price, o.currency, th.assistant_id, th.origin
        FROM ${orders} o
        CROSS JOIN LATERAL (
          SELECT (SELECT a->>'value' FROM jsonb_array_elements(CASE WHEN jsonb_typeof(o.attributes) = 'array' THEN o.attributes ELSE '[]' END) a
                  WHERE a->>'name' = 'aisle_thread' LIMIT 1) AS thread_attribute
        ) cart
        JOIN th ON th.id::text = cart.thread_attribute
                OR (o.customer_email IS NOT NULL AND o.customer_email = th.contact_email
                    AND o.order_created_at BETWEEN th.started_at AND th.last_at + interval '7 days')
        WHERE o.owner_email = ${ownerEmail} AND o.order_created_at < ${now}::timestamptz
        ORDER BY o.id, (th.id::text = cart.thread_attribute) IS NOT TRUE, th.last_at DESC
      ),
      order_facts AS (
        SELECT win.name AS time_window, ${ms('date_trunc(win.name, assisted.at AT TIME ZONE tz.name)')} AS period_ms, assisted.assistant_id, assisted.origin,
               count(*)::int AS orders, coalesce(sum(CASE WHEN assisted.total_price ~ '^-?[0-9]+([.][0-9]+)?$' THEN assisted.total_price::numeric END), 0)::float8 AS revenue,
               min(assisted.currency) AS currency
        FROM assisted, win, tz
        WHERE assisted.at >= (win.first_local - win.step) AT TIME ZONE tz.name
        GROUP BY win.name, date_trunc(win.name, assisted.at AT TIME ZONE tz.name), assisted.assistant_id, assisted.origin, tz.name
      )
      SELECT json_build_object(
        'periods', (SELECT coalesce(json_agg(json_build_object('time_window', time_window, 'period_ms', ${ms('local_start')}, 'end_ms', ${ms('local_end')})), '[]')
                    FROM periods, tz),
        'messages', (SELECT coalesce(json_agg(message_facts), '[]') FROM message_facts),
        'hours', (SELECT coalesce(json_agg(hour_facts), '[]') FROM hour_facts),
        'threads', (SELECT coalesce(json_agg(thread_facts), '[]') FROM thread_facts),
        'orders', (SELECT coalesce(json_agg(order_facts), '[]') FROM order_facts)
      ) AS facts`;
}
