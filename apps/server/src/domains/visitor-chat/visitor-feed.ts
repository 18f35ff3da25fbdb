import type { VisitorLiveEvent } from '@aisle/contracts/visitor-chat';
import type { EventBus, ModelEvent } from '../../lib/event-bus';
import { shareProblemOf } from '../sharing';
import { type MessageLike, toPublicMessage } from './public-message';

interface Listener {
  sharedThreadId: string;
  sharedAssistantId: string;
  /** What the visitor's page was last told, so only real pause/resume changes are sent. */
  autoReplyPaused: boolean;
  send(event: VisitorLiveEvent): void;
  /** The share was deleted, turned off or expired: the stream ends (reconnecting then says why). */
  end(): void;
}

/** The models whose events reach visitors: messages, pause/resume, and their share ending. */
const FEEDS = ['SharedMessage', 'SharedThread', 'SharedAssistant'] as const;

/**
 * Fans the owner-side events out to the visitors' `shared-chat/events/` streams. One event-bus
 * subscription per model and process (through Redis when scaled out, so a reply sent on one
 * instance reaches a visitor connected to another), indexed by thread and share so an event
 * touches only its own thread's streams.
 */
export function createVisitorFeed(events: EventBus) {
  const byThread = new Map<string, Set<Listener>>();
  const byShare = new Map<string, Set<Listener>>();
  const feeds: AsyncIterableIterator<ModelEvent>[] = [];

  function dispatch(event: ModelEvent) {
    const item = event.item;
    if (event.model === 'SharedMessage' && event.kind === 'create') {
      const listeners = byThread.get(String(item.sharedThreadID));
      if (!listeners?.size) return;
      const message = toPublicMessage(item as unknown as MessageLike);
      for (const listener of listeners) listener.send({ event: 'message', data: message });
    } else if (event.model === 'SharedThread' && event.kind === 'update') {
      for (const listener of byThread.get(String(item.id)) ?? []) {
        const paused = item.autoReplyPaused === true;
        if (paused === listener.autoReplyPaused) continue;
        listener.autoReplyPaused = paused;
        listener.send({ event: 'thread', data: { autoReplyPaused: paused } });
      }
    } else if (event.model === 'SharedAssistant') {
      const listeners = byShare.get(String(item.id));
      if (!listeners?.size) return;
      const share = { isActive: item.isActive === true, expiresAt: item.expiresAt ? new Date(String(item.expiresAt)) : null };
      if (event.kind === 'delete' || shareProblemOf(share)) for (const listener of [...listeners]) listener.end();
    }
  }

  const add = (index: Map<string, Set<Listener>>, key: string, listener: Listener) => {
    const set = index.get(key) ?? new Set();
    index.set(key, set);
    set.add(listener);
  };
  const remove = (index: Map<string, Set<Listener>>, key: string, listener: Listener) => {
    const set = index.get(key);
    set?.delete(listener);
    if (set?.size === 0) index.delete(key);
  };

  /**
   * Subscribes to the bus with the first visitor stream of this process, then for good. Not at
   * boot: with Redis, subscriptions made while the app was starting were intermittently lost in the
   * scaled test runs (never re-sent), and the GraphQL hub also subscribes on first use.
   */
  function ensureFeeds() {
    if (feeds.length) return;
    for (const model of FEEDS) {
      const feed = events.subscribe(model);
      feeds.push(feed);
      void (async () => {
        for await (const event of feed) dispatch(event);
      })();
    }
  }

  return {
    /** Registers a visitor's stream; the returned function unregisters it. */
    listen(listener: Listener): () => void {
      ensureFeeds();
      add(byThread, listener.sharedThreadId, listener);
      add(byShare, listener.sharedAssistantId, listener);
      return () => {
        remove(byThread, listener.sharedThreadId, listener);
        remove(byShare, listener.sharedAssistantId, listener);
      };
    },
    /** Open streams (for tests and metrics). */
    size: () => [...byThread.values()].reduce((sum, set) => sum + set.size, 0),
    async close() {
      await Promise.all(feeds.map((feed) => feed.return?.()));
      feeds.length = 0;
      for (const set of byThread.values()) for (const listener of [...set]) listener.end();
      byThread.clear();
      byShare.clear();
    },
  };
}

export type VisitorFeed = ReturnType<typeof createVisitorFeed>;
