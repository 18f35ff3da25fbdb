/**
 * What clients read when a Shopify call fails. The embedded app shows spec §8's own texts for
 * these statuses ("Failed to complete Shopify authentication", "Failed to authorize request."), so
 * the details here are for logs, API users and the Store screens.
 */
export const shopifyMessages = {
  notConfigured: 'Shopify is not configured.',
  invalidShop: 'The shop must be a *.myshopify.com domain.',
  invalidHmac: 'The request signature (hmac) is invalid.',
  staleRequest: 'The request has expired (its timestamp is too old). Open the app from your Shopify admin again.',
  invalidState: 'The sign-in request is invalid or has expired. Install or open the app from your Shopify admin again.',
  callbackFailed: 'Failed to complete Shopify authentication.',
  invalidSessionToken: 'The Shopify session token is invalid or expired.',
  wrongShopSessionToken: 'The Shopify session token names two different shops.',
  reauthorize:
    'Failed to authorize request. Shopify no longer accepts this store’s connection: open the app from your Shopify admin to reconnect it.',
  unreachable: 'A network error has occurred. Shopify could not be reached; try again in a moment.',
  shopifyFailed: 'Shopify could not complete the request. Try again in a moment.',
  notFound: 'Not found.',
  noShop: 'Connect your Shopify store first.',
  invalidPage: 'Invalid page.',
  unknownAssistant: 'Choose one of your shared assistants.',
};
