import { setTimeout as sleep } from 'node:timers/promises';
import { inArray } from 'drizzle-orm';
import { files } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { saveGeneratedFile } from '../knowledge';
import { ensureCatalogStore, saveCatalog } from '../shopify';
import { storeDocuments } from './store-documents';
import type { WizardRun } from './wizard-run';

/** Spec §9 gives the whole wizard 2-5 minutes; indexing that takes longer than this is stuck. */
const INDEX_TIMEOUT_MS = 10 * 60_000;

/** Step 2: the shop's knowledge store (the catalog's store, recorded on the connection). */
export async function createShopStore(run: WizardRun): Promise<string> {
  await run.profile();
  return ensureCatalogStore(run.ctx.shopify, await run.connection());
}

/**
 * Step 3: pages and articles as documents, the products as one product list (the catalog sync's
 * own writer), then waits until ingestion has indexed every one of them. Files are replaced by
 * name, so a repeated step uploads nothing new.
 */
export async function uploadStoreFiles(run: WizardRun) {
  const { ctx } = run;
  const storeId = await createShopStore(run);
  const documents = storeDocuments({ pages: await run.pages(), articles: await run.articles() });
  const ids: string[] = [];
  for (const document of documents) {
    const saved = await saveGeneratedFile(ctx.shopify.knowledge, {
      ownerEmail: run.ownerEmail,
      storeId,
      fileName: document.fileName,
      contentType: 'text/html',
      bytes: Buffer.from(document.html),
    });
    ids.push(saved.fileId);
  }
  const catalog = await saveCatalog(ctx.shopify, await run.connection(), await run.catalog());
  ids.push(catalog.fileId);
  await waitUntilIndexed(run, ids);
  return { storeId, files: ids.length, products: catalog.products };
}

async function waitUntilIndexed(run: WizardRun, ids: string[]) {
  const deadline = Date.now() + INDEX_TIMEOUT_MS;
  for (;;) {
    const rows = await run.ctx.db
      .select({ fileName: files.fileName, status: files.status, reason: files.statusReason })
      .from(files)
      .where(inArray(files.id, ids));
    const failed = rows.find((row) => row.status === 'failed');
    if (failed) throw new AppError('BAD_REQUEST', `${failed.fileName} could not be indexed: ${failed.reason ?? 'unknown reason'}.`);
    if (rows.length === ids.length && rows.every((row) => row.status === 'ready')) return;
    if (Date.now() > deadline) throw new AppError('UNAVAILABLE', 'Indexing the store’s files took too long.');
    await sleep(run.ctx.indexPollMs, undefined, { signal: run.signal });
  }
}
