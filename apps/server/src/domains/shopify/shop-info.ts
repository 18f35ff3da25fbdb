import { AppError } from '../../lib/app-error';
import { queueCatalogSync } from './catalog-jobs';
import { fetchShopInfo } from './fetch-products';
import { getOwnedConnection, updateConnection } from './shop-connections';
import type { ShopifyContext } from './shopify-context';
import { shopifyMessages } from './shopify-messages';

/**
 * `GET sh/shop/`: the connected shop as Shopify reports it now (name, currency), read live through
 * the Admin API; a refused token answers the reauthorisation headers.
 */
export async function getShopInfo(ctx: ShopifyContext, input: { ownerEmail: string; shop?: string }) {
  const connection = await getOwnedConnection(ctx.db, input.ownerEmail, input.shop?.trim().toLowerCase());
  if (!connection) throw new AppError('NOT_FOUND', input.shop ? shopifyMessages.notFound : shopifyMessages.noShop);
  const info = await fetchShopInfo(ctx, connection);
  const row = (await updateConnection(ctx.db, connection.id, { shopName: info.name, currency: info.currency })) ?? connection;
  return {
    shop: row.shopDomain,
    name: info.name,
    currency: info.currency,
    catalogStoreId: row.catalogStoreId,
    catalogSyncedAt: row.catalogSyncedAt?.toISOString() ?? null,
  };
}

/** `POST sh/sync/`: the owner asks for the catalog to be read again now (a background job). */
export async function requestCatalogSync(ctx: ShopifyContext, input: { ownerEmail: string; shop?: string }) {
  const connection = await getOwnedConnection(ctx.db, input.ownerEmail, input.shop?.trim().toLowerCase());
  if (!connection) throw new AppError('NOT_FOUND', input.shop ? shopifyMessages.notFound : shopifyMessages.noShop);
  await queueCatalogSync(ctx, connection.shopDomain);
  return { shop: connection.shopDomain, queued: true };
}
