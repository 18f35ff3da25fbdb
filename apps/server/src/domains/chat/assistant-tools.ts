import { type JSONSchema7, jsonSchema, type ToolSet, tool } from 'ai';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { and, eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import { assistantFunctions, functions, tasks, variables } from '../../db/schema';
import { runInSandbox, type SandboxOutcome } from '../functions/sandbox';

/** A linked function as the model sees it, with what it takes to run it. */
export interface FunctionTool {
  functionId: string;
  name: string;
  description: string;
  parameters: JSONSchema7;
  code: string;
  variableNames: string[];
}

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const EMPTY_PARAMETERS: JSONSchema7 = { type: 'object', properties: {} };

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: true });
addFormats.default(ajv);

/** "order_id is required; quantity must be integer" — what the model reads to fix its call. */
export function describeSchemaErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map((error) => {
      const at = error.instancePath ? error.instancePath.slice(1).replaceAll('/', '.') : '';
      if (error.keyword === 'required') return `${[at, error.params.missingProperty].filter(Boolean).join('.')} is required`;
      if (error.keyword === 'additionalProperties') return `${error.params.additionalProperty} is not a known argument`;
      return `${at || 'the arguments'} ${error.message ?? 'is invalid'}`;
    })
    .join('; ');
}

/**
 * The tool definition stored on a function (spec §3 `functionAssistantDefinition`), accepted in the
 * shapes merchants paste: OpenAI's `{type: 'function', function: {name, description, parameters}}`,
 * the bare `{name, description, parameters}`, or Anthropic's `input_schema`.
 */
export function toolDefinitionOf(row: Pick<typeof functions.$inferSelect, 'name' | 'description' | 'functionAssistantDefinition'>) {
  const raw = (row.functionAssistantDefinition ?? {}) as Record<string, unknown>;
  const inner = (raw.type === 'function' && typeof raw.function === 'object' && raw.function ? raw.function : raw) as Record<
    string,
    unknown
  >;
  const name = typeof inner.name === 'string' && TOOL_NAME.test(inner.name) ? inner.name : toolNameOf(row.name);
  const description =
    (typeof inner.description === 'string' && inner.description.trim()) || row.description?.trim() || `Runs the ${row.name} function.`;
  const schema = (inner.parameters ?? inner.input_schema ?? inner.inputSchema) as JSONSchema7 | undefined;
  const parameters = schema && typeof schema === 'object' && schema.type === 'object' ? schema : EMPTY_PARAMETERS;
  return { name, description, parameters };
}

/** A function's name as a tool name the providers accept. */
export function toolNameOf(name: string) {
  const cleaned = name
    .trim()
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);
  return cleaned || 'function';
}

const variableNamesOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((entry) =>
        typeof entry === 'string'
          ? [entry]
          : entry && typeof (entry as { name?: unknown }).name === 'string'
            ? [(entry as { name: string }).name]
            : [],
      )
    : [];

/**
 * The functions linked to an assistant that may run: ones with code that the rules check has not
 * flagged. Names are made unique (the providers refuse two tools of one name).
 */
export async function linkedFunctionTools(db: Db, ownerEmail: string, assistantId: string): Promise<FunctionTool[]> {
  const rows = await db
    .select({ fn: functions })
    .from(assistantFunctions)
    .innerJoin(functions, eq(functions.id, assistantFunctions.functionId))
    .where(
      and(
        eq(assistantFunctions.assistantId, assistantId),
        eq(assistantFunctions.ownerEmail, ownerEmail),
        eq(functions.ownerEmail, ownerEmail),
        eq(functions.isViolatingRules, false),
      ),
    )
    .orderBy(functions.createdAt);
  const taken = new Set<string>();
  return rows.flatMap(({ fn }) => {
    if (!fn.code?.trim()) return [];
    const definition = toolDefinitionOf(fn);
    let name = definition.name;
    for (let n = 2; taken.has(name); n += 1) name = `${definition.name.slice(0, 60)}_${n}`;
    taken.add(name);
    return [{ functionId: fn.id, ...definition, name, code: fn.code, variableNames: variableNamesOf(fn.variables) }];
  });
}

/** The owner's variables a function declares, by name, as the read-only second argument. */
async function variablesFor(db: Db, ownerEmail: string, names: string[]): Promise<Record<string, string>> {
  if (!names.length) return {};
  const rows = await db
    .select({ name: variables.name, value: variables.value })
    .from(variables)
    .where(and(eq(variables.ownerEmail, ownerEmail), inArray(variables.name, names)));
  return Object.fromEntries(rows.map((row) => [row.name, row.value]));
}

const outcomeMessage = (outcome: Extract<SandboxOutcome, { ok: false }>) => outcome.error.message;

/**
 * The AI SDK tools of a turn: arguments are checked against each function's JSON schema before
 * anything runs (a mismatch goes back to the model as a clear error it can correct), the code runs
 * in the sandbox, and every run is recorded as a Task (arguments, result or error, logs, duration).
 */
export function toolSetOf(db: Db, logger: Logger, input: { ownerEmail: string; assistantId: string; tools: FunctionTool[] }): ToolSet {
  const set: ToolSet = {};
  for (const fn of input.tools) {
    let validate: ReturnType<typeof ajv.compile>;
    try {
      validate = ajv.compile(fn.parameters);
    } catch (error) {
      logger.warn({ err: error, functionId: fn.functionId }, 'a linked function has an invalid schema; it is not offered');
      continue;
    }
    set[fn.name] = tool({
      description: fn.description,
      inputSchema: jsonSchema(fn.parameters, {
        validate: (value) => {
          const args = structuredClone(value ?? {});
          return validate(args)
            ? { success: true, value: args }
            : { success: false, error: new Error(`Invalid arguments for ${fn.name}: ${describeSchemaErrors(validate.errors)}.`) };
        },
      }),
      execute: async (args, { toolCallId }) => {
        const outcome = await runInSandbox({
          code: fn.code,
          args,
          variables: await variablesFor(db, input.ownerEmail, fn.variableNames),
        });
        const record = outcome.ok
          ? { toolCallId, name: fn.name, input: args, ok: true, output: outcome.result }
          : { toolCallId, name: fn.name, input: args, ok: false, error: outcomeMessage(outcome) };
        await db
          .insert(tasks)
          .values({
            ownerEmail: input.ownerEmail,
            type: 'function_run',
            result: { ...record, logs: outcome.logs, durationMs: outcome.durationMs },
            functionId: fn.functionId,
            assistantId: input.assistantId,
          })
          .catch((error: unknown) => logger.warn({ err: error, functionId: fn.functionId }, 'could not record a function run'));
        if (!outcome.ok) throw new Error(`${fn.name} failed: ${outcomeMessage(outcome)}`);
        return outcome.result;
      },
    });
  }
  return set;
}
