import { text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Column helpers shared by every table: UUID ids, timestamptz, owner e-mail (DESIGN "Data model"). */
export const id = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, precision: 3 })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** Set by the server from the caller's identity, never from a client-sent value. */
export const ownerEmail = () => text('owner_email').notNull();
