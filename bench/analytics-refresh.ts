import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/sql-helpers';
import { refreshCustomerValueAnalytics } from '../apps/server/src/domains/analytics/refresh-customer-value-analytics';
import { seedAnalyticsHistory } from '../apps/server/src/testing/analytics-history';
import { createTestApp } from '../apps/server/src/testing/test-app';
import { createVerifiedUser } from '../apps/server/src/testing/users';
import { percentile } from './server-process';

/**
 * One owner's customer-value refresh (issue 19) on the embedded database, in process: 10,000
 * shared threads of 10 messages (100,000) over the last 180 days, on 3 assistants and 4 channels,
 * every other message a priced bot answer, a third of the visitors known by e-mail (so some come
 * back). Timed: the first refresh (every row written) and re-runs (nothing changed, nothing
 * written). Goal: under 2 s.
 */
export async function analyticsRefresh(threads = 10_000, perThread = 10, runs = 5) {
  const t = await createTestApp();
  try {
    const owner = await createVerifiedUser(t);
    const db = t.services.db;
    const now = new Date();
    const day = (offset: number) => new Date(now.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
    // Three assistants and their shares, with a few hand-written threads; then the bulk in SQL.
    await seedAnalyticsHistory(db, { ownerEmail: owner.email, day1: day(2), day2: day(1) });
    const usage = JSON.stringify({
      provider: 'openai',
      model: 'gpt-4.1-mini',
      inputTokens: 1200,
      outputTokens: 180,
      cachedInputTokens: 400,
      costUsd: 0.000648,
      priced: true,
      pricingAsOf: '2026-11-01',
      citations: [],
    });
    await db.execute(sql`
      WITH shares AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM shared_assistants WHERE owner_email = ${owner.email}),
      made AS (
        INSERT INTO shared_threads (owner_email, shared_assistant_id, origin, anonymous_email, visitor_contact, created_at, last_activity_at)
        SELECT ${owner.email}, (SELECT id FROM shares WHERE n = g % 3), (ARRAY['web', 'widget', 'instagram', 'whatsapp'])[1 + g % 4],
               'visitor-' || g || '@anonymous.aisle',
               CASE WHEN g % 3 = 0 THEN jsonb_build_object('email', 'buyer' || (g % 2000) || '@mail.test') END,
               now() - (g % 180) * interval '1 day' - (g % 24) * interval '1 hour', now() - (g % 180) * interval '1 day'
        FROM generate_series(1, ${threads}) AS g
        RETURNING id, created_at
      )
      INSERT INTO shared_messages (owner_email, shared_thread_id, content, sender_type, is_manual_response, provider, model, llm_usage, created_at)
      SELECT ${owner.email}, made.id, 'message ' || m,
             CASE WHEN m % 2 = 0 THEN 'user' ELSE 'assistant' END,
             m = ${perThread - 1} AND hashtext(made.id::text) % 7 = 0,
             CASE WHEN m % 2 = 1 THEN 'openai' END, CASE WHEN m % 2 = 1 THEN 'gpt-4.1-mini' END,
             CASE WHEN m % 2 = 1 THEN ${usage}::jsonb END,
             made.created_at + m * interval '20 seconds'
      FROM made, generate_series(0, ${perThread - 1}) AS m`);
    const [counts] = await rowsOf<{ messages: number; threads: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM shared_messages WHERE owner_email = ${owner.email}) AS messages,
                 (SELECT count(*)::int FROM shared_threads WHERE owner_email = ${owner.email}) AS threads`,
    );
    await db.execute(sql`ANALYZE`);

    let start = performance.now();
    const first = await refreshCustomerValueAnalytics(db, owner.email, { now });
    const firstMs = performance.now() - start;
    const again: number[] = [];
    let written = 0;
    for (let i = 0; i < runs; i++) {
      start = performance.now();
      written += (await refreshCustomerValueAnalytics(db, owner.email, { now })).written;
      again.push(performance.now() - start);
    }
    if (written !== 0) throw new Error(`re-runs wrote ${written} rows`);
    return {
      unit: 'ms',
      messages: counts?.messages,
      threads: counts?.threads,
      rowsWritten: first.written,
      firstRefresh: Math.round(firstMs),
      rerun: { p50: Math.round(percentile(again, 50)), max: Math.round(Math.max(...again)) },
      goalMs: 2000,
    };
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await analyticsRefresh(), null, 2));
  process.exit(0);
}
