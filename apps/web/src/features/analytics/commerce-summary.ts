import type { CommerceDayCounts } from '@aisle/contracts/analytics';
import { type DashboardWindow, windowBounds } from './dashboard-summary';

/** What the "From chat" cards and chart show, from the per-day counts: the window against the one before, and its days. */

export const commerceCounts = ['ordersHelped', 'returnsStarted', 'addedToCart'] as const;
export type CommerceCount = (typeof commerceCounts)[number];
export type CommerceTotals = Record<CommerceCount, number>;

export interface CommerceSummary {
  current: CommerceTotals;
  previous: CommerceTotals;
  /** Every day of the window, oldest first (days without any count as 0). */
  days: ({ day: string } & CommerceTotals)[];
  /** Anything counted in the shown window. */
  hasAny: boolean;
}

const DAY_MS = 86_400_000;
const zero = (): CommerceTotals => ({ ordersHelped: 0, returnsStarted: 0, addedToCart: 0 });
const add = (into: CommerceTotals, counts: CommerceTotals) => {
  for (const key of commerceCounts) into[key] += counts[key];
};

export function summarizeCommerce(counts: readonly CommerceDayCounts[], days: DashboardWindow, now = new Date()): CommerceSummary {
  const { start, previousStart, today } = windowBounds(days, now);
  const first = start.slice(0, 10);
  const before = previousStart.slice(0, 10);
  const current = zero();
  const previous = zero();
  const byDay = new Map<string, CommerceDayCounts>();
  for (const entry of counts) {
    if (entry.day >= first) {
      add(current, entry);
      byDay.set(entry.day, entry);
    } else if (entry.day >= before) add(previous, entry);
  }
  const points: CommerceSummary['days'] = [];
  for (let at = Date.parse(start); at <= today; at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    const entry = byDay.get(day);
    points.push({
      day,
      ordersHelped: entry?.ordersHelped ?? 0,
      returnsStarted: entry?.returnsStarted ?? 0,
      addedToCart: entry?.addedToCart ?? 0,
    });
  }
  return { current, previous, days: points, hasAny: commerceCounts.some((key) => current[key] > 0) };
}
