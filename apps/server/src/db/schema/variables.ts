import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { id, ownerEmail, timestamps } from './columns';

/** Spec §3 Variable: `{name, value, secret}`; secret values are stored encrypted. */
export const variables = pgTable(
  'variables',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    name: text('name').notNull(),
    value: text('value').notNull().default(''),
    secret: boolean('secret').notNull().default(false),
  },
  (t) => [index('variables_owner_idx').on(t.ownerEmail, t.createdAt)],
);
