import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { id, ownerEmail, timestamps } from './columns';

const _flag = (name: string) => boolean(name).notNull().default(false);

/** Spec §3 CustomerValueAnalytics, every listed field. */
export const customerValueAnalytics = pgTable(
  'customer_value_analytics',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    timeWindow: text('time_window'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    lastRefreshed: timestamp('last_refreshed', { withTimezone: true }),
    customersHelped: integer('customers_helped').notNull().default(0),
    totalInteractions: integer('total_interactions').notNull().default(0),
    customerInteractions: integer('customer_interactions').notNull().default(0),
    assistantResponses: integer('assistant_responses').notNull().default(0),
    estimatedTimeSaved: doublePrecision('estimated_time_saved').notNull().default(0),
    estimatedCostSavings: doublePrecision('estimated_cost_savings').notNull().default(0),
    avgResponseTime: doublePrecision('avg_response_time'),
    totalTokens: bigint('total_tokens', { mode: 'number' }).notNull().default(0),
    promptTokens: bigint('prompt_tokens', { mode: 'number' }).notNull().default(0),
    completionTokens: bigint('completion_tokens', { mode: 'number' }).notNull().default(0),
    cacheTokens: bigint('cache_tokens', { mode: 'number' }).notNull().default(0),
    actualCost: doublePrecision('actual_cost').notNull().default(0),
    promptCost: doublePrecision('prompt_cost').notNull().default(0),
    completionCost: doublePrecision('completion_cost').notNull().default(0),
    cacheCost: doublePrecision('cache_cost').notNull().default(0),
    costPerCustomer: doublePrecision('cost_per_customer'),
    costPerInteraction: doublePrecision('cost_per_interaction'),
    modelBreakdown: jsonb('model_breakdown'),
    channelBreakdown: jsonb('channel_breakdown'),
    peakHours: jsonb('peak_hours'),
    avgMessagesPerConversation: doublePrecision('avg_messages_per_conversation'),
    returningCustomers: integer('returning_customers').notNull().default(0),
    newCustomers: integer('new_customers').notNull().default(0),
    automationRate: doublePrecision('automation_rate'),
    conversationCompletionRate: doublePrecision('conversation_completion_rate'),
    growthTrend: jsonb('growth_trend'),
    customerGrowth: doublePrecision('customer_growth'),
    interactionGrowth: doublePrecision('interaction_growth'),
    assistantId: uuid('assistant_id'),
    assistantName: text('assistant_name'),
    analyticsType: text('analytics_type'),
    aggregationType: text('aggregation_type'),
    channel: text('channel'),
    pricingSnapshot: jsonb('pricing_snapshot'),
    /**
     * Orders of a connected shop joined to the period's conversations (issue 19): by the cart
     * attribute the widget sets (`aisle_thread`) or by the visitor's contact e-mail within 7 days.
     * Revenue is the orders' totals in the shop's currency (`pricingSnapshot.revenueCurrency`).
     */
    assistedOrders: integer('assisted_orders').notNull().default(0),
    assistedRevenue: doublePrecision('assisted_revenue').notNull().default(0),
  },
  (t) => [
    index('customer_value_analytics_owner_idx').on(t.ownerEmail, t.createdAt),
    // One row per owner, window, period and aggregate: the refresh upserts on it, so running it
    // twice writes nothing new. NULLS NOT DISTINCT: the all-rows have neither assistant nor channel.
    unique('customer_value_analytics_period_key')
      .on(t.ownerEmail, t.timeWindow, t.periodStart, t.analyticsType, t.aggregationType, t.assistantId, t.channel)
      .nullsNotDistinct(),
  ],
);
