import { z } from 'zod';
import { emailSchema } from './accounts';

/**
 * Notifications sent by staff to one user (`POST /api/notifications/send/`). The notification
 * itself is read, marked read and deleted by its owner through the live data API
 * (`listNotifications`, `updateNotification`, `onCreateNotification`); these are the REST shapes.
 */

export const NOTIFICATION_TITLE_MAX_LENGTH = 200;
export const NOTIFICATION_CONTENT_MAX_LENGTH = 10_000;
export const NOTIFICATION_URL_MAX_LENGTH = 2048;

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

export const sendNotificationRequestSchema = z.object({
  /** The recipient: the e-mail of an existing account. */
  email: emailSchema,
  title: z
    .string()
    .trim()
    .min(1, 'This field may not be blank.')
    .max(NOTIFICATION_TITLE_MAX_LENGTH, tooLong(NOTIFICATION_TITLE_MAX_LENGTH)),
  content: z.string().max(NOTIFICATION_CONTENT_MAX_LENGTH, tooLong(NOTIFICATION_CONTENT_MAX_LENGTH)),
  /** A download link shown with the notification (an export, a report). */
  presignedGet: z
    .string()
    .trim()
    .max(NOTIFICATION_URL_MAX_LENGTH, tooLong(NOTIFICATION_URL_MAX_LENGTH))
    .pipe(z.url({ protocol: /^https?$/, message: 'Enter a valid http(s) URL.' }))
    .optional(),
});
export type SendNotificationRequest = z.infer<typeof sendNotificationRequestSchema>;

/** A notification as the live data API returns it (the `Notification` model's fields). */
export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string().nullable(),
  userHasRead: z.boolean(),
  presignedGet: z.string().nullable(),
  ownerEmail: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601. */
  updatedAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
