import type { ThreadCredentials } from './shared-chat-state';

/**
 * The visitor's thread for one share link, kept in localStorage so a reload (or the widget on the
 * next page of the shop) continues the same conversation. `seenUntil` is the `createdAt` of the
 * newest message the visitor has had on screen, for the widget's unread badge. Storage can be
 * unavailable (private modes, blocked third-party storage in an iframe): then the thread simply
 * lasts as long as the page.
 */
export interface StoredVisitorThread extends ThreadCredentials {
  seenUntil?: string;
}

const keyOf = (shareToken: string) => `aisle.shared-chat.${shareToken}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function loadVisitorThread(shareToken: string): StoredVisitorThread | null {
  try {
    const raw = storage()?.getItem(keyOf(shareToken));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredVisitorThread>;
    if (typeof value.sharedThreadId !== 'string' || typeof value.visitorToken !== 'string') return null;
    return {
      sharedThreadId: value.sharedThreadId,
      visitorToken: value.visitorToken,
      ...(typeof value.seenUntil === 'string' ? { seenUntil: value.seenUntil } : {}),
    };
  } catch {
    // Unreadable or corrupt: as if there were none (a new thread starts).
    return null;
  }
}

export function saveVisitorThread(shareToken: string, thread: StoredVisitorThread): void {
  try {
    storage()?.setItem(keyOf(shareToken), JSON.stringify(thread));
  } catch {
    // Full or blocked storage: the thread still works for this page's lifetime.
  }
}

export function forgetVisitorThread(shareToken: string): void {
  try {
    storage()?.removeItem(keyOf(shareToken));
  } catch {
    // Blocked storage held nothing to forget.
  }
}
