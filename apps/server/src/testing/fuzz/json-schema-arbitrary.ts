import fc from 'fast-check';

/**
 * Values valid for a JSON schema (the OpenAPI document's, which fastify-type-provider-zod
 * derives from our zod contracts with `z.toJSONSchema`). No maintained package builds fast-check
 * arbitraries for zod 4 or for JSON schema with fast-check 4, so this covers the subset zod emits:
 * type, enum, anyOf/oneOf, nullable, string formats and patterns, bounds, required and
 * additionalProperties. Values hit the bounds often; going past them is the hostile values' part.
 */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
}

/**
 * Values known to get past validation, by the name of the field they go in (ids of rows that
 * exist, share tokens, e-mails of real accounts): a field of that name draws from them often, so
 * requests reach the code behind the checks.
 */
export type Hints = (name: string, context?: string) => fc.Arbitrary<unknown> | undefined;

/** Longest generated text when the schema allows more (its bound itself is generated too). */
const TYPICAL_TEXT = 40;
const TYPICAL_ITEMS = 4;

function text(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 10_000;
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return fc.stringMatching(pattern).filter((s) => s.length >= min && s.length <= max);
  }
  // Past the bounds is the hostile values' part (hostile-values.ts): these stay valid.
  const edges = [min, max].filter((n) => n <= 100_000);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, TYPICAL_TEXT)) }) },
    { weight: 1, arbitrary: fc.constantFrom(...edges).map((n) => 'w'.repeat(n)) },
  );
}

function number(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum;
  const max = schema.maximum ?? schema.exclusiveMaximum;
  const safeMin = min === undefined || min < -1e9 ? -1e9 : min;
  const safeMax = max === undefined || max > 1e9 ? 1e9 : max;
  const inRange = integer
    ? fc.integer({ min: Math.ceil(safeMin), max: Math.floor(safeMax) })
    : fc.double({ min: safeMin, max: safeMax, noNaN: true });
  const edges = [min, max, 0].filter((n): n is number => n !== undefined && Number.isFinite(n) && n >= safeMin && n <= safeMax);
  return fc.oneof({ weight: 3, arbitrary: inRange }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
}

function object(schema: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) model[name] = valueFor(property, hints, depth + 1, name);
  const known = fc.record(model, { requiredKeys: schema.required?.filter((key) => key in properties) ?? [] });
  if (!schema.additionalProperties || depth > 2) return known;
  const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
  return fc.tuple(extra, known).map(([more, base]) => ({ ...more, ...base }));
}

/** A well-formed value for `schema`; `name` is the field it goes in, for hints. */
export function valueFor(schema: JsonSchema, hints: Hints, depth = 0, name = ''): fc.Arbitrary<unknown> {
  const shaped = shapedValue(schema, hints, depth);
  const hinted = name ? hints(name) : undefined;
  const value = hinted ? fc.oneof({ weight: 4, arbitrary: hinted }, { weight: 1, arbitrary: shaped }) : shaped;
  return schema.nullable ? fc.option(value, { nil: null, freq: 8 }) : value;
}

function shapedValue(schema: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => valueFor(choice, hints, depth)));
  if (schema.allOf?.length) return valueFor(Object.assign({}, ...schema.allOf), hints, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return text(schema);
    case 'integer':
      return number(schema, true);
    case 'number':
      return number(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.max(min, Math.min(schema.maxItems ?? TYPICAL_ITEMS, TYPICAL_ITEMS));
      const items = schema.items ? valueFor(schema.items, hints, depth + 1) : fc.jsonValue({ maxDepth: 2 });
      return fc.array(items, { minLength: min, maxLength: max });
    }
    case 'object':
      return object(schema, hints, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
