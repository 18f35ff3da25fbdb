import { z } from 'zod';
import { DEFAULT_ORDER_HELP_SETTINGS, type OrderHelpAction, orderHelpSettingsSchema } from './commerce';

/**
 * Assistants, their links and threads (spec §3 Assistant, Thread, join records; §7 Assistant,
 * Thread): the REST shapes shared by the server's validation and the assistant screens. Messages
 * follow Django REST framework's wording, as the rest of the API does.
 */

export const ASSISTANT_NAME_MAX_LENGTH = 200;
export const INSTRUCTIONS_MAX_LENGTH = 32_000;
export const SAFE_GUARD_INSTRUCTION_MAX_LENGTH = 4_000;
export const USE_CASE_MAX_LENGTH = 200;
export const STATUS_MAX_LENGTH = 100;
export const LOG_MAX_LENGTH = 32_000;
export const URL_MAX_LENGTH = 2_000;
export const MODEL_MAX_LENGTH = 200;
/** Suggested questions shown to visitors: a short list, not a FAQ import. */
export const SUGGESTED_QUESTIONS_MAX = 20;
export const QUESTION_MAX_LENGTH = 500;
export const ANSWER_MAX_LENGTH = 4_000;
export const TOOLS_MAX = 128;
export const PASSAGES_PER_TURN_MIN = 1;
export const PASSAGES_PER_TURN_MAX = 20;
export const THREAD_NAME_MAX_LENGTH = 200;
export const DEFAULT_THREAD_NAME = 'New chat';

export const DEFAULT_STORE_RETRIEVAL_SETTINGS = { passagesPerTurn: 6, minimumScore: 0 } as const;

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;
const tooMany = (max: number) => `Ensure this field has no more than ${max} elements.`;
const atMost = (max: number) => `Ensure this value is less than or equal to ${max}.`;
const atLeast = (min: number) => `Ensure this value is greater than or equal to ${min}.`;
/** A type error message that leaves a missing field to the default ("This field is required."). */
const typeError = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined ? undefined : message);

const uuid = z.uuid({ error: typeError('Must be a valid UUID.') });
const text = (max: number) => z.string({ error: typeError('Not a valid string.') }).max(max, tooLong(max));
const number = (min: number, max?: number) => {
  const base = z.number({ error: typeError('A valid number is required.') }).min(min, atLeast(min));
  return max === undefined ? base : base.max(max, atMost(max));
};
const bool = z.boolean({ error: typeError('Must be a valid boolean.') });

export const assistantNameSchema = z
  .string({ error: typeError('Not a valid string.') })
  .trim()
  .min(1, 'This field may not be blank.')
  .max(ASSISTANT_NAME_MAX_LENGTH, tooLong(ASSISTANT_NAME_MAX_LENGTH));

/** `provider:model`, e.g. `local:extractive` or `openai:gpt-4o-mini`. */
export const assistantModelSchema = z
  .string({ error: typeError('Not a valid string.') })
  .trim()
  .max(MODEL_MAX_LENGTH, tooLong(MODEL_MAX_LENGTH))
  .regex(/^[a-z0-9][a-z0-9_-]*:[A-Za-z0-9][\w.:/-]*$/, 'Enter a model as "provider:model", for example "local:extractive".');

/** An http(s) address, or empty for "none". */
export const avatarUrlSchema = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Enter a valid URL.' })], {
  error: 'Enter a valid URL.',
});

export const storeRetrievalSettingsSchema = z.object(
  {
    passagesPerTurn: z
      .number({ error: typeError('A valid integer is required.') })
      .int('A valid integer is required.')
      .min(PASSAGES_PER_TURN_MIN, atLeast(PASSAGES_PER_TURN_MIN))
      .max(PASSAGES_PER_TURN_MAX, atMost(PASSAGES_PER_TURN_MAX))
      .default(DEFAULT_STORE_RETRIEVAL_SETTINGS.passagesPerTurn),
    minimumScore: number(0).default(DEFAULT_STORE_RETRIEVAL_SETTINGS.minimumScore),
  },
  { error: typeError('Expected a JSON object.') },
);
export type StoreRetrievalSettings = z.infer<typeof storeRetrievalSettingsSchema>;

