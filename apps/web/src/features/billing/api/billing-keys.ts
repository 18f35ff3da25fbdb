/** Query keys of the billing feature, per signed-in user: every billing query lives under `all`. */
export const billingKeys = {
  all: (email: string | undefined) => ['billing', email] as const,
  options: (email: string | undefined) => ['billing', email, 'options'] as const,
  tierTrack: (email: string | undefined) => ['billing', email, 'tier-track'] as const,
  tiers: (email: string | undefined) => ['billing', email, 'tiers'] as const,
  balance: (email: string | undefined) => ['billing', email, 'balance'] as const,
  transactions: (email: string | undefined, page: number) => ['billing', email, 'transactions', page] as const,
  dailyUsage: (email: string | undefined) => ['billing', email, 'daily-usage'] as const,
  checkout: (email: string | undefined, id: string) => ['billing', email, 'checkout', id] as const,
};
