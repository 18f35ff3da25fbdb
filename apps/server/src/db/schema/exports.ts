import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, ownerEmail, timestamps } from './columns';

/**
 * A file the server prepared for an owner (a customer's data for a data request, later other
 * exports), downloaded through a short-lived signed link (domains/exports). The bytes live in
 * `DATA_DIR/exports/<id>`.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    /** What the export is (`shopify-customer-data`, …). */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** A subject the export belongs to (a shop domain), so erasing that subject erases its exports. */
    subject: text('subject'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_owner_idx').on(t.ownerEmail, t.createdAt), index('data_exports_subject_idx').on(t.subject)],
);
