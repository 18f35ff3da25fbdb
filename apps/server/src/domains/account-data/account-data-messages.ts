/** The client-facing texts of account deletion. */
export const accountDataMessages = {
  /** A shop's own account (owner@{shop}): nobody knows its password; uninstalling the app erases it. */
  shopAccount:
    'This account signs in through Shopify and has no password of its own. To delete it with its data, uninstall the Aisle app from your Shopify admin: Shopify then asks Aisle to erase the shop’s data.',
  subscriptionRenews: 'Your subscription still renews. Cancel it on the Account page first, then delete your account.',
} as const;
