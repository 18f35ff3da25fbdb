import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from './src/db/database';
import { stores } from './src/db/schema';
import { termsOf } from './src/domains/knowledge/retrieval/tokenize';
const database = await openDatabase({ dataDir: path.join('/tmp/diag10k', 'db') });
const db = database.db;
const store = (await db.select().from(stores))[0]!;
const terms = termsOf(process.argv[2] ?? 'how much does shipping cost');
console.log(terms);
const r = await db.execute(sql.raw(`EXPLAIN (ANALYZE, BUFFERS) SELECT c.passage_id, sum(c.idf * c.tf * 1.9 / (c.tf + 0.9 * (1 - 0.4 + 0.4 * c.length / 30))) AS score
      FROM unnest('{${terms.join(',')}}'::text[], '{${terms.map(() => 1).join(',')}}'::float8[]) AS q(term, idf)
      CROSS JOIN unnest('{${store.id}}'::uuid[]) AS s(store_id)
      CROSS JOIN LATERAL (
        SELECT q.idf, pt.passage_id, pt.tf, pt.length FROM passage_terms pt
        WHERE pt.store_id = s.store_id AND pt.term = q.term
        ORDER BY pt.impact DESC, pt.passage_id LIMIT 2000
      ) AS c
      GROUP BY c.passage_id
      ORDER BY score DESC, c.passage_id
      LIMIT 10`));
console.log((r as any).rows.map((x: any) => x['QUERY PLAN']).join('\n'));
const c = await db.execute(sql.raw(`select term, df from store_term_stats where term = any('{${terms.join(',')}}')`));
console.log((c as any).rows);
await database.close();
