import { entitySchemas } from '@aisle/contracts/entities';
import { f, ref, ro } from '../../data-api/model-builders';
import type { FieldDef, ModelDef } from '../../data-api/model-types';
import {
  assistantCustomUserTemplates,
  assistantFunctions,
  assistantStores,
  assistants,
  assistantTemplates,
  messages,
  tasks,
  threads,
} from '../../db/schema';
import { withinLimit } from '../billing';

/*
 * Three lists, because src/data-api-models.ts keeps the data API's order of models (the SDL follows
 * it): assistants and their links, then (after the knowledge models) threads, and last tasks.
 */

/** A chat message's fields, written by the server only; shared threads' messages have them too. */
export const messageFields: FieldDef[] = [
  ro('content', 'String', { required: true }),
  ro('senderType', 'String', { required: true }),
  ro('provider', 'String'),
  ro('model', 'String'),
  ro('llmUsage', 'AWSJSON'),
  ro('useCase', 'String'),
];

/** A link of an assistant to a function, store or template (one join table each, spec §3). */
function joinModel(
  name: string,
  plural: string,
  table: ModelDef['table'],
  target: FieldDef,
  targetRelation: string,
  targetModel: string,
): ModelDef {
  return {
    name,
    plural,
    table,
    owned: true,
    fields: [ref('assistantId', 'assistantId', 'Assistant'), target],
    create: 'owner',
    update: 'none',
    delete: 'owner',
    subscriptions: [],
    relations: [
      { name: 'assistant', kind: 'belongsTo', model: 'Assistant', field: 'assistantId' },
      { name: targetRelation, kind: 'belongsTo', model: targetModel, field: target.name },
    ],
  };
}

export const assistantModels: ModelDef[] = [
  {
    name: 'Assistant',
    input: entitySchemas.Assistant,
    plural: 'Assistants',
    table: assistants,
    owned: true,
    fields: [
      f('status', 'String'),
      f('log', 'String'),
      f('assistantName', 'String', { required: true }),
      f('tools', 'AWSJSON'),
      f('tool_resources', 'AWSJSON', { column: 'toolResources' }),
      f('instructions', 'String'),
      f('model', 'String'),
      f('temperature', 'Float'),
      f('topP', 'Float'),
      ro('inputTokens', 'Int'),
      ro('outputTokens', 'Int'),
      f('isShared', 'Boolean'),
      f('storeRetrievalSettings', 'AWSJSON'),
      f('isSafeGuardOn', 'Boolean'),
      f('pauseOnHandoff', 'Boolean'),
      f('safeGuardInstruction', 'String'),
      f('useCase', 'String'),
      f('assistantAvatarUrl', 'String'),
      f('userAvatarUrl', 'String'),
      f('assistantUserQA', 'AWSJSON'),
      // Which built-in order-help actions are on (`OrderHelpSettings`); null: all of them.
      f('orderHelp', 'AWSJSON'),
    ],
    create: 'owner',
    update: 'owner',
    delete: 'owner',
    // Within the tier's limit, checked and inserted in one transaction (billing/limits.ts).
    createGuard: (ctx, create) => withinLimit(ctx, { ownerEmail: ctx.ownerEmail, limit: 'assistants' }, create),
    subscriptions: ['create', 'update', 'delete'],
    indexes: [{ query: 'assistantsByOwnerEmail', hashField: 'ownerEmail', sortField: 'createdAt' }],
    relations: [
      { name: 'functions', kind: 'hasMany', model: 'AssistantFunction', field: 'assistantId' },
      { name: 'stores', kind: 'hasMany', model: 'AssistantStore', field: 'assistantId' },
      { name: 'templates', kind: 'hasMany', model: 'AssistantTemplate', field: 'assistantId' },
      { name: 'customUserTemplates', kind: 'hasMany', model: 'AssistantCustomUserTemplate', field: 'assistantId' },
      { name: 'threads', kind: 'hasMany', model: 'Thread', field: 'assistantID' },
    ],
  },
  joinModel(
    'AssistantFunction',
    'AssistantFunctions',
    assistantFunctions,
    ref('functionId', 'functionId', 'Function'),
    'function',
    'Function',
  ),
  joinModel('AssistantStore', 'AssistantStores', assistantStores, ref('storeId', 'storeId', 'Store'), 'store', 'Store'),
  joinModel(
    'AssistantTemplate',
    'AssistantTemplates',
    assistantTemplates,
    ref('templateId', 'templateId', 'Template'),
    'template',
    'Template',
  ),
  joinModel(
    'AssistantCustomUserTemplate',
    'AssistantCustomUserTemplates',
    assistantCustomUserTemplates,
    ref('customUserTemplateId', 'customUserTemplateId', 'CustomUserTemplate'),
    'customUserTemplate',
    'CustomUserTemplate',
  ),
];

/** The owner's private test threads with an assistant (chat/); messages are written by the server. */
export const threadModels: ModelDef[] = [
  {
    name: 'Thread',
    input: entitySchemas.Thread,
    plural: 'Threads',
    table: threads,
    owned: true,
    fields: [
      f('name', 'String'),
      f('content', 'String'),
      f('lastResponseID', 'String', { column: 'lastResponseId' }),
      ref('assistantID', 'assistantId', 'Assistant'),
    ],
    create: 'owner',
    update: 'owner',
    delete: 'owner',
    subscriptions: [],
    indexes: [{ query: 'threadsByAssistantID', hashField: 'assistantID', sortField: 'createdAt' }],
    relations: [
      { name: 'assistant', kind: 'belongsTo', model: 'Assistant', field: 'assistantID' },
      { name: 'messages', kind: 'hasMany', model: 'Message', field: 'threadID' },
    ],
  },
  {
    name: 'Message',
    plural: 'Messages',
    table: messages,
    owned: true,
    fields: [...messageFields, ro('threadID', 'ID', { column: 'threadId' })],
    create: 'none',
    update: 'none',
    delete: 'none',
    subscriptions: [],
    indexes: [{ query: 'messagesByThreadID', hashField: 'threadID', sortField: 'createdAt' }],
  },
];

/** Spec §3 Task: a recorded unit of work (function run, generation, job), written by the server only. */
export const taskModels: ModelDef[] = [
  {
    name: 'Task',
    plural: 'Tasks',
    table: tasks,
    owned: true,
    fields: [
      ro('type', 'String'),
      ro('result', 'AWSJSON'),
      ro('llmUsage', 'AWSJSON'),
      ro('provider', 'String'),
      ro('model', 'String'),
      ro('functionID', 'ID', { column: 'functionId' }),
      ro('assistantID', 'ID', { column: 'assistantId' }),
    ],
    create: 'none',
    update: 'none',
    delete: 'none',
    subscriptions: [],
    indexes: [{ query: 'tasksByOwnerEmail', hashField: 'ownerEmail', sortField: 'createdAt' }],
  },
];
