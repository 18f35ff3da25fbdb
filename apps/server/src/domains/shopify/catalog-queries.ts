/**
 * The Admin GraphQL documents of the catalog (SHOPIFY_API_VERSION 2026-10). Page sizes keep a
 * query's calculated cost under Shopify's single-query limit (1,000 points): 10 products of 20
 * variants each, a product's further variants in pages of their own.
 */
export const PRODUCTS_PER_PAGE = 10;
export const VARIANTS_PER_PAGE = 20;

const VARIANT_FIELDS = `
  id title sku price compareAtPrice inventoryQuantity availableForSale
  selectedOptions { name value }
  inventoryItem { measurement { weight { unit value } } }`;

const PRODUCT_FIELDS = `
  id legacyResourceId title handle onlineStoreUrl descriptionHtml vendor productType tags status updatedAt totalInventory
  options { name values }
  featuredMedia { preview { image { url altText } } }
  variants(first: ${VARIANTS_PER_PAGE}) { pageInfo { hasNextPage endCursor } nodes { ${VARIANT_FIELDS} } }`;

export const SHOP_QUERY = `query CatalogShop { shop { name currencyCode myshopifyDomain } }`;

export const PRODUCTS_QUERY = `query CatalogProducts($first: Int!, $after: String) {
  products(first: $first, after: $after, query: "status:active", sortKey: ID) {
    pageInfo { hasNextPage endCursor }
    nodes { ${PRODUCT_FIELDS} }
  }
}`;

export const PRODUCT_QUERY = `query CatalogProduct($id: ID!) {
  product(id: $id) { ${PRODUCT_FIELDS} }
}`;

export const PRODUCT_VARIANTS_QUERY = `query CatalogProductVariants($id: ID!, $after: String) {
  product(id: $id) {
    variants(first: ${VARIANTS_PER_PAGE}, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${VARIANT_FIELDS} } }
  }
}`;
