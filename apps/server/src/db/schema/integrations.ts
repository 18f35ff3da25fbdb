import { boolean, doublePrecision, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { assistants } from './assistants';
import { id, ownerEmail, timestamps } from './columns';
import { sharedAssistants } from './shared';

/** Shop / store connection (spec §3): a commerce-platform shop linked to an owner. */
export const shopConnections = pgTable(
  'shop_connections',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    platform: text('platform').notNull().default('shopify'),
    shopDomain: text('shop_domain').notNull(),
    /** Offline access token, encrypted at rest by the integration issue. */
    accessToken: text('access_token'),
    scopes: text('scopes'),
    host: text('host'),
    visited: boolean('visited').notNull().default(false),
    installedAt: timestamp('installed_at', { withTimezone: true }),
    uninstalledAt: timestamp('uninstalled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('shop_connections_domain_unique').on(t.platform, t.shopDomain), index('shop_connections_owner_idx').on(t.ownerEmail)],
);

/** Messaging account per channel (instagram, messenger, whatsapp, line). */
export const messagingAccounts = pgTable(
  'messaging_accounts',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    channel: text('channel').notNull(),
    externalAccountId: text('external_account_id').notNull(),
    name: text('name'),
    accessToken: text('access_token'),
    metadata: jsonb('metadata'),
    isActive: boolean('is_active').notNull().default(true),
    assistantId: uuid('assistant_id').references(() => assistants.id, { onDelete: 'set null' }),
    sharedAssistantId: uuid('shared_assistant_id').references(() => sharedAssistants.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('messaging_accounts_channel_external_unique').on(t.channel, t.externalAccountId),
    index('messaging_accounts_owner_idx').on(t.ownerEmail),
  ],
);

/** Product list imported from a connected shop. */
export const products = pgTable(
  'products',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    shopConnectionId: uuid('shop_connection_id').references(() => shopConnections.id, { onDelete: 'cascade' }),
    externalId: text('external_id'),
    title: text('title').notNull(),
    description: text('description'),
    url: text('url'),
    imageUrl: text('image_url'),
    price: doublePrecision('price'),
    currency: text('currency'),
    variants: jsonb('variants'),
  },
  (t) => [index('products_owner_idx').on(t.ownerEmail), uniqueIndex('products_shop_external_unique').on(t.shopConnectionId, t.externalId)],
);
