import { entitySchemas } from '@aisle/contracts/entities';
import { f, ro } from '../../data-api/model-builders';
import type { ModelDef } from '../../data-api/model-types';
import { sharedMessages, sharedThreads, unansweredQuestions } from '../../db/schema';
import { messageFields } from '../assistants';

/** Shared threads (a visitor's or a channel customer's), their messages and unanswered questions, as the owner's inbox shows them live. */
export const sharedThreadsModels: ModelDef[] = [
  {
    name: 'SharedThread',
    input: entitySchemas.SharedThread,
    plural: 'SharedThreads',
    table: sharedThreads,
    owned: true,
    fields: [
      ro('sharedAssistantID', 'ID', { column: 'sharedAssistantId' }),
      ro('lastActivityAt', 'AWSDateTime'),
      ro('anonymousEmail', 'String'),
      ro('senderProfilePicUrl', 'String'),
      f('ownerProfilePicUrl', 'String'),
      f('autoReplyPaused', 'Boolean'),
      ro('lastResponseID', 'String', { column: 'lastResponseId' }),
      ro('origin', 'String'),
      f('threadSummary', 'String'),
      ro('visitorContact', 'AWSJSON'),
      // Handed to a person (turns/handoff.ts): the inbox shows and filters these live.
      f('needsHuman', 'Boolean'),
      ro('needsHumanReason', 'String'),
      ro('needsHumanAt', 'AWSDateTime'),
      // Unread markers of the inbox: set by markSharedThreadRead and by the visitor's messages.
      ro('ownerLastReadAt', 'AWSDateTime'),
      ro('lastVisitorMessageAt', 'AWSDateTime'),
    ],
    create: 'none',
    update: 'owner',
    delete: 'none',
    subscriptions: ['create', 'update'],
    indexes: [{ query: 'sharedThreadsByOwnerEmailAndLastActivityAt', hashField: 'ownerEmail', sortField: 'lastActivityAt' }],
    relations: [
      { name: 'sharedAssistant', kind: 'belongsTo', model: 'SharedAssistant', field: 'sharedAssistantID' },
      { name: 'sharedMessages', kind: 'hasMany', model: 'SharedMessage', field: 'sharedThreadID' },
    ],
  },
  {
    name: 'SharedMessage',
    plural: 'SharedMessages',
    table: sharedMessages,
    owned: true,
    fields: [
      ...messageFields,
      ro('sharedThreadID', 'ID', { column: 'sharedThreadId' }),
      ro('isManualResponse', 'Boolean'),
      // A manual reply's signature as the shopper saw it.
      ro('senderName', 'String'),
      // A reply in a channel thread (domains/channels): pending, sent or failed, and why it failed.
      ro('deliveryStatus', 'String'),
      ro('deliveryError', 'String'),
    ],
    create: 'none',
    update: 'none',
    delete: 'none',
    // Updates: a channel reply's delivery (the outbound-send job), so the inbox shows one that failed.
    subscriptions: ['create', 'update'],
    indexes: [{ query: 'sharedMessagesBySharedThreadID', hashField: 'sharedThreadID', sortField: 'createdAt' }],
  },
  {
    // Questions the assistant could not answer (turns' `unanswered`); answerUnansweredQuestion adds the answer to the store.
    name: 'UnansweredQuestion',
    plural: 'UnansweredQuestions',
    table: unansweredQuestions,
    owned: true,
    fields: [
      ro('assistantId', 'ID'),
      ro('sharedThreadID', 'ID', { column: 'sharedThreadId' }),
      ro('question', 'String'),
      ro('answer', 'String'),
      ro('answeredAt', 'AWSDateTime'),
      ro('fileId', 'ID'),
    ],
    create: 'none',
    update: 'none',
    delete: 'owner',
    subscriptions: ['create', 'update'],
  },
];
