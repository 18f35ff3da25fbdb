import { isPlainObject } from './json-text';

type Schema = Record<string, unknown>;

/** Deep enough for real tool arguments; stops a self-referencing schema from looping. */
const MAX_DEPTH = 6;

const stringExamples: Record<string, string> = {
  email: 'name@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  date: '2025-01-31',
  'date-time': '2025-01-31T12:00:00Z',
  time: '12:00:00',
  uuid: '00000000-0000-0000-0000-000000000000',
};

/** The first type named, skipping "null" when another is offered (`["string", "null"]`). */
function typeOf(schema: Schema): string | undefined {
  const { type } = schema;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') ?? type[0];
  if (isPlainObject(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

/** An example value for one JSON schema: its default, else an example, enum or const, else one by type. */
export function exampleValue(schema: unknown, depth = 0): unknown {
  if (!isPlainObject(schema) || depth > MAX_DEPTH) return null;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const choice = [schema.anyOf, schema.oneOf].find((options) => Array.isArray(options) && options.length > 0) as unknown[] | undefined;
  if (choice) return exampleValue(choice.find((option) => !(isPlainObject(option) && option.type === 'null')) ?? choice[0], depth);
  switch (typeOf(schema)) {
    case 'string':
      return stringExamples[String(schema.format)] ?? '';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    case 'array':
      return schema.items === undefined ? [] : [exampleValue(schema.items, depth + 1)];
    case 'object':
      return argumentSkeleton(schema, depth + 1);
    default:
      return null;
  }
}

/**
 * Test arguments to start from: every property of the definition's parameters with an example
 * value, so the owner edits values instead of typing names. `{}` when there are none.
 */
export function argumentSkeleton(parameters: unknown, depth = 0): Record<string, unknown> {
  if (!isPlainObject(parameters) || !isPlainObject(parameters.properties)) return {};
  return Object.fromEntries(Object.entries(parameters.properties).map(([name, schema]) => [name, exampleValue(schema, depth)]));
}
