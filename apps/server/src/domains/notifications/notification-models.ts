import { entitySchemas } from '@aisle/contracts/entities';
import { f, ro } from '../../data-api/model-builders';
import type { ModelDef } from '../../data-api/model-types';
import { notifications } from '../../db/schema';

/** An owner's notifications: sent by the server (send-notification.ts), read and dismissed by the owner. */
export const notificationModels: ModelDef[] = [
  {
    name: 'Notification',
    input: entitySchemas.Notification,
    plural: 'Notifications',
    table: notifications,
    owned: true,
    fields: [ro('title', 'String'), ro('content', 'String'), f('userHasRead', 'Boolean'), ro('presignedGet', 'String')],
    create: 'none',
    update: 'owner',
    delete: 'owner',
    subscriptions: ['create', 'update', 'delete'],
  },
];
