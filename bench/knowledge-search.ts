import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../apps/server/src/db/database';
import { files, stores } from '../apps/server/src/db/schema';
import { indexPassages, type PassageInput } from '../apps/server/src/domains/knowledge/index-passages';
import { searchStores } from '../apps/server/src/domains/knowledge/retrieval/search-stores';
import { type FixturePassage, loadRetrievalFixture } from '../apps/server/src/testing/retrieval-fixture';
import { seededRandom } from './seeded-random';
import { percentile } from './server-process';

/**
 * Lexical knowledge search at scale: 100,000 passages in one store on the embedded PGlite on
 * disk (a fresh temporary data directory, the same settings the server uses), then ≥300 shopper
 * questions. The domain functions are called in-process (no HTTP), so the numbers are indexing
 * and SQL time alone. Passages recombine the labelled fixture's sentences
 * (apps/server/src/testing/fixtures/retrieval) with varied product names, so term frequencies
 * look like a real shop's. Peak RSS is this process's (PGlite runs in it). Goal: p95 under 50 ms.
 */

const COLOURS = ['Oat', 'Navy', 'Forest', 'Charcoal', 'Sand', 'Rosé', 'Écru', 'Sage', 'Rust', 'Blanc', 'Grün', 'Nuit'];
const LINES = ['Classic', 'Studio', 'Atelier', 'Nordic', 'Trail', 'Heritage', 'Été', 'Über', 'Coast', 'Alpine'];

/** `count` passages in files of `perFile`: headings and sentences of the fixture, shuffled with product variants. */
function* generatedFiles(corpus: FixturePassage[], count: number, perFile: number) {
  const next = seededRandom(42);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
  const sentences = corpus.flatMap((passage) => passage.text.split(/(?<=[.!?])\s+/));
  const products = corpus.map((passage) => passage.heading.split(' › ')[1] ?? passage.heading);
  for (let start = 0; start < count; start += perFile) {
    const list: PassageInput[] = [];
    for (let ordinal = 0; ordinal < Math.min(perFile, count - start); ordinal++) {
      const name = `${pick(LINES)} ${pick(products)} ${pick(COLOURS)}`;
      const body = Array.from({ length: 2 + Math.floor(next() * 3) }, () => pick(sentences)).join(' ');
      const text = `${name}. ${body}`;
      list.push({ ordinal, heading: `${pick(corpus).heading.split(' › ')[0]} › ${name}`, text, startOffset: 0, endOffset: text.length });
    }
    yield { fileName: `catalog-${start / perFile}.md`, passages: list };
  }
}

/** Questions as typed, then with a product name or a shorter wording, until there are `count`. */
function queries(questions: { question: string }[], corpus: FixturePassage[], count: number): string[] {
  const next = seededRandom(7);
  const products = corpus.map((passage) => passage.heading.split(' › ')[1] ?? passage.heading);
  return Array.from({ length: count }, (_, i) => {
    const question = (questions[i % questions.length] as { question: string }).question;
    const round = Math.floor(i / questions.length) % 3;
    if (round === 0) return question;
    if (round === 1) return `${question} ${products[Math.floor(next() * products.length)]}`;
    return question.split(' ').slice(-3).join(' ');
  });
}

export async function knowledgeSearch(passageCount = 100_000, queryCount = 360, perFile = 1_000) {
  const { corpus, questions } = loadRetrievalFixture();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-bench-knowledge-'));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    const { db } = database;
    const ownerEmail = 'knowledge@bench.test';
    const [store] = await db.insert(stores).values({ ownerEmail, name: 'Bench shop' }).returning({ id: stores.id });
    const storeId = store?.id as string;

    let indexMs = 0;
    for (const generated of generatedFiles(corpus, passageCount, perFile)) {
      const [file] = await db
        .insert(files)
        .values({ ownerEmail, storeId, storeFilesId: storeId, fileName: generated.fileName, status: 'ready' })
        .returning({ id: files.id });
      const start = performance.now();
      await indexPassages(db, { ownerEmail, storeId, fileId: file?.id as string, passages: generated.passages });
      indexMs += performance.now() - start;
    }

    const list = queries(questions, corpus, queryCount);
    const timings: number[] = [];
    let empty = 0;
    for (const [i, query] of [...list.slice(0, 20), ...list].entries()) {
      const start = performance.now();
      const { results } = await searchStores(db, { ownerEmail, storeIds: [storeId], query, k: 10 });
      if (i >= 20) timings.push(performance.now() - start); // the first 20 warm the caches and the JIT
      if (i >= 20 && !results.length) empty++;
    }

    const result = {
      bench: 'knowledge-search',
      passages: passageCount,
      indexSeconds: Number((indexMs / 1000).toFixed(1)),
      passagesPerSecond: Math.round(passageCount / (indexMs / 1000)),
      queries: timings.length,
      queriesWithoutResults: empty,
      p50Ms: percentile(timings, 50),
      p95Ms: percentile(timings, 95),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      goalP95Ms: 50,
    };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  knowledgeSearch(Number(process.env.BENCH_PASSAGES) || undefined).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
