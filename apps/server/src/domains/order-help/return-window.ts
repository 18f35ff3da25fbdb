import type { OrderNotPossibleReason } from '@aisle/contracts/commerce';
import type { ReturnableLine, ReturnRules, ShopOrder } from './shop-orders';

const DAY_MS = 86_400_000;

export type ReturnEligibility =
  | { ok: true; lines: ReturnableLine[] }
  | { ok: false; reason: Exclude<OrderNotPossibleReason, 'already_fulfilled'> };

/**
 * Which of an order's items a shopper may send back now, by the store's own return rules:
 *
 * - Shopify keeps a store's return rules on its return policy profiles (API 2026-10, read with
 *   `read_legal_policies`): whether returns are accepted, the window in days (-1: no limit) and
 *   whether it runs from each item's delivery or from the last item's. Those rules decide.
 *   No rules (return rules switched off) means items can be returned without a time limit.
 * - When the rules cannot be read (the app was installed before it asked for that scope, or the
 *   store's API version has no profiles), ORDER_RETURN_WINDOW_DAYS (30 by default) applies from
 *   each item's delivery.
 * - An item's window starts when its fulfilment was delivered, or, for a fulfilment without
 *   delivery tracking, when it was fulfilled (it never starts later than Shopify can tell).
 * - `extendWindowToBusinessDay`: a window ending on a Saturday or Sunday (UTC) runs to the end of
 *   the Monday. Public holidays are not known here, so they do not extend it.
 *
 * Only items Shopify still lists as returnable (`returnableFulfillments`) count: what was returned,
 * or is in a return already, is not offered again.
 */
export function returnEligibility(
  order: Pick<ShopOrder, 'cancelledAt' | 'fulfillments'>,
  returnable: ReturnableLine[],
  stored: { rules: ReturnRules | null } | 'unknown',
  fallbackDays: number,
  now = new Date(),
): ReturnEligibility {
  if (order.cancelledAt) return { ok: false, reason: 'cancelled' };
  if (!returnable.length) return { ok: false, reason: order.fulfillments.length ? 'already_returned' : 'not_fulfilled' };
  const rules: ReturnRules | null =
    stored === 'unknown'
      ? {
          canAcceptReturns: true,
          returnWindowDays: fallbackDays,
          returnWindowStartingFrom: 'ITEM_DELIVERY_DATE',
          extendWindowToBusinessDay: false,
        }
      : stored.rules;
  if (!rules) return { ok: true, lines: returnable };
  if (!rules.canAcceptReturns) return { ok: false, reason: 'outside_return_window' };
  const days = rules.returnWindowDays;
  if (days === null || days < 0) return { ok: true, lines: returnable };
  const lastDelivery = Math.max(...order.fulfillments.map((f) => Date.parse(f.deliveredAt ?? f.createdAt)));
  const inWindow = returnable.filter((line) => {
    const start = rules.returnWindowStartingFrom === 'LAST_ITEM_DELIVERY_DATE' ? lastDelivery : Date.parse(line.startsAt);
    return now.getTime() <= windowEnd(start + days * DAY_MS, Boolean(rules.extendWindowToBusinessDay));
  });
  return inWindow.length ? { ok: true, lines: inWindow } : { ok: false, reason: 'outside_return_window' };
}

/** A window ending on a weekend, when the store extends it, ends with the following Monday. */
function windowEnd(end: number, toBusinessDay: boolean): number {
  if (!toBusinessDay) return end;
  const day = new Date(end).getUTCDay();
  const extra = day === 6 ? 2 : day === 0 ? 1 : 0;
  if (!extra) return end;
  const monday = new Date(end + extra * DAY_MS);
  monday.setUTCHours(23, 59, 59, 999);
  return monday.getTime();
}
