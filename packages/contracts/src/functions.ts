import { z } from 'zod';

/**
 * Functions, variables and templates (spec §3 Function, Task, Variable, Template, TemplateFunction,
 * CustomUserTemplate; §7 Functions, Variables): the REST bodies and answers shared by the server's
 * validation and the web screens. Functions are read, listed and edited (name, description, code,
 * definition, variables, returnType) through the data API (`listFunctions`, `updateFunction`);
 * every save of code is checked on the server (thirdPartyServices, isViolatingRules).
 */

export const FUNCTION_NAME_MAX_LENGTH = 64;
export const FUNCTION_DESCRIPTION_MAX_LENGTH = 2000;
/** Source code of one function, in characters. */
export const FUNCTION_CODE_MAX_LENGTH = 100_000;
/** Variables one function may read. */
export const FUNCTION_VARIABLES_MAX = 50;
export const VARIABLE_NAME_MAX_LENGTH = 64;
export const VARIABLE_VALUE_MAX_LENGTH = 10_000;
/** Test arguments of functions/run/, as JSON. */
export const FUNCTION_ARGS_MAX_BYTES = 64 * 1024;
/** Variables per page of GET variables/. */
export const VARIABLES_PAGE_SIZE = 50;

const blank = 'This field may not be blank.';
const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;
const uuid = z.uuid('Must be a valid UUID.');

/** A variable's name: what code reads as `variables.NAME` (letters, digits, underscores; not starting with a digit). */
export const variableNameSchema = z
  .string()
  .trim()
  .min(1, blank)
  .max(VARIABLE_NAME_MAX_LENGTH, tooLong(VARIABLE_NAME_MAX_LENGTH))
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Use letters, digits and underscores only, not starting with a digit.');

/** A function's name: also the tool name the model sees (letters, digits, underscores, hyphens). */
export const functionNameSchema = z
  .string()
  .trim()
  .min(1, blank)
  .max(FUNCTION_NAME_MAX_LENGTH, tooLong(FUNCTION_NAME_MAX_LENGTH))
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'Start with a letter; use letters, digits, underscores and hyphens only.');

/** What a function returns, as the model is told. */
export const functionReturnTypes = ['object', 'array', 'string', 'number', 'boolean'] as const;
export type FunctionReturnType = (typeof functionReturnTypes)[number];

/**
 * The tool definition the model sees: OpenAI's `{type: 'function', function: {name, description,
 * parameters}}`, the bare `{name, description, parameters}` or Anthropic's `{name, description,
 * input_schema}`; `parameters` is a JSON schema of an object.
 */
export const functionAssistantDefinitionSchema = z.record(z.string(), z.unknown());

/**
 * A function's state after its last save, check and run:
 * - `draft`: no code yet (initialize/ writes some);
 * - `invalid`: the code does not parse or has no default export (`log` says where);
 * - `violating`: the code breaks a rule (`violatingBecause`); it cannot be linked or run;
 * - `ready`: checked, and its last run (if any) succeeded;
 * - `failed`: its last run failed (`log` holds the error; fix/ proposes a correction).
 */
export const functionStatuses = ['draft', 'invalid', 'violating', 'ready', 'failed'] as const;
export type FunctionStatus = (typeof functionStatuses)[number];

// ── POST functions/create/ ──────────────────────────────────────────────────────────────────────

export const createFunctionRequestSchema = z.object({
  name: functionNameSchema,
  description: z.string().trim().max(FUNCTION_DESCRIPTION_MAX_LENGTH, tooLong(FUNCTION_DESCRIPTION_MAX_LENGTH)).default(''),
  code: z.string().max(FUNCTION_CODE_MAX_LENGTH, tooLong(FUNCTION_CODE_MAX_LENGTH)).optional(),
  /** Names of the owner's variables the code reads (its second argument holds exactly these). */
  variables: z.array(variableNameSchema).max(FUNCTION_VARIABLES_MAX, `At most ${FUNCTION_VARIABLES_MAX} variables.`).default([]),
  returnType: z.enum(functionReturnTypes, `Choose one of: ${functionReturnTypes.join(', ')}.`).default('object'),
  functionAssistantDefinition: functionAssistantDefinitionSchema.optional(),
});
export type CreateFunctionRequest = z.input<typeof createFunctionRequestSchema>;

