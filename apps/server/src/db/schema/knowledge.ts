import type { ProductRecord } from '@aisle/contracts/products';
import { bigint, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, ownerEmail, timestamps } from './columns';

/** Spec §3 Store: a knowledge base (vector store) of files. */
export const stores = pgTable(
  'stores',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    name: text('name').notNull(),
    totalSize: bigint('total_size', { mode: 'number' }).notNull().default(0),
    /** Derived from the files: empty, indexing, ready, attention (a file failed). */
    status: text('status').notNull().default('empty'),
    fileCount: integer('file_count').notNull().default(0),
    /** lexical, or hybrid once every passage has an embedding. */
    retrievalMode: text('retrieval_mode').notNull().default('lexical'),
    /** BM25 collection statistics, kept in the same transaction as the passages they count. */
    passageCount: integer('passage_count').notNull().default(0),
    totalLength: doublePrecision('total_length').notNull().default(0),
    /** Raised with every change to the store's passages (in the same transaction): a kept copy of its product catalogue is still current while this is unchanged. */
    contentVersion: integer('content_version').notNull().default(0),
    /** ISO 4217: the currency of product prices in this store's files that name none. */
    currency: text('currency').notNull().default('USD'),
  },
  (t) => [index('stores_owner_idx').on(t.ownerEmail, t.createdAt)],
);

/** Spec §3 File. `storeFilesId` is the Amplify has-many key, kept equal to `storeID`. */
export const files = pgTable(
  'files',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    fileName: text('file_name').notNull(),
    filePath: text('file_path'),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    storeFilesId: uuid('store_files_id'),
    contentType: text('content_type').notNull().default(''),
    /** uploading → queued → processing → ready | failed (statusReason says why). */
    status: text('status').notNull().default('uploading'),
    statusReason: text('status_reason'),
    /** 0–100 while processing. */
    progress: integer('progress').notNull().default(0),
    /** sha256 of the bytes: the same content is indexed once per store. */
    contentHash: text('content_hash'),
    passageCount: integer('passage_count').notNull().default(0),
    /** The tokenizer version its postings were made with (TERMS_VERSION): older ones are re-termed in the background. */
    termsVersion: integer('terms_version').notNull().default(0),
  },
  (t) => [
    index('files_store_idx').on(t.storeId, t.createdAt),
    index('files_owner_idx').on(t.ownerEmail, t.createdAt),
    index('files_store_hash_idx').on(t.storeId, t.contentHash),
  ],
);

/** A searchable piece of a file: a section of a document, or one product. */
export const passages = pgTable(
  'passages',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** Position within the file; with fileId it makes re-indexing a file idempotent. */
    ordinal: integer('ordinal').notNull(),
    /** Heading path, outermost first, joined with " › ". */
    heading: text('heading').notNull().default(''),
    text: text('text').notNull(),
    /** Where the passage came from in the extracted text (characters). */
    startOffset: integer('start_offset').notNull().default(0),
    endOffset: integer('end_offset').notNull().default(0),
    /** Weighted token count (BM25 document length). */
    length: doublePrecision('length').notNull(),
  },
  (t) => [uniqueIndex('passages_file_ordinal_idx').on(t.fileId, t.ordinal), index('passages_store_idx').on(t.storeId)],
);

/** The inverted index: one posting per (term, passage), with its weighted term frequency. */
export const passageTerms = pgTable(
  'passage_terms',
  {
    storeId: uuid('store_id').notNull(),
    term: text('term').notNull(),
    passageId: uuid('passage_id')
      .notNull()
      .references(() => passages.id, { onDelete: 'cascade' }),
    tf: doublePrecision('tf').notNull(),
    /** The passage's weighted length, copied here so scoring reads postings only. */
    length: doublePrecision('length').notNull(),
    /**
     * The posting's BM25 term weight at a fixed reference length: orders a term's postings best
     * first, so a search reads only the top few thousand postings of a very common term.
     */
    impact: doublePrecision('impact').notNull().default(0),
  },
  (t) => [
    // Led by the passage (its postings go with it); searches go through the impact index, which
    // a (store, term, …) key here would compete with for the planner's choice.
    primaryKey({ columns: [t.passageId, t.term] }),
    index('passage_terms_impact_idx').on(t.storeId, t.term, t.impact.desc(), t.passageId),
  ],
);

/** Document frequency per store and term (BM25 idf), maintained with the postings. */
export const storeTermStats = pgTable(
  'store_term_stats',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    df: integer('df').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.term] })],
);

/**
 * A product of a product list file (CSV, JSON, the Shopify catalog sync), as the contract's
 * ProductRecord, beside its text passage: the answering code reads facts here (colours, weights,
 * prices, stock). Written and removed with the file's passages, in the same transaction (the
 * passage's deletion cascades here), so a re-ingested file replaces its products atomically.
 */
export const productRecords = pgTable(
  'product_records',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    passageId: uuid('passage_id')
      .notNull()
      .references(() => passages.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    record: jsonb('record').$type<ProductRecord>().notNull(),
  },
  (t) => [uniqueIndex('product_records_passage_idx').on(t.passageId), index('product_records_store_idx').on(t.storeId, t.title)],
);
