import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { assistants } from './assistants';
import { id, ownerEmail, timestamps } from './columns';

/** Spec §3 SharedAssistant: a public face of an assistant reached by its share token. */
export const sharedAssistants = pgTable(
  'shared_assistants',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    shareToken: text('share_token').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    originalAssistantId: uuid('original_assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    assistantName: text('assistant_name'),
    /** The public chat's and the widget's colours (contracts `ShareTheme`); null: the default theme. */
    theme: jsonb('theme'),
    status: text('status'),
    log: text('log'),
  },
  (t) => [
    uniqueIndex('shared_assistants_token_unique').on(t.shareToken),
    index('shared_assistants_owner_idx').on(t.ownerEmail, t.createdAt),
  ],
);
