import { SHOP_PRODUCTS_PAGE_SIZE, type ShopProduct } from '@aisle/contracts/shopify';
import { and, asc, count, eq } from 'drizzle-orm';
import { products, shopConnections } from '../../db/schema';
import { pageNumber, pageOf } from '../../lib/page-number';
import type { ShopifyContext } from './shopify-context';

/** `GET sh/products/`: the signed-in account's synced catalog (optionally one shop's), by title. */
export async function listShopProducts(ctx: ShopifyContext, input: { ownerEmail: string; page?: string; shop?: string }) {
  const mine = and(
    eq(products.ownerEmail, input.ownerEmail),
    input.shop ? eq(shopConnections.shopDomain, input.shop.trim().toLowerCase()) : undefined,
  );
  const [total] = await ctx.db
    .select({ value: count() })
    .from(products)
    .innerJoin(shopConnections, eq(shopConnections.id, products.shopConnectionId))
    .where(mine);
  const { page, lastPage } = pageNumber(input.page, total?.value ?? 0, SHOP_PRODUCTS_PAGE_SIZE);
  const rows = await ctx.db
    .select({ product: products, shopDomain: shopConnections.shopDomain })
    .from(products)
    .innerJoin(shopConnections, eq(shopConnections.id, products.shopConnectionId))
    .where(mine)
    .orderBy(asc(products.title), asc(products.id))
    .limit(SHOP_PRODUCTS_PAGE_SIZE)
    .offset((page - 1) * SHOP_PRODUCTS_PAGE_SIZE);
  return pageOf({
    url: `${ctx.env.PUBLIC_URL}/api/sh/products/`,
    query: input.shop ? { shop: input.shop } : undefined,
    page,
    lastPage,
    count: total?.value ?? 0,
    results: rows.map(
      ({ product, shopDomain }): ShopProduct => ({
        id: product.id,
        shop_domain: shopDomain,
        external_id: product.externalId,
        title: product.title,
        handle: product.handle,
        url: product.url,
        image_url: product.imageUrl,
        vendor: product.vendor,
        product_type: product.productType,
        tags: product.tags ?? [],
        price: product.price,
        currency: product.currency,
        available: product.available,
        total_inventory: product.totalInventory,
        updated_at: product.updatedAt.toISOString(),
      }),
    ),
  });
}
