import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { id, ownerEmail, timestamps } from './columns';

/** Spec §3 Notification. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    ...timestamps(),
    title: text('title').notNull(),
    ownerEmail: ownerEmail(),
    content: text('content'),
    userHasRead: boolean('user_has_read').notNull().default(false),
    presignedGet: text('presigned_get'),
  },
  (t) => [index('notifications_owner_idx').on(t.ownerEmail, t.createdAt)],
);
