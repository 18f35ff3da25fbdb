/** What merchants read from the payment calls (one place, as the web app shows them as sent). */
export const paymentMessages = {
  stripeNotConfigured: 'Paid plans are not available on this server: card payments (Stripe) are not configured.',
  shopifyNotConfigured: 'Paid plans are not available on this server: Shopify billing is not configured.',
  webhookNotConfigured: 'Stripe webhooks are not configured.',
  embeddedUseShopify: 'Your store pays through Shopify: choose the plan in the Account page inside your Shopify admin.',
  webUseStripe: 'Shopify billing is only for stores that use the app inside Shopify.',
  noShop: 'Connect your Shopify store first.',
  unknownTier: 'There is no paid plan by that name.',
  samePlan: 'You are already on this plan.',
  noCustomer: 'You have no subscription to manage yet.',
  providerFailed: 'The payment provider could not be reached. Try again in a moment.',
  checkoutNotFound: 'Checkout not found.',
} as const;