/**
 * Which built-in order-help actions an assistant may take (issue 32; `OrderHelpSettings` in
 * commerce.ts). An action left out of the object stays on, as it is by default; null turns every
 * action back on (what a stored null means too).
 */
const orderHelpSwitch = (action: OrderHelpAction) => bool.default(DEFAULT_ORDER_HELP_SETTINGS[action]);
export const assistantOrderHelpSchema = z
  .object(
    {
      status: orderHelpSwitch('status'),
      returns: orderHelpSwitch('returns'),
      addressChange: orderHelpSwitch('addressChange'),
      resendConfirmation: orderHelpSwitch('resendConfirmation'),
    },
    { error: typeError('Expected a JSON object.') },
  )
  .pipe(orderHelpSettingsSchema)
  .nullable();

/** A suggested question shown to visitors, with the example answer the model follows. */
export const suggestedQuestionSchema = z.object(
  {
    question: z
      .string({ error: typeError('Not a valid string.') })
      .trim()
      .min(1, 'This field may not be blank.')
      .max(QUESTION_MAX_LENGTH, tooLong(QUESTION_MAX_LENGTH)),
    answer: text(ANSWER_MAX_LENGTH).optional(),
  },
  { error: typeError('Expected a JSON object.') },
);
export type SuggestedQuestion = z.infer<typeof suggestedQuestionSchema>;

/** Every field a create or edit may set; the server owns the rest (tokens, sharing, owner). */
const assistantFields = {
  assistantName: assistantNameSchema,
  instructions: text(INSTRUCTIONS_MAX_LENGTH),
  model: assistantModelSchema,
  temperature: number(0, 2),
  topP: number(0, 1),
  tools: z.array(z.unknown(), { error: typeError('Expected a JSON array.') }).max(TOOLS_MAX, tooMany(TOOLS_MAX)),
  tool_resources: z.record(z.string(), z.unknown(), { error: typeError('Expected a JSON object.') }),
  storeRetrievalSettings: storeRetrievalSettingsSchema,
  isSafeGuardOn: bool,
  /** Auto-reply pauses when a visitor's thread is handed to a person. */
  pauseOnHandoff: bool,
  safeGuardInstruction: text(SAFE_GUARD_INSTRUCTION_MAX_LENGTH),
  useCase: text(USE_CASE_MAX_LENGTH),
  assistantAvatarUrl: avatarUrlSchema,
  userAvatarUrl: avatarUrlSchema,
  assistantUserQA: z
    .array(suggestedQuestionSchema, { error: typeError('Expected a list of items.') })
    .max(SUGGESTED_QUESTIONS_MAX, tooMany(SUGGESTED_QUESTIONS_MAX)),
  status: text(STATUS_MAX_LENGTH),
  log: text(LOG_MAX_LENGTH),
  orderHelp: assistantOrderHelpSchema,
};

/**
 * The Assistant as a client may write it: every REST create and edit, and the data API's
 * `createAssistant` / `updateAssistant`, are checked against these same rules.
 */
export const assistantEntitySchema = z.object(assistantFields);

export const createAssistantRequestSchema = assistantEntitySchema.partial().required({ assistantName: true });
export type CreateAssistantRequest = z.infer<typeof createAssistantRequestSchema>;

export const editAssistantRequestSchema = z
  .object({ id: uuid, ...assistantFields })
  .partial()
  .required({ id: true });
export type EditAssistantRequest = z.infer<typeof editAssistantRequestSchema>;

/** The assistant fields a create or edit wrote (everything but the id). */
export type AssistantChanges = Omit<EditAssistantRequest, 'id'>;

/** Which of an assistant's pictures an upload replaces: its own, or the one shown for visitors. */
export const ASSISTANT_AVATAR_KINDS = ['assistant', 'user'] as const;
export type AssistantAvatarKind = (typeof ASSISTANT_AVATAR_KINDS)[number];

