import { CUSTOMER_VALUE_ANALYTICS_TYPE } from '@aisle/contracts/analytics';
import { PRICING_AS_OF, type ProviderName, priceOf } from '../billing';
import type { CustomerValueFacts, HourFacts, MessageFacts, OrderFacts, ThreadFacts } from './customer-value-facts';

/** How the estimates are made (stored with each row as its `pricingSnapshot`). */
export interface ValueSettings {
  minutesPerConversation: number;
  hourlyCostUsd: number;
  timeZone: string;
}

/** One `customer_value_analytics` row as the refresh writes it (snake_case: the table's columns). */
export type AnalyticsRow = Record<string, string | number | null | object>;

type Aggregate = { kind: 'all' } | { kind: 'assistant'; id: string } | { kind: 'channel'; origin: string };

const keyOf = (a: Aggregate) => (a.kind === 'all' ? 'all' : a.kind === 'assistant' ? `assistant:${a.id}` : `channel:${a.origin}`);
const matches = (a: Aggregate, assistantId: string | null, origin: string | null) =>
  a.kind === 'all' || (a.kind === 'assistant' ? assistantId === a.id : origin === a.origin);
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const growth = (current: number, previous: number | undefined) => (previous ? (current - previous) / previous : null);
/** Sums of money in floats drift in the last bits; rows compare equal on re-runs only when rounded. */
const usd = (value: number) => Math.round(value * 1e9) / 1e9;

const PROVIDERS: readonly string[] = ['openai', 'anthropic', 'local'] satisfies ProviderName[];
const UNPRICED = { inputPerMillion: 0, outputPerMillion: 0, cachedInputPerMillion: 0 };

/** A recorded provider the table no longer knows cost what it was charged, split at no price. */
const priceOfRecorded = (provider: string | null, model: string | null) =>
  provider && model && PROVIDERS.includes(provider) ? priceOf(provider as ProviderName, model) : UNPRICED;

function modelName(fact: MessageFacts) {
  if (!fact.model) return null;
  return fact.provider ? `${fact.provider}:${fact.model}` : fact.model;
}

/** The spend of some message facts, split by token kind at the table's prices. */
function spend(facts: MessageFacts[]) {
  const total = { input: 0, output: 0, cached: 0, cost: 0, promptCost: 0, completionCost: 0, cacheCost: 0 };
  const prices: Record<string, { inputPerMillion: number; outputPerMillion: number; cachedInputPerMillion: number }> = {};
  for (const fact of facts) {
    total.input += fact.input_tokens;
    total.output += fact.output_tokens;
    total.cached += fact.cached_tokens;
    total.cost += fact.cost;
    const name = modelName(fact);
    if (!name) continue;
    const price = priceOfRecorded(fact.provider, fact.model);
    prices[name] = {
      inputPerMillion: price.inputPerMillion,
      outputPerMillion: price.outputPerMillion,
      cachedInputPerMillion: price.cachedInputPerMillion,
    };
    const cached = Math.min(fact.cached_tokens, fact.input_tokens);
    total.promptCost += ((fact.input_tokens - cached) * price.inputPerMillion) / 1e6;
    total.cacheCost += (cached * price.cachedInputPerMillion) / 1e6;
    total.completionCost += (fact.output_tokens * price.outputPerMillion) / 1e6;
  }
  return { ...total, prices };
}

function breakdowns(facts: MessageFacts[]) {
  const models: Record<string, { responses: number; totalTokens: number; cost: number }> = {};
  const channels: Record<string, { interactions: number; customerInteractions: number; cost: number }> = {};
  for (const fact of facts) {
    const name = modelName(fact);
    if (name) {
      const entry = models[name] ?? { responses: 0, totalTokens: 0, cost: 0 };
      models[name] = entry;
      entry.responses += fact.bot_messages;
      entry.totalTokens += fact.input_tokens + fact.output_tokens;
      entry.cost = usd(entry.cost + fact.cost);
    }
    const channel = channels[fact.origin] ?? { interactions: 0, customerInteractions: 0, cost: 0 };
    channels[fact.origin] = channel;
    channel.interactions += fact.user_messages + fact.bot_messages + fact.manual_messages;
    channel.customerInteractions += fact.user_messages;
    channel.cost = usd(channel.cost + fact.cost);
  }
  return { models, channels };
}

