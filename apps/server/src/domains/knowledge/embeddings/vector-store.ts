import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { arrayLiteral, rowsOf } from '../../../db/sql-helpers';

// Arbitrary constant key: instances booting together create the table once.
const VECTOR_TABLE_LOCK = 7_231_906_114;

/**
 * The passage vectors live in a table made at run time, not by a migration: pgvector is always
 * there on the embedded PGlite but only sometimes on a Postgres server, and a server that gains
 * the extension later gains hybrid retrieval without a new release. The vector column has no
 * fixed dimension, so any model fits; rows are tagged with their model and only compared within it.
 */
export async function ensureVectorTable(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${VECTOR_TABLE_LOCK})`);
    await tx.execute(sql`
      CREATE TABLE IF NOT EXISTS passage_embeddings (
        passage_id uuid PRIMARY KEY REFERENCES passages(id) ON DELETE CASCADE,
        store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
        model text NOT NULL,
        embedding vector NOT NULL
      )`);
    await tx.execute(sql`CREATE INDEX IF NOT EXISTS passage_embeddings_store_model_idx ON passage_embeddings (store_id, model)`);
  });
}

const vectorLiteral = (values: number[]) => `[${values.map((value) => (Number.isFinite(value) ? value : 0)).join(',')}]`;

/** Saves vectors for passages, replacing older ones (another model's, or a retried job's). */
export async function saveEmbeddings(db: Db, rows: { passageId: string; storeId: string; model: string; embedding: number[] }[]) {
  if (!rows.length) return;
  await db.execute(sql`
    INSERT INTO passage_embeddings (passage_id, store_id, model, embedding)
    SELECT p.passage_id, p.store_id, p.model, p.embedding::vector
    FROM unnest(
      ${arrayLiteral(rows.map((row) => row.passageId))}::uuid[],
      ${arrayLiteral(rows.map((row) => row.storeId))}::uuid[],
      ${arrayLiteral(rows.map((row) => row.model))}::text[],
      ${arrayLiteral(rows.map((row) => vectorLiteral(row.embedding)))}::text[]
    ) AS p(passage_id, store_id, model, embedding)
    -- A passage deleted while its vector was being computed is skipped, not an error.
    WHERE EXISTS (SELECT 1 FROM passages WHERE passages.id = p.passage_id)
    ON CONFLICT (passage_id) DO UPDATE SET model = excluded.model, embedding = excluded.embedding, store_id = excluded.store_id`);
}

/** A file's passages that have no vector from `model` yet, in file order. */
export async function passagesToEmbed(db: Db, fileId: string, model: string) {
  return rowsOf<{ id: string; store_id: string; heading: string; text: string }>(
    db,
    sql`
      SELECT p.id, p.store_id, p.heading, p.text FROM passages p
      LEFT JOIN passage_embeddings e ON e.passage_id = p.id AND e.model = ${model}
      WHERE p.file_id = ${fileId} AND e.passage_id IS NULL
      ORDER BY p.ordinal`,
  );
}

/** Files (ready, with passages) missing some vector from `model`: what a newly configured model must embed. */
export async function filesMissingEmbeddings(db: Db, model: string) {
  return rowsOf<{ file_id: string }>(
    db,
    sql`
      SELECT DISTINCT p.file_id FROM passages p
      JOIN files f ON f.id = p.file_id AND f.status = 'ready'
      LEFT JOIN passage_embeddings e ON e.passage_id = p.id AND e.model = ${model}
      WHERE e.passage_id IS NULL
      ORDER BY p.file_id`,
  );
}

/**
 * The passages nearest to a query vector by cosine distance, within stores already checked to be
 * the caller's. An exact scan over the stores' vectors: exact, deterministic (ties by id).
 */
export async function nearestPassages(db: Db, input: { storeIds: string[]; model: string; query: number[]; limit: number }) {
  return rowsOf<{ passage_id: string; distance: number }>(
    db,
    sql`
      SELECT passage_id, embedding <=> ${vectorLiteral(input.query)}::vector AS distance
      FROM passage_embeddings
      WHERE store_id = ANY(${arrayLiteral(input.storeIds)}::uuid[]) AND model = ${input.model}
      ORDER BY distance, passage_id
      LIMIT ${input.limit}`,
  );
}