/**
 * The form fields of `POST /api/assistant/avatar/` (multipart, beside the image in "avatar" or
 * "file"). The uploaded image's URL is on our own origin, so it passes `avatarUrlSchema` in later edits.
 */
export const uploadAssistantAvatarFieldsSchema = z.object({
  assistantId: uuid,
  kind: z.enum(ASSISTANT_AVATAR_KINDS, { error: (issue) => `"${String(issue.input)}" is not a valid choice.` }).default('assistant'),
});
export type UploadAssistantAvatarFields = z.infer<typeof uploadAssistantAvatarFieldsSchema>;

export const idRequestSchema = z.object({ id: uuid });
export type IdRequest = z.infer<typeof idRequestSchema>;

export const linkFunctionRequestSchema = z.object({ assistantId: uuid, functionId: uuid });
export const linkStoreRequestSchema = z.object({ assistantId: uuid, storeId: uuid });
export const linkTemplateRequestSchema = z.object({ assistantId: uuid, templateId: uuid });
export const linkCustomUserTemplateRequestSchema = z.object({ assistantId: uuid, customUserTemplateId: uuid });

const threadNameSchema = z
  .string({ error: typeError('Not a valid string.') })
  .trim()
  .max(THREAD_NAME_MAX_LENGTH, tooLong(THREAD_NAME_MAX_LENGTH));

/** The Thread as a client may write it (REST thread/create/, the data API's createThread and updateThread). */
export const threadEntitySchema = z.object({
  assistantID: uuid,
  name: threadNameSchema,
  content: text(LOG_MAX_LENGTH),
  lastResponseID: text(MODEL_MAX_LENGTH),
});

export const createThreadRequestSchema = z.object({
  assistantId: uuid,
  /** Blank or missing: "New chat". */
  name: threadNameSchema.optional(),
});
export type CreateThreadRequest = z.infer<typeof createThreadRequestSchema>;

const timestamps = { createdAt: z.string(), updatedAt: z.string() };

/** An assistant as REST answers it: the same fields as the data API's Assistant item. */
export const assistantSchema = z.object({
  id: z.string(),
  ownerEmail: z.string(),
  ...timestamps,
  status: z.string().nullable(),
  log: z.string().nullable(),
  assistantName: z.string(),
  tools: z.unknown(),
  tool_resources: z.unknown(),
  instructions: z.string().nullable(),
  model: z.string().nullable(),
  temperature: z.number().nullable(),
  topP: z.number().nullable(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  isShared: z.boolean(),
  storeRetrievalSettings: z.unknown(),
  isSafeGuardOn: z.boolean(),
  pauseOnHandoff: z.boolean().optional(),
  safeGuardInstruction: z.string().nullable(),
  useCase: z.string().nullable(),
  assistantAvatarUrl: z.string().nullable(),
  userAvatarUrl: z.string().nullable(),
  assistantUserQA: z.unknown(),
  /** Which built-in order-help actions are on (`OrderHelpSettings`); null: all of them; read with `orderHelpSettingsOf`. */
  orderHelp: orderHelpSettingsSchema.partial().nullable().optional(),
});
export type Assistant = z.infer<typeof assistantSchema>;

const linkBase = { id: z.string(), ownerEmail: z.string(), ...timestamps, assistantId: z.string() };
export const assistantFunctionSchema = z.object({ ...linkBase, functionId: z.string() });
export const assistantStoreSchema = z.object({ ...linkBase, storeId: z.string() });
export const assistantTemplateSchema = z.object({ ...linkBase, templateId: z.string() });
export const assistantCustomUserTemplateSchema = z.object({ ...linkBase, customUserTemplateId: z.string() });

export const threadSchema = z.object({
  id: z.string(),
  ownerEmail: z.string(),
  ...timestamps,
  name: z.string().nullable(),
  content: z.string().nullable(),
  lastResponseID: z.string().nullable(),
  assistantID: z.string(),
});
export type Thread = z.infer<typeof threadSchema>;
