import type { JSONSchema7 } from 'ai';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { functions } from '../../db/schema';

/*
 * A function as a tool (spec §3 `functionAssistantDefinition`): its name, description and the JSON
 * schema its arguments are checked against, before a run from a chat turn or a test run alike.
 */

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const EMPTY_PARAMETERS: JSONSchema7 = { type: 'object', properties: {} };

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: true });
addFormats.default(ajv);

/** A validator of arguments against a function's parameters schema; undefined when the schema itself is invalid. */
export function argumentsValidatorFor(parameters: JSONSchema7): ReturnType<typeof ajv.compile> | undefined {
  try {
    return ajv.compile(parameters);
  } catch {
    return undefined;
  }
}

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
