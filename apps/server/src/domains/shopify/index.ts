/**
 * The public entry point of `domains/shopify`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */

export type { AdminApiContext } from './admin-api-context';
export { adminApiContext } from './admin-api-context';
export { adminGraphql, requireData } from './admin-graphql';
export { refreshProductJob, resumeCatalogSyncs, storefrontConfigurationJob, syncCatalogJob } from './catalog-jobs';
export { CATALOG_FILE_NAME, ensureCatalogStore } from './catalog-store';
export { handleAppUninstalled } from './handle-app-uninstalled';
export { queueProductRefresh } from './queue-product-refresh';
export { ShopReauthorizeError } from './reauthorize-error';
export { recordOrder } from './record-order';
export { redactCustomer } from './redact-customer';
export { redactShop } from './redact-shop';
export { refreshProduct } from './refresh-product';
export { requestCustomerData } from './request-customer-data';
export { resealShopTokens } from './reseal-shop-tokens';
export type { ShopConnection } from './shop-connections';
export { getConnectionByShop, getOwnedConnection, lockConnection, updateConnection } from './shop-connections';
export { isShopOwnAccount } from './shop-own-account';
export { getShopSettings, saveShopSettings } from './shop-settings';
export type { ShopifyContext } from './shopify-context';
export { createShopifyContext } from './shopify-context';
export { shopifyMessages } from './shopify-messages';
export { shopifyRoutes } from './shopify-routes';
export { refreshStorefrontConfiguration, writeStorefrontConfiguration } from './storefront-configuration';
export type { ShopCatalog } from './sync-catalog';
export { fetchCatalog, saveCatalog, syncCatalog } from './sync-catalog';
export { verifyShopifyWebhook } from './verify-shopify-webhook';
