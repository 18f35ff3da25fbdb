import type { Notification } from '@aisle/contracts/notifications';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { EventBus } from '../../lib/event-bus';
import { accountMessages, loadActiveUser } from '../accounts';
import { notifyOwner } from './notify-owner';

export interface SendNotificationInput {
  db: Db;
  events: EventBus;
  /** The signed-in sender; only staff may send. */
  viewerId: string;
  /** The recipient's e-mail (lower-cased by the contract schema). */
  email: string;
  title: string;
  content: string;
  presignedGet?: string | null;
}

/**
 * Staff only: a notification for one user. Notifications cannot be created through the data API
 * (the model's `create` is `none`), so this is the one way in; it goes through the model store, so
 * the recipient's `onCreateNotification` subscribers see it like any other change.
 */
export async function sendNotification({
  db,
  events,
  viewerId,
  email,
  title,
  content,
  presignedGet,
}: SendNotificationInput): Promise<Notification> {
  // The row decides, not the token's claims: a token outlives a withdrawn staff flag by minutes.
  const viewer = await loadActiveUser({ db, userId: viewerId });
  if (!viewer.isStaff) throw new AppError('FORBIDDEN', accountMessages.forbidden);

  const [recipient] = await db.select({ email: users.email }).from(users).where(eq(users.email, email)).limit(1);
  if (!recipient) throw AppError.fields({ email: [accountMessages.userNotFound] });

  return notifyOwner({ db, events, ownerEmail: recipient.email, title, content, presignedGet });
}
