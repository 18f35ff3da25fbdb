import { entitySchemas } from '@aisle/contracts/entities';
import { f, ro } from '../../data-api/model-builders';
import type { ModelDef } from '../../data-api/model-types';
import { conversationMessages, conversations } from '../../db/schema';

/**
 * Spec §3/§7 generic conversation layer: conversations and their messages through the data API;
 * `sendMessage` and the stream-event subscription are in conversation-sdl.ts.
 */
export const conversationModels: ModelDef[] = [
  {
    name: 'Conversation',
    input: entitySchemas.Conversation,
    plural: 'Conversations',
    table: conversations,
    owned: true,
    fields: [f('name', 'String'), f('metadata', 'AWSJSON')],
    create: 'owner',
    update: 'owner',
    delete: 'owner',
    subscriptions: [],
  },
  {
    name: 'ConversationMessage',
    plural: 'ConversationMessages',
    table: conversationMessages,
    owned: true,
    fields: [
      ro('conversationId', 'ID'),
      ro('role', 'String'),
      // `content` is typed blocks ([ContentBlock]), so it is declared with them in
      // conversation-sdl.ts and resolved in graphql/conversation-resolvers.ts.
      ro('aiContext', 'AWSJSON'),
      ro('toolConfiguration', 'AWSJSON'),
    ],
    create: 'none',
    update: 'none',
    delete: 'none',
    subscriptions: [],
  },
];
