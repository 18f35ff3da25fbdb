import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
  },
  (t) => [index('files_store_idx').on(t.storeId, t.createdAt), index('files_owner_idx').on(t.ownerEmail, t.createdAt)],
);
