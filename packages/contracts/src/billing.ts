import { z } from 'zod';

/**
 * Billing shapes (spec §1 "Pay by subscription or by top-up credit in USD", §7 Users, the payment
 * provider's and the commerce platform's calls), shared by the server's validation and the
 * Account screen. Amounts on the wire are USD numbers (exact to the micro-dollar: the server keeps
 * integer micro-USD and divides once); request amounts are whole dollars, so no float is ever summed.
 */

export const DEFAULT_TIER = 'basic';

/** What a tier limits, in the order the Account screen lists them. */
export const LIMIT_NAMES = [
  'assistants',
  'knowledgeStores',
  'storedMegabytes',
  'messagesPerMonth',
  'channels',
  'functions',
  'wizardRuns',
] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/** How each limit reads in a sentence ("2 assistants") and on the Account screen's bars. */
export const LIMIT_LABELS: Record<LimitName, { label: string; unit: (n: number) => string; perPeriod: boolean }> = {
  assistants: { label: 'Assistants', unit: (n) => (n === 1 ? 'assistant' : 'assistants'), perPeriod: false },
  knowledgeStores: { label: 'Knowledge stores', unit: (n) => (n === 1 ? 'knowledge store' : 'knowledge stores'), perPeriod: false },
  storedMegabytes: { label: 'Stored files', unit: () => 'MB of stored files', perPeriod: false },
  messagesPerMonth: { label: 'Messages this period', unit: (n) => (n === 1 ? 'message a month' : 'messages a month'), perPeriod: true },
  channels: { label: 'Connected channels', unit: (n) => (n === 1 ? 'connected channel' : 'connected channels'), perPeriod: false },
  functions: { label: 'Functions', unit: (n) => (n === 1 ? 'function' : 'functions'), perPeriod: false },
  wizardRuns: {
    label: 'Setup wizard runs this period',
    unit: (n) => (n === 1 ? 'setup wizard run a month' : 'setup wizard runs a month'),
    perPeriod: true,
  },
};

/**
 * The one message for a reached limit: which limit, and how to get more. The server sends it as
 * the 403's `detail`; the Account screen shows the same words under a full bar.
 */
export function limitReachedMessage(input: { limit: LimitName; max: number; tierName: string; topTier: boolean }): string {
  const { label, unit } = LIMIT_LABELS[input.limit];
  const reached = `You have reached your ${input.tierName} plan's limit of ${input.max.toLocaleString('en-US')} ${unit(input.max)} (${label.toLowerCase()}).`;
  return input.topTier
    ? `${reached} Remove something you no longer need, or wait for the next billing period.`
    : `${reached} Upgrade your plan on the Account page to raise it.`;
}

/** Top-up amounts offered (USD); any whole amount from MIN to MAX may be asked for. */
export const TOP_UP_AMOUNTS_USD = [10, 25, 50, 100] as const;
export const TOP_UP_MIN_USD = 5;
export const TOP_UP_MAX_USD = 1000;

const pageResponse = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });

export const billingPageQuerySchema = z.object({ page: z.string().max(20).optional() });

// --- Tiers -----------------------------------------------------------------------------------

export const tierLimitsSchema = z.object(
  Object.fromEntries(LIMIT_NAMES.map((name) => [name, z.number().int()])) as Record<LimitName, z.ZodNumber>,
);
export type TierLimits = z.infer<typeof tierLimitsSchema>;

/** One tier as it applies now (GET users/tier-limits/): its price and limits, and its table version. */
export const tierSchema = z.object({
  tier: z.string(),
  name: z.string(),
  rank: z.number().int(),
  monthly_price_usd: z.number(),
  version: z.number().int(),
  effective_from: z.string(),
  limits: tierLimitsSchema,
});
export type Tier = z.infer<typeof tierSchema>;
export const tierPageSchema = pageResponse(tierSchema);
export type TierPage = z.infer<typeof tierPageSchema>;

// --- Usage -----------------------------------------------------------------------------------

export const limitUsageSchema = z.object({ used: z.number(), limit: z.number().int(), message: z.string().nullable() });
export type LimitUsage = z.infer<typeof limitUsageSchema>;

/** GET users/tier-track/: usage against the tier's limits in the billing period in force. */
export const tierTrackSchema = z.object({
  tier: z.string(),
  tier_name: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  usage: z.object(Object.fromEntries(LIMIT_NAMES.map((name) => [name, limitUsageSchema])) as Record<LimitName, typeof limitUsageSchema>),
});
export type TierTrack = z.infer<typeof tierTrackSchema>;

/** POST users/reset-tier-track/ (staff): one user's period starts again now, with nothing used. */
export const resetTierTrackRequestSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address.')),
});
export type ResetTierTrackRequest = z.infer<typeof resetTierTrackRequestSchema>;

export const availableUsdSchema = z.object({ available_usd: z.number(), tier: z.string() });
export type AvailableUsd = z.infer<typeof availableUsdSchema>;

