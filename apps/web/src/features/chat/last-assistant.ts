import { browserStorage } from '@/lib/browser-storage';

/**
 * The assistant a merchant chatted with last, per user, in this browser: /chat without an
 * `?assistant=` opens on it rather than on the newest. Kept in local storage, not on the server: it
 * is a convenience of this browser, and a deleted assistant simply falls back to the newest.
 */
const keyOf = (email: string) => `aisle:chat:last-assistant:${email.trim().toLowerCase()}`;

export function readLastAssistant(email: string, storage: Storage = browserStorage): string | null {
  return storage.getItem(keyOf(email));
}

export function rememberLastAssistant(email: string, assistantId: string, storage: Storage = browserStorage): void {
  storage.setItem(keyOf(email), assistantId);
}
