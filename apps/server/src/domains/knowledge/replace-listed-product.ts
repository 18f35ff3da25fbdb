import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import type { DbOrTx } from '../../db/database';
import { files, passages } from '../../db/schema';
import { queueFileEmbedding } from './embeddings/embedding-queue';
import { fileKey } from './file-storage';
import { insertPassages, removePassageIds } from './index-passages';
import { queueIngestion } from './ingestion-queue';
import type { KnowledgeContext } from './knowledge-context';
import { chunkBlocks, HEADING_PATH_SEPARATOR } from './parsing/chunk-blocks';
import { parseDocument } from './parsing/parse-document';
import { refreshStoreSummary } from './store-summary';

type JsonObject = Record<string, unknown>;

export interface ListedProductChange {
  /** A JSON product-list file (an array of products, or `{ products: [...] }`). */
  fileId: string;
  /** The field naming a product in the list (Shopify's `id`) and this product's value. */
  keyField: string;
  key: string;
  /** The product's new state, in the list's shape; null removes it. */
  product: JsonObject | null;
}

export type ListedProductOutcome = 'added' | 'replaced' | 'removed' | 'unchanged' | 'reindexing' | 'missing';

/**
 * Changes one product of an indexed product list, and only its passage: the list in the stored
 * file is edited (replaced in place, appended, or removed), and that product's passage is indexed
 * again through the same parser and chunker as a whole-file ingestion, so both give the same
 * passages. BM25 statistics (document frequencies, passage count, total length) follow in the same
 * transaction; other products' passages and postings are not touched.
 *
 * A product list indexes as one passage per product, in list order (chunk-blocks.ts), so product
 * `i` is passage ordinal `i`; a removal moves the later ordinals down by one. When that does not
 * hold (the file is still being indexed, or indexed differently), the file is indexed again whole.
 */
export async function replaceListedProduct(ctx: KnowledgeContext, change: ListedProductChange): Promise<ListedProductOutcome> {
  const replacement = change.product ? await productPassage(change.product) : null;
  const result = await ctx.db.transaction(async (tx) => {
    const [file] = await tx.select().from(files).where(eq(files.id, change.fileId)).limit(1).for('update');
    if (!file) return { outcome: 'missing' as const };
    const document = parseList(await ctx.storage.read(fileKey(file.storeId, file.id)));
    if (!document) return { outcome: 'missing' as const };
    const { list } = document;
    const index = list.findIndex((item) => String(item[change.keyField] ?? '') === change.key);
    if (index === -1 && !change.product) return { outcome: 'unchanged' as const };
    if (index !== -1 && change.product && JSON.stringify(list[index]) === JSON.stringify(change.product))
      return { outcome: 'unchanged' as const };

    // Checked before the list changes: passage i is product i only in a fully indexed list.
    const canEditPassages =
      file.status === 'ready' && (await passageCount(tx, file.id)) === list.length && (change.product === null || replacement !== null);
    if (change.product) {
      if (index === -1) list.push(change.product);
      else list[index] = change.product;
    } else list.splice(index, 1);
    const bytes = Buffer.from(JSON.stringify(document.wrap(list)));
    await ctx.storage.put(fileKey(file.storeId, file.id), bytes, { contentType: file.contentType });
    const changes = { size: bytes.length, contentHash: createHash('sha256').update(bytes).digest('hex'), updatedAt: new Date() };

    if (!canEditPassages) {
      const [row] = await tx
        .update(files)
        .set({ ...changes, status: 'queued', progress: 0 })
        .where(eq(files.id, file.id))
        .returning();
      return { outcome: 'reindexing' as const, file: row, reindex: true };
    }
    const ordinal = index === -1 ? list.length - 1 : index;
    const [old] =
      index === -1
        ? []
        : await tx
            .select()
            .from(passages)
            .where(and(eq(passages.fileId, file.id), eq(passages.ordinal, index)));
    if (old) await removePassageIds(tx, file.storeId, [old.id]);
    if (!change.product) await closeGap(tx, file.id, index);
    if (replacement) {
      const start = old?.startOffset ?? 0;
      await insertPassages(tx, {
        ownerEmail: file.ownerEmail,
        storeId: file.storeId,
        fileId: file.id,
        passages: [{ ...replacement, ordinal, startOffset: start, endOffset: start + replacement.text.length }],
      });
    }
    const [row] = await tx
      .update(files)
      .set({ ...changes, passageCount: list.length })
      .where(eq(files.id, file.id))
      .returning();
    return { outcome: change.product ? (index === -1 ? ('added' as const) : ('replaced' as const)) : ('removed' as const), file: row };
  });
  if (result.file) {
    publishRow(ctx, getModel('File'), 'update', result.file);
    if ('reindex' in result) await queueIngestion(ctx, result.file.id);
    else await queueFileEmbedding(ctx, result.file.id);
    await refreshStoreSummary(ctx, result.file.storeId);
  }
  return result.outcome;
}

/** The product's passage exactly as a whole-file ingestion makes it: the same parser and chunker on a one-product list. */
async function productPassage(product: JsonObject) {
  const parsed = await parseDocument({
    bytes: Buffer.from(JSON.stringify([product])),
    fileName: 'product.json',
    contentType: 'application/json',
  });
  const chunks = chunkBlocks(parsed.blocks);
  const [chunk] = chunks;
  if (chunks.length !== 1 || !chunk || parsed.blocks[0]?.kind !== 'product') return null;
  return { heading: chunk.headingPath.join(HEADING_PATH_SEPARATOR), text: chunk.text, product: chunk.product };
}

function parseList(bytes: Buffer): { list: JsonObject[]; wrap: (list: JsonObject[]) => unknown } | null {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  const isObject = (item: unknown): item is JsonObject => typeof item === 'object' && item !== null && !Array.isArray(item);
  if (Array.isArray(value) && value.every(isObject)) return { list: value, wrap: (list) => list };
  if (isObject(value) && Array.isArray(value.products) && value.products.every(isObject)) {
    return { list: value.products, wrap: (list) => ({ ...value, products: list }) };
  }
  return null;
}

async function passageCount(tx: DbOrTx, fileId: string): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(passages).where(eq(passages.fileId, fileId));
  return row?.n ?? 0;
}

/**
 * Moves the ordinals after a removed product down by one. In two steps through negative values:
 * the (file, ordinal) index is unique and checked row by row, so a one-step shift could collide.
 */
async function closeGap(tx: DbOrTx, fileId: string, removed: number) {
  await tx
    .update(passages)
    .set({ ordinal: sql`-${passages.ordinal}` })
    .where(and(eq(passages.fileId, fileId), gt(passages.ordinal, removed)));
  await tx
    .update(passages)
    .set({ ordinal: sql`-${passages.ordinal} - 1` })
    .where(and(eq(passages.fileId, fileId), lt(passages.ordinal, 0)));
}
