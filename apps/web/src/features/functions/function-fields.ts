import type { FunctionItem } from '@aisle/contracts/functions';
import { isPlainObject, parseJsonText, prettyJson } from './json-text';

/**
 * The data API sends AWSJSON fields as JSON text, the REST calls as values; both are read here so
 * the screens never care which one answered.
 */
export function readAwsJson(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  if (value.trim() === '') return null;
  const parsed = parseJsonText(value);
  return parsed.ok ? parsed.value : null;
}

/** The tool definition as an object, or null when there is none (or it is not an object). */
export function definitionOf(fn: Pick<FunctionItem, 'functionAssistantDefinition'>): Record<string, unknown> | null {
  const value = readAwsJson(fn.functionAssistantDefinition);
  return isPlainObject(value) ? value : null;
}

/** The definition as the editor shows it: pretty JSON, or empty when there is none. */
export const definitionTextOf = (fn: Pick<FunctionItem, 'functionAssistantDefinition'>) => {
  const definition = definitionOf(fn);
  return definition ? prettyJson(definition) : '';
};

/** The names of the variables a function reads. */
export function variablesOf(fn: Pick<FunctionItem, 'variables'>): string[] {
  const value = readAwsJson(fn.variables);
  return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
}

/**
 * The JSON schema of a definition's arguments, in the three shapes the contract accepts: OpenAI's
 * `{type: 'function', function: {parameters}}`, the bare `{parameters}` and Anthropic's `{input_schema}`.
 */
export function parametersOf(definition: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!definition) return null;
  const inner = isPlainObject(definition.function) ? definition.function : definition;
  const schema = inner.parameters ?? inner.input_schema;
  return isPlainObject(schema) ? schema : null;
}
