import { entitySchemas } from '@aisle/contracts/entities';
import { f, ro } from '../../data-api/model-builders';
import type { ModelDef } from '../../data-api/model-types';
import { sharedAssistants } from '../../db/schema';

/** Share links of an assistant (spec §3 SharedAssistant). */
export const sharingModels: ModelDef[] = [
  {
    name: 'SharedAssistant',
    input: entitySchemas.SharedAssistant,
    plural: 'SharedAssistants',
    table: sharedAssistants,
    owned: true,
    fields: [
      ro('shareToken', 'String'),
      f('isActive', 'Boolean'),
      f('expiresAt', 'AWSDateTime'),
      ro('originalAssistantID', 'ID', { column: 'originalAssistantId' }),
      f('assistantName', 'String'),
      ro('status', 'String'),
      ro('log', 'String'),
      // `theme` (typed, ShareTheme) is declared in domains/inbox/inbox-sdl.ts. Links are created
      // by POST /api/shared-assistant/create/; updates and deletes go through domains/sharing too
      // (graphql/inbox-resolvers.ts), which validate them and keep the assistant's isShared.
    ],
    create: 'none',
    update: 'owner',
    delete: 'owner',
    subscriptions: [],
    relations: [{ name: 'sharedThreads', kind: 'hasMany', model: 'SharedThread', field: 'sharedAssistantID' }],
  },
];
