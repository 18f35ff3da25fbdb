import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestViewer, viewerToken } from '../../testing/graphql-client';
import { createStore, post, uploadFiles, waitForFiles } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { listStoreProducts } from './list-store-products';

/**
 * The product catalogue a turn answers from is kept between turns, and is never stale: a product
 * list added, replaced or deleted shows in the very next turn's catalogue.
 */
describe('the product catalogue of a turn', () => {
  let t: TestApp;
  let owner: TestViewer;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await viewerToken(t, 'catalogue@shop.test');
  });
  afterAll(() => t?.close());

  const csv = (rows: string[]) => ({ fileName: 'products.csv', contentType: 'text/csv', bytes: ['title,price', ...rows].join('\n') });
  const catalogue = async (storeId: string) =>
    (await listStoreProducts(t.services.db, { ownerEmail: owner.email, storeIds: [storeId] })).map((row) => [
      row.record.title,
      row.record.priceRange?.min,
    ]);

  it('is read again as soon as a product list is added, replaced or deleted, and kept while nothing changes', async () => {
    const storeId = await createStore(t, owner, 'Tea');
    const first = await uploadFiles(t, owner, storeId, [csv(['Sencha,12.00', 'Matcha,28.00'])]);
    await waitForFiles(t, first.fileIds);
    expect(await catalogue(storeId)).toEqual([
      ['Matcha', '28.00'],
      ['Sencha', '12.00'],
    ]);
    // Unchanged: the same records as the turn before (what answers derive from them is kept too).
    const [a, b] = [
      await listStoreProducts(t.services.db, { ownerEmail: owner.email, storeIds: [storeId] }),
      await listStoreProducts(t.services.db, { ownerEmail: owner.email, storeIds: [storeId] }),
    ];
    expect(b[0]?.record).toBe(a[0]?.record);

    const second = await uploadFiles(t, owner, storeId, [{ ...csv(['Hojicha,9.00']), fileName: 'more.csv' }]);
    await waitForFiles(t, second.fileIds);
    expect(await catalogue(storeId)).toEqual([
      ['Hojicha', '9.00'],
      ['Matcha', '28.00'],
      ['Sencha', '12.00'],
    ]);

    const deleted = await post(t, owner, '/api/files/delete-files/', { storeId, fileIds: first.fileIds });
    expect(deleted.status).toBe(200);
    expect(await catalogue(storeId)).toEqual([['Hojicha', '9.00']]);
    // Another owner naming this store gets nothing, kept or not.
    expect(await listStoreProducts(t.services.db, { ownerEmail: 'someone@else.test', storeIds: [storeId] })).toEqual([]);
  });
});
