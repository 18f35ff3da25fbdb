import { Repeater } from 'graphql-yoga';
import { matchesFilter, type SubscriptionFilter } from '../data-api/filter-match';
import type { EventBus, ModelEvent, ModelEventKind } from '../lib/event-bus';

export interface HubSubscription {
  model: string;
  kind: ModelEventKind;
  /** The caller's e-mail for owner-scoped models; null for models every signed-in user sees. */
  ownerEmail: string | null;
  filter: SubscriptionFilter | null;
  /** Subscription field name: each event is delivered as `{ [field]: item }`. */
  field: string;
}

interface Listener extends HubSubscription {
  push(value: Record<string, unknown>): unknown;
}

const PUBLIC = '\u0000public';

/**
 * Fans model events out to GraphQL subscriptions. One event-bus subscription per model and process
 * feeds an index of listeners by owner, so an event only touches the subscriptions of its own
 * owner (a map lookup, not a filter run by every subscriber), and each subscriber is one Repeater.
 */
export function createSubscriptionHub(events: EventBus) {
  const listeners = new Map<string, Map<string, Set<Listener>>>();
  const feeds = new Map<string, AsyncIterableIterator<ModelEvent>>();

  function ensureFeed(model: string) {
    if (feeds.has(model)) return;
    const feed = events.subscribe(model);
    feeds.set(model, feed);
    void (async () => {
      for await (const event of feed) dispatch(event);
    })();
  }

  function dispatch(event: ModelEvent) {
    const byOwner = listeners.get(event.model);
    if (!byOwner) return;
    for (const key of event.ownerEmail === null ? [PUBLIC] : [event.ownerEmail, PUBLIC]) {
      for (const listener of byOwner.get(key) ?? []) {
        if (listener.kind !== event.kind) continue;
        // Owner-scoped listeners are indexed under their owner; public ones take every event.
        if (listener.ownerEmail !== null && listener.ownerEmail !== event.ownerEmail) continue;
        if (!matchesFilter(event.item, listener.filter)) continue;
        listener.push({ [listener.field]: event.item });
      }
    }
  }

  return {
    subscribe(subscription: HubSubscription): Repeater<Record<string, unknown>> {
      return new Repeater(async (push, stop) => {
        const listener: Listener = { ...subscription, push };
        const key = subscription.ownerEmail ?? PUBLIC;
        const byOwner = listeners.get(subscription.model) ?? new Map<string, Set<Listener>>();
        listeners.set(subscription.model, byOwner);
        const set = byOwner.get(key) ?? new Set<Listener>();
        byOwner.set(key, set);
        set.add(listener);
        ensureFeed(subscription.model);
        await stop;
        set.delete(listener);
        if (set.size === 0) byOwner.delete(key);
      });
    },
    async close() {
      await Promise.all([...feeds.values()].map((feed) => feed.return?.()));
      feeds.clear();
      listeners.clear();
    },
  };
}

export type SubscriptionHub = ReturnType<typeof createSubscriptionHub>;
