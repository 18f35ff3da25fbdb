import { pgTable, text } from 'drizzle-orm/pg-core';
import { id, ownerEmail, timestamps } from './columns';

/** Spec §3 Announcement: written by staff, readable by every signed-in user. */
export const announcements = pgTable('announcements', {
  id: id(),
  ...timestamps(),
  ownerEmail: ownerEmail(),
  message: text('message').notNull(),
});