/** POST users/insert-daily-usage/ (staff, or the server's own jobs): usage to add to a user's day. */
export const insertDailyUsageRequestSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address.')),
  day: z.iso.date().optional(),
  input_tokens: z.number().int().min(0).max(1e12).default(0),
  output_tokens: z.number().int().min(0).max(1e12).default(0),
  generations: z.number().int().min(0).max(1e9).default(0),
  /** Recorded usage cost in micro-USD (integer; it is usage, not a charge: the balance does not move). */
  cost_micro_usd: z.number().int().min(0).max(1e12).default(0),
});
export type InsertDailyUsageRequest = z.input<typeof insertDailyUsageRequestSchema>;

export const dailyUsageSchema = z.object({
  day: z.string(),
  cost_usd: z.number(),
  input_tokens: z.number(),
  output_tokens: z.number(),
  generations: z.number(),
});
export type DailyUsage = z.infer<typeof dailyUsageSchema>;
export const dailyUsageListSchema = z.object({ results: z.array(dailyUsageSchema) });
export type DailyUsageList = z.infer<typeof dailyUsageListSchema>;

// --- Ledger and subscriptions ------------------------------------------------------------------

export const transactionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  kind: z.enum(['generation_charge', 'top_up', 'refund', 'adjustment']),
  amount_usd: z.number(),
  balance_after_usd: z.number(),
  reference: z.string().nullable(),
  description: z.string().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;
export const transactionPageSchema = pageResponse(transactionSchema);
export type TransactionPage = z.infer<typeof transactionPageSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  provider: z.enum(['stripe', 'shopify']),
  tier: z.string(),
  status: z.string(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  created_at: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionPageSchema = pageResponse(subscriptionSchema);
export type SubscriptionPage = z.infer<typeof subscriptionPageSchema>;

// --- Checkouts ---------------------------------------------------------------------------------

const topUpAmount = z
  .number('Enter an amount in US dollars.')
  .int('Top up a whole number of dollars.')
  .min(TOP_UP_MIN_USD, `Top up at least $${TOP_UP_MIN_USD}.`)
  .max(TOP_UP_MAX_USD, `Top up at most $${TOP_UP_MAX_USD} at a time.`);

/** POST users/top-up-usd/: a Stripe Checkout (web) or a Shopify one-time charge (embedded). */
export const topUpRequestSchema = z.object({ amount_usd: topUpAmount });
export type TopUpRequest = z.infer<typeof topUpRequestSchema>;

/** POST stripe/checkout/ and sh/create-charge/: a tier (subscription) or an amount (top-up), not both. */
export const checkoutRequestSchema = z
  .object({ tier: z.string().trim().min(1).max(40).optional(), amount_usd: topUpAmount.optional() })
  .refine((value) => (value.tier === undefined) !== (value.amount_usd === undefined), {
    message: 'Send either a tier or an amount_usd.',
    path: ['tier'],
  });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** Where to send the user (Stripe Checkout, Shopify's approval page), and the checkout to wait for. */
export const checkoutResponseSchema = z.object({ url: z.string(), checkout_id: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const checkoutStatusSchema = z.object({
  id: z.string(),
  kind: z.enum(['subscription', 'top_up']),
  status: z.enum(['pending', 'completed', 'declined']),
  tier: z.string().nullable(),
  amount_usd: z.number().nullable(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;
export const checkoutIdParamsSchema = z.object({ id: z.string().max(100) });

export const portalResponseSchema = z.object({ url: z.string() });
export type PortalResponse = z.infer<typeof portalResponseSchema>;

/** GET users/billing/: what the Account screen needs to offer payments on this server. */
export const billingOptionsSchema = z.object({
  /** `stripe` (web users), `shopify` (embedded shops), or null: paid plans are not available here. */
  provider: z.enum(['stripe', 'shopify']).nullable(),
  unavailable_reason: z.string().nullable(),
  top_up_amounts_usd: z.array(z.number()),
});
export type BillingOptions = z.infer<typeof billingOptionsSchema>;

/** GET stripe/products/: the Stripe prices, each with its product. */
export const stripePriceSchema = z.object({
  id: z.string(),
  lookup_key: z.string().nullable(),
  unit_amount: z.number().nullable(),
  currency: z.string(),
  recurring_interval: z.string().nullable(),
  tier: z.string().nullable(),
  product: z.object({ id: z.string(), name: z.string(), description: z.string().nullable() }),
});
export type StripePrice = z.infer<typeof stripePriceSchema>;
export const stripeProductsSchema = z.object({ results: z.array(stripePriceSchema) });

/** The live account status (GraphQL `onUpdateAccount`): sent when the tier or the balance changes. */
export interface AccountStatus {
  tier: string;
  availableUsd: number;
  checkoutId: string | null;
  checkoutStatus: string | null;
}
