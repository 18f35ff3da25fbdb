import { performance } from 'node:perf_hooks';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from './src/db/database';
import { files, stores } from './src/db/schema';
import { indexPassages } from './src/domains/knowledge/index-passages';
import { searchStores } from './src/domains/knowledge/search-stores';
import { termsOf } from './src/domains/knowledge/retrieval/tokenize';
const n = Number(process.env.N ?? 10000);
const dataDir = process.env.KEEP ?? mkdtempSync(path.join(tmpdir(), 'diag-'));
const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
const db = database.db;
const mod = await import('../../bench/knowledge-search.ts');
let storeId: string;
const existing = (await db.select().from(stores))[0];
if (existing && existing.passageCount >= n) storeId = existing.id; else {
  const [store] = await db.insert(stores).values({ ownerEmail: 'k@b', name: 'x' }).returning();
  storeId = store!.id;
  const corpus = JSON.parse((await import('node:fs')).readFileSync('src/testing/fixtures/retrieval/corpus.json','utf8')); const gen = (mod as any).generatedFiles(corpus, n, 1000);
  let t0 = performance.now(); let i = 0;
  for (const g of gen) {
    const [file] = await db.insert(files).values({ ownerEmail: 'k@b', storeId, fileName: g.fileName }).returning();
    const s = performance.now();
    await indexPassages(db, { ownerEmail: 'k@b', storeId, fileId: file!.id, passages: g.passages });
    if (i++ % 10 === 0) console.log('file', i, (performance.now() - s).toFixed(0), 'ms');
  }
  console.log('index total', ((performance.now() - t0) / 1000).toFixed(1));
}
const qs = ['how much does shipping cost', 'can I return perfume I opened', 'washing a down jacket', 'do you ship to Japan', 'is return shipping free', 'how long does delivery of the oak dining table take'];
for (const q of qs) {
  for (let r = 0; r < 3; r++) {
    const s = performance.now();
    await searchStores(db, { ownerEmail: 'k@b', storeIds: [storeId], query: q, k: 10 });
    if (r === 2) console.log(q, (performance.now() - s).toFixed(1));
  }
}
await database.close();
console.log(dataDir);
