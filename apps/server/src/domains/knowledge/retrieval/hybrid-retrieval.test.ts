import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../env';
import { startWorkers } from '../../../jobs/start-workers';
import { type FakeEmbeddings, startFakeEmbeddings } from '../../../testing/fake-embeddings';
import { type TestViewer, viewerToken } from '../../../testing/graphql-client';
import { createStore, post, uploadFiles, waitForFiles } from '../../../testing/knowledge';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { syncRetrievalMode } from '../embeddings/embedding-queue';
import { createKnowledgeContext } from '../knowledge-context';
import { RRF_K, reciprocalRankFusion } from './hybrid-search';
import { searchStores } from './search-stores';

const returnsFaq = `# Help centre

## Returns

Unworn items can be sent back within 30 days of delivery; we reimburse the full price to your card.

## Gift cards

Gift cards never expire and can be used online or in store.
`;

async function countRows(t: TestApp, query: ReturnType<typeof sql>) {
  return ((await t.services.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

async function waitForEmbeddings(t: TestApp, storeId: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const passages = await countRows(t, sql`SELECT count(*)::int AS n FROM passages WHERE store_id = ${storeId}`);
    const vectors = await countRows(t, sql`SELECT count(*)::int AS n FROM passage_embeddings WHERE store_id = ${storeId}`);
    if (passages > 0 && vectors === passages) return vectors;
    if (Date.now() > deadline) throw new Error(`embeddings not done: ${vectors}/${passages}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('reciprocal rank fusion', () => {
  it('rewards agreement between rankings and breaks ties on the id', () => {
    const fused = reciprocalRankFusion([
      ['a', 'b', 'c'],
      ['b', 'c', 'd'],
    ]);
    expect(fused.map((item) => item.id)).toEqual(['b', 'c', 'a', 'd']);
    expect(fused[0]?.score).toBeCloseTo(1 / (RRF_K + 2) + 1 / (RRF_K + 1));
    expect(reciprocalRankFusion([['y'], ['x']]).map((item) => item.id)).toEqual(['x', 'y']);
  });
});

describe('hybrid retrieval with an OpenAI-compatible embeddings server', () => {
  let embeddings: FakeEmbeddings;
  let t: TestApp;
  let me: TestViewer;
  const embeddingEnv = () => ({
    EMBEDDING_PROVIDER: 'openai',
    EMBEDDING_MODEL: 'fake-embed-1',
    EMBEDDING_BASE_URL: embeddings.baseUrl,
    EMBEDDING_API_KEY: 'test-key',
  });

  beforeAll(async () => {
    embeddings = await startFakeEmbeddings();
    t = await createTestApp(embeddingEnv());
    me = await viewerToken(t, 'merchant@shop.test');
  });
  afterAll(async () => {
    await t.close();
    await embeddings.close();
  });

  it('embeds new files and finds passages that share no word with the question', async () => {
    // The scaled-out suite's Postgres has no pgvector: there a configured model cannot be used,
    // and the store must say its search is lexical.
    const vector = t.services.database.vector;
    const created = await post(t, me, '/api/store/create/', { name: 'Help' });
    expect(created.body?.retrievalMode).toBe(vector ? 'hybrid' : 'lexical');
    const storeId = created.body?.id as string;
    const { fileIds } = await uploadFiles(t, me, storeId, [{ fileName: 'faq.md', contentType: 'text/markdown', bytes: returnsFaq }]);
    await waitForFiles(t, fileIds);

    // Lexical search now knows synonyms (refund ↔ reimburse): the question uses a word no dictionary has.
    const question = 'Is there a moneyback guarantee?';
    const lexicalOnly = await searchStores(t.services.db, { ownerEmail: me.email, storeIds: [storeId], query: question, k: 3 });
    expect(lexicalOnly.results.filter((hit) => hit.heading.includes('Returns'))).toHaveLength(0);
    if (!vector) {
      expect((await post(t, me, '/api/store/search/', { storeIds: [storeId], query: question, k: 3 })).body?.mode).toBe('lexical');
      return;
    }
    await waitForEmbeddings(t, storeId);
    const hybrid = await post(t, me, '/api/store/search/', { storeIds: [storeId], query: question, k: 3 });
    expect(hybrid.body?.mode).toBe('hybrid');
    expect(hybrid.body?.results[0]).toMatchObject({ fileName: 'faq.md', heading: expect.stringContaining('Returns') });
    expect(hybrid.body?.results[0].text).toContain('reimburse');
  });

  it('answers lexically, and says so, while the embeddings server is down', async () => {
    const storeId = await createStore(t, me, 'Outage');
    const { fileIds } = await uploadFiles(t, me, storeId, [
      { fileName: 'faq.md', contentType: 'text/markdown', bytes: `${returnsFaq}\nOutage copy.` },
    ]);
    await waitForFiles(t, fileIds);
    if (t.services.database.vector) await waitForEmbeddings(t, storeId);
    embeddings.failing = true;
    try {
      const res = await post(t, me, '/api/store/search/', { storeIds: [storeId], query: 'gift cards expire', k: 3 });
      expect(res.status).toBe(200);
      expect(res.body?.mode).toBe('lexical');
      expect(res.body?.results[0].text).toContain('Gift cards never expire');
    } finally {
      embeddings.failing = false;
    }
  });

  it('never returns another merchant’s passages, however near their vectors are', async () => {
    const storeId = await createStore(t, me, 'Mine');
    const { fileIds } = await uploadFiles(t, me, storeId, [
      { fileName: 'faq.md', contentType: 'text/markdown', bytes: `${returnsFaq}\nMine.` },
    ]);
    await waitForFiles(t, fileIds);
    const other = await viewerToken(t, 'other@shop.test');
    const res = await post(t, other, '/api/store/search/', { storeIds: [storeId], query: 'Can I get a refund?', k: 5 });
    expect(res.body?.results).toEqual([]);
  });
});

describe('configuring an embedding model later', () => {
  let embeddings: FakeEmbeddings;
  let t: TestApp;

  beforeAll(async () => {
    embeddings = await startFakeEmbeddings();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await embeddings.close();
  });

  it('embeds the passages indexed before in the background and turns the stores hybrid', async () => {
    const me = await viewerToken(t, 'merchant@shop.test');
    const storeId = await createStore(t, me, 'Before');
    const { fileIds } = await uploadFiles(t, me, storeId, [{ fileName: 'faq.md', contentType: 'text/markdown', bytes: returnsFaq }]);
    await waitForFiles(t, fileIds);
    expect((await post(t, me, '/api/store/search/', { storeIds: [storeId], query: 'refund', k: 3 })).body?.mode).toBe('lexical');

    // What a restart with the new configuration does at boot, on this app's database and queue.
    const env = parseEnv({
      ...process.env,
      DATA_DIR: t.services.env.dataDir,
      JWT_SECRET: t.services.env.JWT_SECRET,
      EMBEDDING_PROVIDER: 'openai',
      EMBEDDING_MODEL: 'fake-embed-1',
      EMBEDDING_BASE_URL: embeddings.baseUrl,
      EMBEDDING_API_KEY: 'test-key',
    });
    const services = { ...t.services, env };
    await syncRetrievalMode(createKnowledgeContext(services), pino({ level: 'silent' }));
    await startWorkers(services);
    if (!t.services.database.vector) {
      expect(await countRows(t, sql`SELECT count(*)::int AS n FROM stores WHERE retrieval_mode = 'hybrid'`)).toBe(0);
      return;
    }
    expect(await countRows(t, sql`SELECT count(*)::int AS n FROM stores WHERE id = ${storeId} AND retrieval_mode = 'hybrid'`)).toBe(1);
    const embedded = await waitForEmbeddings(t, storeId);
    expect(embeddings.requests.flat()).toHaveLength(embedded);
  });
});
