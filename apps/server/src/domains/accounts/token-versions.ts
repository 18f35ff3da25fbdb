import type { EventBus } from '../../lib/event-bus';

/**
 * Each user's current token version, as this process knows it. A token is honoured only while the
 * version in its claims is the user's current one; raising the version (accounts/end-sessions.ts)
 * ends every session at once.
 *
 * Why a cache and not a query per request: tokens are checked on every call, chat turns included,
 * whose whole server-side budget is a few milliseconds. So each process keeps the versions it has
 * seen, and a change reaches every process in two ways:
 * - at once, through the event bus (in-process, or Redis pub/sub when scaled out): the process
 *   that raised a version publishes it and every process forgets its copy;
 * - at the latest after VERSION_TTL_MS, because a copy is never trusted longer: a missed event
 *   (Redis blinking, a CLI run without Redis) keeps a revoked token alive for seconds, not for the
 *   token's lifetime. That costs one small primary-key read per active user and process every
 *   few seconds.
 * A token newer than the copy (signed after a change this process has not heard of yet) is not
 * refused on the copy's word: the version is read afresh.
 */
export interface TokenVersions {
  /**
   * Whether a token carrying `version` is still current for the user; false when the user is gone.
   * Synchronous while the cached copy is fresh, so a request's hot path awaits nothing.
   */
  isCurrent(userId: string, version: number): boolean | Promise<boolean>;
  /** This process forgets the user's version and tells every other process to (after the commit). */
  changed(userId: string): void;
  /** Told of every user whose sessions ended, on whichever process that happened. Returns an unsubscriber. */
  onChanged(listener: (userId: string) => void): () => void;
  close(): void;
}

/** A copy is trusted this long without hearing of a change (the backstop for a missed event). */
export const VERSION_TTL_MS = 5_000;
/** Users remembered per process (a few dozen bytes each); oldest first out. */
const VERSIONS_KEPT = 50_000;
/** Event-bus model of version changes; not a data-API model, so no client subscription sees it. */
export const TOKEN_VERSION_TOPIC = 'user-token-version';

interface Entry {
  /** null: no such user (deleted). */
  version: Promise<number | null>;
  settled?: number | null;
  readAt: number;
}

export interface TokenVersionsOptions {
  /** The stored version, or null for a user that does not exist. */
  load(userId: string): Promise<number | null>;
  events: EventBus;
  now?: () => number;
  ttlMs?: number;
  onError?: (error: unknown) => void;
}

export function createTokenVersions(options: TokenVersionsOptions): TokenVersions {
  const now = options.now ?? (() => Date.now());
  const ttlMs = options.ttlMs ?? VERSION_TTL_MS;
  const entries = new Map<string, Entry>();

  function read(userId: string): Entry {
    const entry: Entry = { version: options.load(userId), readAt: now() };
    entries.delete(userId);
    entries.set(userId, entry);
    if (entries.size > VERSIONS_KEPT) entries.delete(entries.keys().next().value as string);
    entry.version.then(
      (version) => {
        entry.settled = version;
      },
      // A failed read is not remembered: the next request reads again.
      () => {
        if (entries.get(userId) === entry) entries.delete(userId);
      },
    );
    return entry;
  }

  const listeners = new Set<(userId: string) => void>();
  const feed = options.events.subscribe(TOKEN_VERSION_TOPIC);
  void (async () => {
    try {
      for await (const event of feed) {
        const userId = event.item.userId;
        if (typeof userId !== 'string') continue;
        entries.delete(userId);
        for (const listener of listeners) listener(userId);
      }
    } catch (error) {
      options.onError?.(error);
    }
  })();

  return {
    isCurrent(userId, version) {
      let entry = entries.get(userId);
      if (!entry || now() - entry.readAt > ttlMs) entry = read(userId);
      // Settled: answer without awaiting (the common case, every request of a signed-in user).
      if (entry.settled !== undefined) {
        if (entry.settled !== null && version > entry.settled) return read(userId).version.then((current) => current === version);
        return entry.settled === version;
      }
      return entry.version.then((current) => current === version);
    },
    changed(userId) {
      entries.delete(userId);
      options.events.publish({ model: TOKEN_VERSION_TOPIC, kind: 'update', ownerEmail: null, item: { userId } });
    },
    onChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      void feed.return?.();
    },
  };
}
