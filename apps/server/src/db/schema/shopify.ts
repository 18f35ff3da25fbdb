import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { assistants } from './assistants';
import { id, ownerEmail, timestamps } from './columns';
import { stores } from './knowledge';
import { sharedAssistants } from './sharing';

/** Shop / store connection (spec §3): a commerce-platform shop linked to an owner. */
export const shopConnections = pgTable(
  'shop_connections',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    platform: text('platform').notNull().default('shopify'),
    shopDomain: text('shop_domain').notNull(),
    /**
     * The expiring offline access token and its refresh token, sealed with AES-256-GCM and bound to
     * this row (domains/shopify/token-vault.ts); null once revoked (uninstall).
     */
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    /** Set when Shopify refused the token (401): the next embedded session exchanges a new one. */
    reauthorizeRequiredAt: timestamp('reauthorize_required_at', { withTimezone: true }),
    scopes: text('scopes'),
    host: text('host'),
    /** The shop's name and currency as its Admin API reports them (catalog sync). */
    shopName: text('shop_name'),
    currency: text('currency'),
    /** The knowledge store the catalog sync keeps the product list in. */
    catalogStoreId: uuid('catalog_store_id').references(() => stores.id, { onDelete: 'set null' }),
    catalogSyncedAt: timestamp('catalog_synced_at', { withTimezone: true }),
    /** The assistant the setup wizard built for this shop (its steps are keyed on the shop). */
    assistantId: uuid('assistant_id').references(() => assistants.id, { onDelete: 'set null' }),
    visited: boolean('visited').notNull().default(false),
    installedAt: timestamp('installed_at', { withTimezone: true }),
    uninstalledAt: timestamp('uninstalled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('shop_connections_domain_unique').on(t.platform, t.shopDomain), index('shop_connections_owner_idx').on(t.ownerEmail)],
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
    /** The lowest variant price, as Shopify writes it (a decimal string: exact, never a float). */
    price: text('price'),
    currency: text('currency'),
    variants: jsonb('variants'),
    handle: text('handle'),
    vendor: text('vendor'),
    productType: text('product_type'),
    tags: jsonb('tags').$type<string[]>(),
    /** Any variant can be bought now. */
    available: boolean('available'),
    totalInventory: integer('total_inventory'),
    /** The whole product record (domains/shopify/product-record.ts), as the knowledge file holds it. */
    record: jsonb('record'),
    /** The product's `updatedAt` in Shopify: an older webhook delivery never overwrites a newer state. */
    sourceUpdatedAt: timestamp('source_updated_at', { withTimezone: true }),
  },
  (t) => [
    index('products_owner_idx').on(t.ownerEmail, t.title),
    uniqueIndex('products_shop_external_unique').on(t.shopConnectionId, t.externalId),
  ],
);

/** A connected shop's storefront preferences (GET/POST sh/settings/): one row per shop. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    shopConnectionId: uuid('shop_connection_id')
      .notNull()
      .references(() => shopConnections.id, { onDelete: 'cascade' }),
    /** The shared assistant (public face) that answers in the storefront widget. */
    sharedAssistantId: uuid('shared_assistant_id').references(() => sharedAssistants.id, { onDelete: 'set null' }),
    widgetEnabled: boolean('widget_enabled').notNull().default(false),
    /** Contracts `ShopWidgetColors`. */
    colors: jsonb('colors'),
    greeting: text('greeting'),
  },
  (t) => [uniqueIndex('shop_settings_connection_unique').on(t.shopConnectionId), index('shop_settings_owner_idx').on(t.ownerEmail)],
);

/** Orders a connected shop reported (orders/create), kept for the customer-value analytics. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    shopConnectionId: uuid('shop_connection_id')
      .notNull()
      .references(() => shopConnections.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name'),
    customerEmail: text('customer_email'),
    /** The order total as Shopify writes it (a decimal string): exact, never a binary float. */
    totalPrice: text('total_price'),
    currency: text('currency'),
    orderCreatedAt: timestamp('order_created_at', { withTimezone: true }),
    note: text('note'),
    /** The order's note attributes (cart attributes): `[{name, value}]`. */
    attributes: jsonb('attributes'),
  },
  (t) => [
    uniqueIndex('orders_shop_external_unique').on(t.shopConnectionId, t.externalId),
    index('orders_owner_idx').on(t.ownerEmail, t.orderCreatedAt),
  ],
);
