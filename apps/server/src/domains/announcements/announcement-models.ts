import { entitySchemas } from '@aisle/contracts/entities';
import { f, ro } from '../../data-api/model-builders';
import type { ModelDef } from '../../data-api/model-types';
import { announcements } from '../../db/schema';

/** Staff announcements every signed-in user reads (spec §3 Announcement). */
export const announcementModels: ModelDef[] = [
  {
    name: 'Announcement',
    input: entitySchemas.Announcement,
    plural: 'Announcements',
    table: announcements,
    owned: false,
    fields: [ro('ownerEmail', 'String'), f('message', 'String', { required: true })],
    create: 'staff',
    update: 'staff',
    delete: 'staff',
    subscriptions: ['create', 'update', 'delete'],
  },
];
