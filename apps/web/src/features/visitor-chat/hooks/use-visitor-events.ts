import type { VisitorLiveEvent } from '@aisle/contracts/visitor-chat';
import { useEffect, useRef } from 'react';
import { ApiError } from '@/lib/api-client';
import { openVisitorEvents } from '../api/open-visitor-events';
import type { ThreadCredentials } from '../shared-chat-state';

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** A connection that stayed up this long was healthy: the next drop starts the backoff over. */
const HEALTHY_MS = 10_000;

/**
 * How long to wait before reconnecting after `attempt` failed tries in a row: 1 s doubling up to
 * 30 s, with ±20 % jitter so many visitors cut off by one restart do not all return at once.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** The thread's live stream refused for good: gone (404), the link turned off (410), or malformed. */
const isFinal = (error: unknown) => error instanceof ApiError && [400, 403, 404, 410].includes(error.status);

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Keeps `shared-chat/events/` streaming while the page is open and the visitor has a thread, so
 * the shop's manual replies and pause/resume arrive without a reload. It reconnects with backoff
 * when the stream drops; after a reconnect `onReconnected` runs (the page refetches the history
 * to fill the gap, since the stream only carries what happens while it is open). `enabled` false
 * (the link is turned off) closes it; enabled again, it reopens, and that counts as a reconnect.
 */
export function useVisitorEvents(options: {
  shareToken: string;
  thread: ThreadCredentials | null;
  enabled?: boolean;
  onEvent: (event: VisitorLiveEvent) => void;
  onReconnected: () => void;
  /** The stream was refused for good (the thread or the link is gone); it is not retried. */
  onRefused: (error: unknown) => void;
}) {
  const handlers = useRef(options);
  handlers.current = options;
  const { shareToken } = options;
  const sharedThreadId = options.thread?.sharedThreadId;
  const visitorToken = options.thread?.visitorToken;
  const enabled = options.enabled ?? true;
  /** The thread whose stream was open before: opening it again means something may have been missed. */
  const openedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!sharedThreadId || !visitorToken || !enabled) return;
    const abort = new AbortController();
    const request = { token: shareToken, sharedThreadId, visitorToken };
    void (async () => {
      let failures = 0;
      while (!abort.signal.aborted) {
        let openedAt = 0;
        try {
          await openVisitorEvents({
            request,
            signal: abort.signal,
            onOpen: () => {
              openedAt = Date.now();
              if (openedFor.current === sharedThreadId) handlers.current.onReconnected();
              openedFor.current = sharedThreadId;
            },
            onEvent: (event) => handlers.current.onEvent(event),
          });
        } catch (error) {
          if (abort.signal.aborted) return;
          if (isFinal(error)) {
            console.warn('shared chat: live updates refused', error);
            handlers.current.onRefused(error);
            return;
          }
        }
        if (abort.signal.aborted) return;
        failures = openedAt && Date.now() - openedAt >= HEALTHY_MS ? 0 : failures + 1;
        await sleep(reconnectDelay(failures - 1), abort.signal);
      }
    })();
    return () => abort.abort();
  }, [shareToken, sharedThreadId, visitorToken, enabled]);
}
