import type { AdminApiContext } from './admin-api-context';
import { type AdminGraphqlOptions, adminGraphql, requireData } from './admin-graphql';
import { PRODUCT_QUERY, PRODUCT_VARIANTS_QUERY, PRODUCTS_PER_PAGE, PRODUCTS_QUERY, SHOP_QUERY } from './catalog-queries';
import type { ShopifyProductNode, ShopifyVariantNode } from './product-record';
import type { ShopConnection } from './shop-connections';

type Page<T> = { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: T[] };

export async function fetchShopInfo(ctx: AdminApiContext, connection: ShopConnection, options?: AdminGraphqlOptions) {
  const data = requireData(
    await adminGraphql<{ shop: { name: string; currencyCode: string } }>(ctx, connection, { query: SHOP_QUERY }, options),
  );
  return { name: data.shop.name, currency: data.shop.currencyCode };
}

/** Every active product of the shop, page by page, each with all its variants. */
export async function fetchAllProducts(ctx: AdminApiContext, connection: ShopConnection, options?: AdminGraphqlOptions) {
  const all: ShopifyProductNode[] = [];
  let after: string | null = null;
  do {
    const data: { products: Page<ShopifyProductNode> } = requireData(
      await adminGraphql<{ products: Page<ShopifyProductNode> }>(
        ctx,
        connection,
        { query: PRODUCTS_QUERY, variables: { first: PRODUCTS_PER_PAGE, after } },
        options,
      ),
    );
    for (const node of data.products.nodes) all.push(await withAllVariants(ctx, connection, node, options));
    after = data.products.pageInfo.hasNextPage ? data.products.pageInfo.endCursor : null;
  } while (after);
  return all;
}

/** One product with all its variants, or null when Shopify has no such product. */
export async function fetchProduct(ctx: AdminApiContext, connection: ShopConnection, id: string, options?: AdminGraphqlOptions) {
  const data = requireData(
    await adminGraphql<{ product: ShopifyProductNode | null }>(ctx, connection, { query: PRODUCT_QUERY, variables: { id } }, options),
  );
  return data.product ? withAllVariants(ctx, connection, data.product, options) : null;
}

async function withAllVariants(ctx: AdminApiContext, connection: ShopConnection, node: ShopifyProductNode, options?: AdminGraphqlOptions) {
  const variants = [...node.variants.nodes];
  let pageInfo = node.variants.pageInfo;
  while (pageInfo.hasNextPage && pageInfo.endCursor) {
    const data: { product: { variants: Page<ShopifyVariantNode> } | null } = requireData(
      await adminGraphql<{ product: { variants: Page<ShopifyVariantNode> } | null }>(
        ctx,
        connection,
        { query: PRODUCT_VARIANTS_QUERY, variables: { id: node.id, after: pageInfo.endCursor } },
        options,
      ),
    );
    if (!data.product) break;
    variants.push(...data.product.variants.nodes);
    pageInfo = data.product.variants.pageInfo;
  }
  return { ...node, variants: { pageInfo, nodes: variants } };
}
