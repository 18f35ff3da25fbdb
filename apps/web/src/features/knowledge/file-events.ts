import { applyCollectionEvent, type CollectionEvent } from '@/app/startup-data/collection-events';
import type { StoreFile } from './store-file';

/**
 * Applies File events that arrived while the list was still loading. A change the loaded list
 * already reflects (the row there is as new or newer) is skipped, so a late event never takes a
 * file back to an older state; deletes always apply.
 */
export function applyBufferedFileEvents(items: StoreFile[], events: CollectionEvent<StoreFile>[]): StoreFile[] {
  let next = items;
  for (const event of events) {
    if (event.type !== 'delete') {
      const current = next.find((item) => item.id === event.item.id);
      if (current && current.updatedAt >= event.item.updatedAt) continue;
    }
    next = applyCollectionEvent(next, event, { ignoreDuplicateCreates: false });
  }
  return next;
}