function peakHours(hours: HourFacts[]) {
  const counts = Array.from({ length: 24 }, () => 0);
  for (const hour of hours) counts[hour.hour] = (counts[hour.hour] ?? 0) + hour.messages;
  return counts;
}

interface RowInput {
  ownerEmail: string;
  window: string;
  periodMs: number;
  endMs: number;
  aggregate: Aggregate;
  assistantName: string | null;
  messages: MessageFacts[];
  hours: HourFacts[];
  orders: OrderFacts[];
  thread: ThreadFacts | undefined;
  previous: AnalyticsRow | undefined;
  settings: ValueSettings;
}

function buildRow(input: RowInput): AnalyticsRow {
  const { messages, thread, settings, aggregate } = input;
  const sum = (pick: (f: MessageFacts) => number) => messages.reduce((total, f) => total + pick(f), 0);
  const customerInteractions = sum((f) => f.user_messages);
  const assistantResponses = sum((f) => f.bot_messages);
  const totalInteractions = customerInteractions + assistantResponses + sum((f) => f.manual_messages);
  const waits = sum((f) => f.waits);
  const money = spend(messages);
  const { models, channels } = breakdowns(messages);
  const customersHelped = thread?.helped ?? 0;
  const automated = thread?.automated ?? 0;
  const estimatedTimeSaved = (automated * settings.minutesPerConversation) / 60;
  const cost = usd(money.cost);
  const previous = input.previous;
  const assistedRevenue = Math.round(input.orders.reduce((total, o) => total + o.revenue, 0) * 100) / 100;
  return {
    owner_email: input.ownerEmail,
    time_window: input.window,
    period_start: new Date(input.periodMs).toISOString(),
    period_end: new Date(input.endMs).toISOString(),
    analytics_type: CUSTOMER_VALUE_ANALYTICS_TYPE,
    aggregation_type: aggregate.kind,
    assistant_id: aggregate.kind === 'assistant' ? aggregate.id : null,
    assistant_name: aggregate.kind === 'assistant' ? input.assistantName : null,
    channel: aggregate.kind === 'channel' ? aggregate.origin : null,
    customers_helped: customersHelped,
    total_interactions: totalInteractions,
    customer_interactions: customerInteractions,
    assistant_responses: assistantResponses,
    estimated_time_saved: estimatedTimeSaved,
    estimated_cost_savings: usd(estimatedTimeSaved * settings.hourlyCostUsd),
    avg_response_time: waits > 0 ? sum((f) => f.wait_seconds) / waits : null,
    total_tokens: money.input + money.output,
    prompt_tokens: money.input,
    completion_tokens: money.output,
    cache_tokens: money.cached,
    actual_cost: cost,
    prompt_cost: usd(money.promptCost),
    completion_cost: usd(money.completionCost),
    cache_cost: usd(money.cacheCost),
    cost_per_customer: customersHelped > 0 ? usd(cost / customersHelped) : null,
    cost_per_interaction: customerInteractions > 0 ? usd(cost / customerInteractions) : null,
    model_breakdown: models,
    channel_breakdown: channels,
    peak_hours: peakHours(input.hours),
    avg_messages_per_conversation: ratio(thread?.messages ?? 0, thread?.conversations ?? 0),
    returning_customers: thread?.returning_customers ?? 0,
    new_customers: thread?.new_customers ?? 0,
    automation_rate: ratio(automated, thread?.answered ?? 0),
    conversation_completion_rate: ratio(thread?.completed ?? 0, thread?.conversations ?? 0),
    growth_trend: {
      previousPeriodStart: previous ? previous.period_start : null,
      customersHelped: (previous?.customers_helped as number | undefined) ?? 0,
      totalInteractions: (previous?.total_interactions as number | undefined) ?? 0,
      estimatedTimeSaved: (previous?.estimated_time_saved as number | undefined) ?? 0,
      estimatedCostSavings: (previous?.estimated_cost_savings as number | undefined) ?? 0,
      actualCost: (previous?.actual_cost as number | undefined) ?? 0,
    },
    customer_growth: growth(customersHelped, previous?.customers_helped as number | undefined),
    interaction_growth: growth(totalInteractions, previous?.total_interactions as number | undefined),
    pricing_snapshot: {
      asOf: PRICING_AS_OF,
      models: money.prices,
      minutesPerConversation: settings.minutesPerConversation,
      hourlyCostUsd: settings.hourlyCostUsd,
      timeZone: settings.timeZone,
      revenueCurrency: input.orders.find((o) => o.currency)?.currency ?? null,
    },
    assisted_orders: input.orders.reduce((total, o) => total + o.orders, 0),
    assisted_revenue: assistedRevenue,
  };
}

