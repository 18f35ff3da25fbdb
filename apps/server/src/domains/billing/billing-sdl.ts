/**
 * The owner's account, live (the Account screen turns from "pending" to the new tier or balance
 * without a reload): sent when the tier or the balance changes, or a checkout completes. Only the
 * caller's own account, whatever they are.
 */
export const billingSdl = /* GraphQL */ `
  type AccountStatus {
    "The tier now (present when it changed)."
    tier: String
    "The balance in USD now (present when it changed)."
    availableUsd: Float
    "The checkout that just completed or was declined, if this change is one."
    checkoutId: ID
    checkoutStatus: String
  }

  extend type Subscription {
    onUpdateAccount: AccountStatus
  }
`;
