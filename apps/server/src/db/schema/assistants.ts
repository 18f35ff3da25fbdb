import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, ownerEmail, timestamps } from './columns';
import { functions } from './functions';
import { stores } from './knowledge';
import { customUserTemplates, templates } from './templates';

/** Spec §3 Assistant. */
export const assistants = pgTable(
  'assistants',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    status: text('status'),
    log: text('log'),
    assistantName: text('assistant_name').notNull(),
    tools: jsonb('tools'),
    toolResources: jsonb('tool_resources'),
    instructions: text('instructions'),
    model: text('model'),
    temperature: doublePrecision('temperature'),
    topP: doublePrecision('top_p'),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    isShared: boolean('is_shared').notNull().default(false),
    storeRetrievalSettings: jsonb('store_retrieval_settings'),
    /** Auto-reply pauses when a thread is handed to a person (turns/handoff.ts), so the bot stays quiet. */
    pauseOnHandoff: boolean('pause_on_handoff').notNull().default(false),
    isSafeGuardOn: boolean('is_safe_guard_on').notNull().default(false),
    safeGuardInstruction: text('safe_guard_instruction'),
    useCase: text('use_case'),
    assistantAvatarUrl: text('assistant_avatar_url'),
    userAvatarUrl: text('user_avatar_url'),
    assistantUserQA: jsonb('assistant_user_qa'),
    /** Which built-in order-help actions this assistant may take (`OrderHelpSettings`); null: all on. */
    orderHelp: jsonb('order_help'),
  },
  (t) => [index('assistants_owner_idx').on(t.ownerEmail, t.createdAt)],
);

const assistantRef = () =>
  uuid('assistant_id')
    .notNull()
    .references(() => assistants.id, { onDelete: 'cascade' });

/** Join records (spec §3): assistant-function, assistant-store, assistant-template, assistant-custom-template. */
export const assistantFunctions = pgTable(
  'assistant_functions',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    assistantId: assistantRef(),
    functionId: uuid('function_id')
      .notNull()
      .references(() => functions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('assistant_functions_unique').on(t.assistantId, t.functionId),
    index('assistant_functions_function_idx').on(t.functionId),
  ],
);

export const assistantStores = pgTable(
  'assistant_stores',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    assistantId: assistantRef(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('assistant_stores_unique').on(t.assistantId, t.storeId), index('assistant_stores_store_idx').on(t.storeId)],
);

export const assistantTemplates = pgTable(
  'assistant_templates',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    assistantId: assistantRef(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('assistant_templates_unique').on(t.assistantId, t.templateId),
    index('assistant_templates_template_idx').on(t.templateId),
  ],
);

export const assistantCustomUserTemplates = pgTable(
  'assistant_custom_user_templates',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    assistantId: assistantRef(),
    customUserTemplateId: uuid('custom_user_template_id')
      .notNull()
      .references(() => customUserTemplates.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('assistant_custom_user_templates_unique').on(t.assistantId, t.customUserTemplateId),
    index('assistant_custom_user_templates_cut_idx').on(t.customUserTemplateId),
  ],
);

/** Spec §3 Thread: an owner's chat with an assistant. */
export const threads = pgTable(
  'threads',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    name: text('name'),
    content: text('content'),
    lastResponseId: text('last_response_id'),
    assistantId: assistantRef(),
  },
  (t) => [index('threads_assistant_idx').on(t.assistantId, t.createdAt), index('threads_owner_idx').on(t.ownerEmail, t.createdAt)],
);

/** Spec §3 Message. */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    content: text('content').notNull(),
    senderType: text('sender_type').notNull(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    provider: text('provider'),
    model: text('model'),
    llmUsage: jsonb('llm_usage'),
    useCase: text('use_case'),
  },
  (t) => [index('messages_thread_idx').on(t.threadId, t.createdAt)],
);

/** Spec §3 Task: a recorded unit of work (function run, generation, job). */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    type: text('type').notNull(),
    result: jsonb('result'),
    llmUsage: jsonb('llm_usage'),
    provider: text('provider'),
    model: text('model'),
    functionId: uuid('function_id').references(() => functions.id, { onDelete: 'set null' }),
    assistantId: uuid('assistant_id').references(() => assistants.id, { onDelete: 'set null' }),
  },
  (t) => [index('tasks_owner_idx').on(t.ownerEmail, t.createdAt)],
);
