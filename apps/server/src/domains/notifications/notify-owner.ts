import type { Notification } from '@aisle/contracts/notifications';
import { getModel } from '../../data-api/model-registry';
import { insertItemAsSystem } from '../../data-api/model-store';
import type { Db } from '../../db/database';
import type { EventBus } from '../../lib/event-bus';

export interface NotifyOwnerInput {
  db: Db;
  events: EventBus;
  ownerEmail: string;
  title: string;
  content: string;
  /** A download link for the notification's file (spec §3 `presignedGet`). */
  presignedGet?: string | null;
}

/**
 * A notification from the system to one owner (a data request to answer, a store to reconnect).
 * It goes through the model store, so the owner's `onCreateNotification` subscribers see it like
 * any other change.
 */
export async function notifyOwner({ db, events, ownerEmail, title, content, presignedGet }: NotifyOwnerInput): Promise<Notification> {
  const item = await insertItemAsSystem({ db, events }, getModel('Notification'), {
    ownerEmail,
    title,
    content,
    presignedGet: presignedGet ?? null,
  });
  return {
    id: item.id as string,
    title: item.title as string,
    content: (item.content as string | null) ?? null,
    userHasRead: item.userHasRead as boolean,
    presignedGet: (item.presignedGet as string | null) ?? null,
    ownerEmail: item.ownerEmail as string,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
  };
}
