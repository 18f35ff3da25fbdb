import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, passages, stores } from '../../db/schema';
import { type TestViewer, viewerToken } from '../../testing/graphql-client';
import { createStore, uploadFiles, waitForFiles } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { resumeReterming } from './ingestion-queue';
import { createKnowledgeContext } from './knowledge-context';
import { searchStores } from './retrieval/search-stores';
import { TERMS_VERSION } from './retrieval/tokenize';

/**
 * A store indexed before the tokenizer last changed (its postings made of other terms, e.g. Korean
 * words still carrying their particles) is made searchable with today's terms once workers start,
 * keeping its passages (their ids, so citations and embeddings stay), with the same statistics a
 * fresh indexing would give.
 */
describe('files indexed by an older tokenizer', () => {
  let t: TestApp;
  let owner: TestViewer;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await viewerToken(t, 'owner@reterm.test');
  });
  afterAll(() => t?.close());

  const statsOf = async (storeId: string) =>
    (
      (await t.services.db.execute(sql`SELECT term, df FROM store_term_stats WHERE store_id = ${storeId} ORDER BY term`)) as unknown as {
        rows: { term: string; df: number }[];
      }
    ).rows;

  it('get their postings made again in the background, passages kept, and are found by today’s terms', async () => {
    const storeId = await createStore(t, owner, '스토어');
    const { fileIds } = await uploadFiles(t, owner, storeId, [
      {
        fileName: 'faq.md',
        contentType: 'text/markdown',
        bytes: '# 배송 안내\n\n배송은 주문 후 2일에서 3일 정도 걸립니다.\n\n# 반품\n\n반품은 상품을 받은 후 7일 이내에 가능합니다.\n',
      },
    ]);
    const fileId = fileIds[0] as string;
    await waitForFiles(t, [fileId]);
    const fresh = await statsOf(storeId);
    const [before] = await t.services.db.select().from(stores).where(eq(stores.id, storeId));
    const passageIds = (await t.services.db.select({ id: passages.id }).from(passages).where(eq(passages.fileId, fileId))).map((p) => p.id);

    // As an older tokenizer left it: other terms for the same passages.
    await t.services.db.execute(sql`UPDATE passage_terms SET term = term || '~old' WHERE store_id = ${storeId}`);
    await t.services.db.execute(sql`UPDATE store_term_stats SET term = term || '~old' WHERE store_id = ${storeId}`);
    await t.services.db.update(files).set({ termsVersion: 0 }).where(eq(files.id, fileId));
    const search = () =>
      searchStores(t.services.db, { ownerEmail: 'owner@reterm.test', storeIds: [storeId], query: '배송은 얼마나 걸려요?', k: 3 });
    expect((await search()).results).toEqual([]);

    expect(await resumeReterming(createKnowledgeContext(t.services))).toBe(1);
    const deadline = Date.now() + 20_000;
    while ((await t.services.db.select().from(files).where(eq(files.id, fileId)))[0]?.termsVersion !== TERMS_VERSION) {
      if (Date.now() > deadline) throw new Error('the file was not re-termed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const [file] = await t.services.db.select().from(files).where(eq(files.id, fileId));
    expect(file).toMatchObject({ status: 'ready', passageCount: passageIds.length });
    expect((await t.services.db.select({ id: passages.id }).from(passages).where(eq(passages.fileId, fileId))).map((p) => p.id)).toEqual(
      passageIds,
    );
    expect(await statsOf(storeId)).toEqual(fresh);
    const [after] = await t.services.db.select().from(stores).where(eq(stores.id, storeId));
    expect(after?.totalLength).toBeCloseTo(before?.totalLength ?? -1);
    expect((await search()).results[0]?.heading).toBe('배송 안내');
    // Nothing left to do on the next start.
    expect(await resumeReterming(createKnowledgeContext(t.services))).toBe(0);
  });
});
