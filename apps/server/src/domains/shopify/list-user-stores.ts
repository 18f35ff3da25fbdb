import { USER_STORES_PAGE_SIZE, type UserStorePage } from '@aisle/contracts/shopify';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { shopConnections } from '../../db/schema';
import { pageNumber, pageOf } from '../../lib/page-number';
import type { ShopifyContext } from './shopify-context';

/** `GET sh/user-stores/`: the shops connected to the signed-in account (installed, not disconnected), oldest first. */
export async function listUserStores(ctx: ShopifyContext, input: { ownerEmail: string; page?: string }): Promise<UserStorePage> {
  const mine = and(
    eq(shopConnections.ownerEmail, input.ownerEmail),
    eq(shopConnections.platform, 'shopify'),
    isNull(shopConnections.uninstalledAt),
  );
  const [total] = await ctx.db.select({ value: count() }).from(shopConnections).where(mine);
  const { page, lastPage } = pageNumber(input.page, total?.value ?? 0, USER_STORES_PAGE_SIZE);
  const rows = await ctx.db
    .select()
    .from(shopConnections)
    .where(mine)
    .orderBy(asc(shopConnections.createdAt), asc(shopConnections.id))
    .limit(USER_STORES_PAGE_SIZE)
    .offset((page - 1) * USER_STORES_PAGE_SIZE);
  return pageOf({
    url: `${ctx.env.PUBLIC_URL}/api/sh/user-stores/`,
    page,
    lastPage,
    count: total?.value ?? 0,
    results: rows.map((row) => ({
      shop_domain: row.shopDomain,
      shop_name: row.shopName,
      visited: row.visited,
      installed_at: row.installedAt?.toISOString() ?? null,
      catalog_synced_at: row.catalogSyncedAt?.toISOString() ?? null,
      needs_reauthorization: Boolean(row.reauthorizeRequiredAt),
    })),
  });
}
