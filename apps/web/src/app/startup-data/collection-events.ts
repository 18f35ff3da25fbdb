import { i18n } from '@/i18n/i18n';
import type { CollectionName } from './collections';

export interface Identified {
  id: string;
}

export type CollectionEvent<T extends Identified> =
  | { type: 'create'; item: T }
  | { type: 'update'; item: T }
  | { type: 'delete'; id: string };

/**
 * Applies a live event to a loaded collection (spec §4): creates go to the front, updates replace
 * in place (or add a row not seen yet), deletes remove by id. With `ignoreDuplicateCreates`, a
 * create whose id is already there changes nothing.
 */
export function applyCollectionEvent<T extends Identified>(
  items: readonly T[],
  event: CollectionEvent<T>,
  options: { ignoreDuplicateCreates: boolean },
): T[] {
  if (event.type === 'delete') return items.filter((item) => item.id !== event.id);
  const index = items.findIndex((item) => item.id === event.item.id);
  if (index === -1) return [event.item, ...items];
  if (event.type === 'create' && options.ignoreDuplicateCreates) return [...items];
  const next = [...items];
  next[index] = event.item;
  return next;
}

export type CollectionStatus =
  | { state: 'not-initialised' }
  | { state: 'loading' }
  | { state: 'initialised' }
  | { state: 'error'; error: string };

/** The status of spec §4 from a query's flags; a subscription failure reads as an error too. */
export function collectionStatus(query: {
  status: 'pending' | 'error' | 'success';
  fetchStatus: 'fetching' | 'paused' | 'idle';
  error: unknown;
  subscriptionError?: string | null;
}): CollectionStatus {
  if (query.status === 'error') return { state: 'error', error: query.error instanceof Error ? query.error.message : String(query.error) };
  if (query.subscriptionError) return { state: 'error', error: query.subscriptionError };
  if (query.status === 'success') return { state: 'initialised' };
  return query.fetchStatus === 'fetching' ? { state: 'loading' } : { state: 'not-initialised' };
}

/** The collections' names as the subscription error reads them (`common:collections`). */
const COLLECTION_LABELS = {
  announcements: 'common:collections.announcements',
  notifications: 'common:collections.notifications',
  functions: 'common:collections.functions',
  stores: 'common:collections.stores',
  assistants: 'common:collections.assistants',
  templates: 'common:collections.templates',
  wizards: 'common:collections.wizards',
} as const satisfies Record<CollectionName, string>;

/** Spec §8: "An error occurred in <collection> subscription.", in the interface's language when it happens. */
export const subscriptionErrorText = (collection: CollectionName) =>
  i18n.t('common:errors.subscription', { collection: i18n.t(COLLECTION_LABELS[collection]) });
