/** Spec §8 "Embedded": what the embedded app says when a Shopify step fails, exactly. */
export const shopifyMessages = {
  callbackFailed: 'Failed to complete Shopify authentication',
  refreshFailed: 'Failed to refresh Shopify access token. Please login again.',
  refreshWithoutToken: 'Failed to refresh access token. Please login again.',
  authorizeFailed: 'Failed to authorize request.',
  networkError: 'A network error has occurred.',
} as const;
