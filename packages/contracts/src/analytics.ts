import { z } from 'zod';
import { threadOrigins } from './channels';

/**
 * Customer-value analytics (spec §1 "view analytics of customer value", §3 CustomerValueAnalytics,
 * §7 listCustomerValueAnalytics): the refresh call's shapes and the values the numbers are made
 * of. Shared by the server's computation and the dashboard, which shows the defaults it used.
 */

/** The periods a row covers (spec §3 `timeWindow`). */
export const analyticsTimeWindows = ['day', 'week', 'month'] as const;
export type AnalyticsTimeWindow = (typeof analyticsTimeWindows)[number];

/** What a row aggregates (`aggregationType`): every conversation, one assistant's, or one channel's. */
export const analyticsAggregations = ['all', 'assistant', 'channel'] as const;
export type AnalyticsAggregation = (typeof analyticsAggregations)[number];

/** The only `analyticsType` written so far. */
export const CUSTOMER_VALUE_ANALYTICS_TYPE = 'customer_value';

/** Where a customer conversation came from (a shared thread's `origin`; none recorded counts as web). */
export const analyticsChannels = threadOrigins;
export type AnalyticsChannel = (typeof analyticsChannels)[number];

/**
 * The owner has no settings for these yet (not shown in the spec): a conversation the assistant
 * handled is counted as this many minutes of a person's time, at this hourly cost. The dashboard
 * says so next to the numbers.
 */
export const DEFAULT_MINUTES_PER_CONVERSATION = 5;
export const DEFAULT_HOURLY_COST_USD = 20;
/** Peak hours are counted in this zone while owners have no time-zone setting. */
export const DEFAULT_ANALYTICS_TIME_ZONE = 'UTC';

/** How many periods of each window a refresh writes (the dashboard compares 90 days with the 90 before). */
export const ANALYTICS_PERIODS: Record<AnalyticsTimeWindow, number> = { day: 180, week: 26, month: 12 };

/** `POST /api/analytics/refresh/` (nothing to send: the owner is the caller) answers this. */
export const refreshAnalyticsResponseSchema = z.object({
  /** Rows inserted or changed by this refresh (0 when nothing changed since the last one). */
  written: z.number().int(),
  /** Rows of the refreshed periods that no longer have data, removed. */
  removed: z.number().int(),
  /** Rows the owner has for the refreshed periods. */
  rows: z.number().int(),
  /** ISO 8601. */
  refreshedAt: z.string(),
});
export type RefreshAnalyticsResponse = z.infer<typeof refreshAnalyticsResponseSchema>;

/** One entry of `modelBreakdown`, keyed by `provider:model`. */
export const modelBreakdownEntrySchema = z.object({
  responses: z.number(),
  totalTokens: z.number(),
  cost: z.number(),
});
/** One entry of `channelBreakdown`, keyed by channel. */
export const channelBreakdownEntrySchema = z.object({
  interactions: z.number(),
  customerInteractions: z.number(),
  cost: z.number(),
});

// ── From chat: what the chat did for the shop (issue 32) ────────────────────────────────────

/** How far back the "From chat" counts reach (the dashboard reads 180 days: 90 shown, 90 before). */
export const COMMERCE_COUNTS_MAX_DAYS = 366;

/**
 * `GET /api/analytics/commerce/`: the owner's "From chat" counts per UTC day, from `since` on,
 * counted from the commerce action log when asked (no stored rows to refresh). One filter at a time,
 * as on the dashboard: an assistant, or a channel (a shared thread's origin; none recorded is web).
 */
export const commerceCountsQuerySchema = z.object({
  since: z.iso.datetime({ offset: true, error: 'Enter a valid date and time.' }),
  assistantId: z.uuid({ error: 'Must be a valid UUID.' }).optional(),
  channel: z.enum(analyticsChannels, { error: (issue) => `"${String(issue.input)}" is not a valid choice.` }).optional(),
});
export type CommerceCountsQuery = z.infer<typeof commerceCountsQuerySchema>;

/**
 * One UTC day's counts (days without any are left out), from shoppers' chats only (the owner's own
 * test chat is not counted):
 * - `ordersHelped`: orders a shopper was shown after matching them (an order looked up twice in one
 *   chat on one day counts once);
 * - `returnsStarted`: returns requested for a verified shopper;
 * - `addedToCart`: products added to the storefront's cart from a card.
 */
export const commerceDayCountsSchema = z.object({
  /** "2026-03-14" (UTC). */
  day: z.string(),
  ordersHelped: z.number().int(),
  returnsStarted: z.number().int(),
  addedToCart: z.number().int(),
});
export type CommerceDayCounts = z.infer<typeof commerceDayCountsSchema>;

export const commerceCountsResponseSchema = z.object({ days: z.array(commerceDayCountsSchema) });
export type CommerceCountsResponse = z.infer<typeof commerceCountsResponseSchema>;
