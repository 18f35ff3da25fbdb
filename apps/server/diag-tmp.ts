import { readFileSync } from 'node:fs';
import { openDatabase } from './src/db/database';
import { files, stores } from './src/db/schema';
import { indexPassages } from './src/domains/knowledge/index-passages';
import { searchStores } from './src/domains/knowledge/search-stores';
import { ndcgAtK, recallAtK } from './src/testing/retrieval-metrics';
const corpus = JSON.parse(readFileSync('src/testing/fixtures/retrieval/corpus.json', 'utf8'));
const questions = JSON.parse(readFileSync('src/testing/fixtures/retrieval/questions.json', 'utf8'));
const database = await openDatabase({});
const db = database.db;
const [store] = await db.insert(stores).values({ ownerEmail: 'a@b.c', name: 'x' }).returning();
const map = new Map<string, string>();
for (const [fileName, list] of Map.groupBy(corpus as any[], (p: any) => p.file)) {
  const [file] = await db.insert(files).values({ ownerEmail: 'a@b.c', storeId: store!.id, fileName }).returning();
  const { passageIds } = await indexPassages(db, { ownerEmail: 'a@b.c', storeId: store!.id, fileId: file!.id, passages: list.map((p: any, ordinal: number) => ({ ordinal, heading: p.heading, text: p.text, startOffset: 0, endOffset: 0 })) });
  passageIds.forEach((id, i) => map.set(id, list[i].id));
}
let n = 0, r = 0;
for (const q of questions) {
  const { results } = await searchStores(db, { ownerEmail: 'a@b.c', storeIds: [store!.id], query: q.question, k: 10 });
  const ranked = results.map((h) => map.get(h.passageId)!);
  const rel = new Map<string, number>(q.relevant.map((id: string) => [id, q.graded?.[id] ?? 1]));
  const nd = ndcgAtK(ranked, rel, 10); n += nd; r += recallAtK(ranked, rel, 5);
  if (nd < 0.8) console.log(nd.toFixed(2), q.question, JSON.stringify(q.graded), '→', ranked.slice(0, 5).join(' '));
}
console.log('ndcg', n / questions.length, 'recall5', r / questions.length);
await database.close();
