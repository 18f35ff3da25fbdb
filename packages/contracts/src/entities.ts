import { z } from 'zod';
import { assistantEntitySchema, threadEntitySchema } from './assistants';
import {
  FUNCTION_CODE_MAX_LENGTH,
  FUNCTION_DESCRIPTION_MAX_LENGTH,
  FUNCTION_VARIABLES_MAX,
  functionAssistantDefinitionSchema,
  functionNameSchema,
  functionReturnTypes,
  requiredVariableSchema,
  variableNameSchema,
} from './functions';
import { FILE_NAME_MAX_LENGTH, storeEntitySchema } from './knowledge';
import { NOTIFICATION_CONTENT_MAX_LENGTH } from './notifications';

/**
 * What a client may write of each entity of the live data API (spec §3), by the entity's name in
 * the API. The server checks every `create…` and `update…` input against these (an update checks
 * only the fields it sends); REST calls that write the same entities use the same schemas
 * (`assistantEntitySchema` behind assistant/create/ and edit/, `storeEntitySchema` behind
 * store/create/, …). Fields of a model missing here are still bounded by the server's defaults
 * (`DEFAULT_TEXT_MAX_LENGTH`, `DEFAULT_JSON_MAX_BYTES`).
 */

/** Any text field without a rule of its own. */
export const DEFAULT_TEXT_MAX_LENGTH = 100_000;
/** Any JSON field without a rule of its own, as serialised. */
export const DEFAULT_JSON_MAX_BYTES = 65_536;
export const SHORT_TEXT_MAX_LENGTH = 200;
export const STATUS_TEXT_MAX_LENGTH = 100;
export const SUMMARY_MAX_LENGTH = 4_000;
export const ANNOUNCEMENT_MAX_LENGTH = 2_000;
/** A custom user template's name (the Templates screen's name field takes as much). */
export const CUSTOM_TEMPLATE_NAME_MAX_LENGTH = SHORT_TEXT_MAX_LENGTH;

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;
const text = (max: number) => z.string({ error: 'Not a valid string.' }).max(max, tooLong(max));
const name = (max: number) => text(max).trim().min(1, 'This field may not be blank.');
const bool = z.boolean({ error: 'Must be a valid boolean.' });
const urlOrEmpty = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Enter a valid URL.' })], { error: 'Enter a valid URL.' });

/** What staff write (spec §3 Announcement); the staff screen's form checks the same. */
export const announcementSchema = z.object({ message: name(ANNOUNCEMENT_MAX_LENGTH) });

const functionFields = {
  name: functionNameSchema,
  fileName: text(FILE_NAME_MAX_LENGTH),
  code: text(FUNCTION_CODE_MAX_LENGTH),
  description: text(FUNCTION_DESCRIPTION_MAX_LENGTH),
  functionAssistantDefinition: functionAssistantDefinitionSchema,
  variables: z.array(variableNameSchema).max(FUNCTION_VARIABLES_MAX, `At most ${FUNCTION_VARIABLES_MAX} variables.`),
  returnType: z.enum(functionReturnTypes, `Choose one of: ${functionReturnTypes.join(', ')}.`),
};

export const entitySchemas: Record<string, z.ZodObject> = {
  Announcement: announcementSchema,
  Notification: z.object({ userHasRead: bool }),
  Function: z.object(functionFields),
  Assistant: assistantEntitySchema,
  Store: storeEntitySchema,
  Thread: threadEntitySchema,
  SharedAssistant: z.object({
    isActive: bool,
    expiresAt: z.date({ error: 'Enter a valid date and time.' }),
    assistantName: name(SHORT_TEXT_MAX_LENGTH),
  }),
  SharedThread: z.object({
    ownerProfilePicUrl: urlOrEmpty,
    autoReplyPaused: bool,
    threadSummary: text(SUMMARY_MAX_LENGTH),
    /** The owner clears "needs a person" once handled (a hand-written reply clears it too). */
    needsHuman: bool,
  }),
  Template: z.object({
    active: bool,
    name: name(SHORT_TEXT_MAX_LENGTH),
    description: text(FUNCTION_DESCRIPTION_MAX_LENGTH),
    requiredVariables: z.array(requiredVariableSchema).max(FUNCTION_VARIABLES_MAX),
  }),
  TemplateFunction: z.object({ ...functionFields, active: bool, templateID: z.uuid('Must be a valid UUID.') }),
  CustomUserTemplate: z.object({ name: name(CUSTOM_TEMPLATE_NAME_MAX_LENGTH) }),
  Wizard: z
    .object({ currentStep: text(STATUS_TEXT_MAX_LENGTH), status: text(NOTIFICATION_CONTENT_MAX_LENGTH), completed: bool })
    .catchall(bool),
  Conversation: z.object({ name: text(SHORT_TEXT_MAX_LENGTH), metadata: z.unknown() }),
};