/** A Function as the REST calls answer it (the data API has the same fields). */
export const functionSchema = z.object({
  id: z.string(),
  ownerEmail: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.string().nullable(),
  log: z.string().nullable(),
  name: z.string(),
  fileName: z.string().nullable(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  thirdPartyServices: z.array(z.string()).nullable(),
  isViolatingRules: z.boolean(),
  violatingBecause: z.string().nullable(),
  functionAssistantDefinition: z.unknown().nullable(),
  variables: z.unknown().nullable(),
  returnType: z.string().nullable(),
});
export type FunctionItem = z.infer<typeof functionSchema>;

export const functionIdRequestSchema = z.object({ id: uuid });

// ── POST functions/run/ ─────────────────────────────────────────────────────────────────────────

export const runFunctionRequestSchema = z.object({
  id: uuid,
  /** The arguments object passed to the function (checked against its definition's parameters). */
  args: z.record(z.string(), z.unknown()).default({}),
});
export type RunFunctionRequest = z.input<typeof runFunctionRequestSchema>;

export const runFunctionResponseSchema = z.object({
  ok: z.boolean(),
  result: z.unknown().optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  /** console output, one entry per call ("[log] …", "[error] …"). */
  logs: z.array(z.string()),
  durationMs: z.number(),
  /** The Task recording this run. */
  taskId: z.string(),
  /** The function after the run (status and log updated). */
  function: functionSchema,
});
export type RunFunctionResponse = z.infer<typeof runFunctionResponseSchema>;

// ── POST functions/fix/ ─────────────────────────────────────────────────────────────────────────

/** A proposed correction; nothing is saved until the owner applies it (updateFunction). */
export const fixFunctionResponseSchema = z.object({
  code: z.string(),
  explanation: z.string(),
});
export type FixFunctionResponse = z.infer<typeof fixFunctionResponseSchema>;

// ── Variables: GET/POST variables/, GET/PUT/PATCH/DELETE variables/{id}/ ─────────────────────────

export const variableRequestSchema = z.object({
  name: variableNameSchema,
  value: z.string().max(VARIABLE_VALUE_MAX_LENGTH, tooLong(VARIABLE_VALUE_MAX_LENGTH)),
  secret: z.boolean().default(false),
});
export type VariableRequest = z.input<typeof variableRequestSchema>;
/** PATCH: any subset; `secret` has no default here, so leaving it out never turns a secret plain. */
export const variablePatchSchema = z.object({
  name: variableNameSchema.optional(),
  value: z.string().max(VARIABLE_VALUE_MAX_LENGTH, tooLong(VARIABLE_VALUE_MAX_LENGTH)).optional(),
  secret: z.boolean().optional(),
});

/**
 * A Variable as answered. A secret's value is never sent back: `value` is null and `maskedValue`
 * shows at most its last four characters (none when it is shorter than 12).
 */
export const variableSchema = z.object({
  id: z.string(),
  name: z.string(),
  value: z.string().nullable(),
  secret: z.boolean(),
  maskedValue: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VariableItem = z.infer<typeof variableSchema>;

export const variablePageSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(variableSchema),
});
export type VariablePage = z.infer<typeof variablePageSchema>;

export const variableListQuerySchema = z.object({ page: z.string().optional() });
export const variableIdParamsSchema = z.object({ id: z.string() });

// ── Templates ───────────────────────────────────────────────────────────────────────────────────

/** One entry of a template's `requiredVariables`: the variable the owner must set before adding it. */
export const requiredVariableSchema = z.object({
  name: variableNameSchema,
  description: z.string(),
  secret: z.boolean().default(false),
});
export type RequiredVariable = z.infer<typeof requiredVariableSchema>;

/** The 400 body of assistant/template-add/ when required variables are not set. */
export const missingVariablesText = (names: string[]) =>
  `Set ${names.length === 1 ? 'the variable' : 'the variables'} ${names.join(', ')} before adding this template.`;