/**
 * Every row of the refreshed periods: the all-row of each period (zeros included, so charts have
 * every day), and a row for each assistant and channel that had a conversation in it. The oldest
 * period of each window is computed only as the previous period of the next.
 */
export function customerValueRows(
  facts: CustomerValueFacts,
  input: { ownerEmail: string; settings: ValueSettings; assistantNames: Map<string, string> },
): AnalyticsRow[] {
  const rows: AnalyticsRow[] = [];
  const byPeriod = <T extends { time_window: string; period_ms: number }>(list: T[]) => {
    const map = new Map<string, T[]>();
    for (const item of list) {
      const key = `${item.time_window}|${item.period_ms}`;
      map.set(key, [...(map.get(key) ?? []), item]);
    }
    return map;
  };
  const messages = byPeriod(facts.messages);
  const hours = byPeriod(facts.hours);
  const threads = byPeriod(facts.threads);
  const orders = byPeriod(facts.orders);
  const previousOf = new Map<string, AnalyticsRow>();
  const periods = [...facts.periods].sort((a, b) => a.period_ms - b.period_ms);
  const oldest = new Map<string, number>();
  for (const period of periods) if (!oldest.has(period.time_window)) oldest.set(period.time_window, period.period_ms);

  for (const period of periods) {
    const key = `${period.time_window}|${period.period_ms}`;
    const periodThreads = threads.get(key) ?? [];
    const aggregates: Aggregate[] = [{ kind: 'all' }];
    for (const t of periodThreads) {
      if (t.assistant_id) aggregates.push({ kind: 'assistant', id: t.assistant_id });
      else if (t.origin) aggregates.push({ kind: 'channel', origin: t.origin });
    }
    for (const aggregate of aggregates) {
      const thread = periodThreads.find((t) =>
        aggregate.kind === 'all'
          ? !t.assistant_id && !t.origin
          : aggregate.kind === 'assistant'
            ? t.assistant_id === aggregate.id
            : t.origin === aggregate.origin && !t.assistant_id,
      );
      const aggregateKey = `${period.time_window}|${keyOf(aggregate)}`;
      const row = buildRow({
        ownerEmail: input.ownerEmail,
        window: period.time_window,
        periodMs: period.period_ms,
        endMs: period.end_ms,
        aggregate,
        assistantName: aggregate.kind === 'assistant' ? (input.assistantNames.get(aggregate.id) ?? null) : null,
        messages: (messages.get(key) ?? []).filter((f) => matches(aggregate, f.assistant_id, f.origin)),
        hours: (hours.get(key) ?? []).filter((f) => matches(aggregate, f.assistant_id, f.origin)),
        orders: (orders.get(key) ?? []).filter((f) => matches(aggregate, f.assistant_id, f.origin)),
        thread,
        previous: previousOf.get(aggregateKey),
        settings: input.settings,
      });
      previousOf.set(aggregateKey, row);
      if (period.period_ms !== oldest.get(period.time_window)) rows.push(row);
    }
    // An aggregate quiet in this period is compared with nothing next period, not with its last activity.
    for (const aggregateKey of [...previousOf.keys()])
      if (
        aggregateKey.startsWith(`${period.time_window}|`) &&
        !aggregates.some((a) => aggregateKey === `${period.time_window}|${keyOf(a)}`)
      )
        previousOf.delete(aggregateKey);
  }
  return rows;
}
