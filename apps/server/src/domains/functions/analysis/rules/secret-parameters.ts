import { sensitiveLabel } from '../sensitive-terms';
import type { Violation } from '../violations';

type Json = Record<string, unknown>;

/** Deep or cyclic schemas are cut off here; a real tool schema is far shallower. */
const MAX_DEPTH = 12;
const MAX_FIELDS = 500;

/**
 * Parameters in the tool definition that ask the visitor for a secret (password, card number,
 * CVV, one-time code…). Accepts OpenAI `{type:'function', function:{…}}`, bare `{name, parameters}`
 * and Anthropic `{name, input_schema}` definitions, as objects or JSON text.
 */
export function secretParameterViolations(definition: unknown): Violation[] {
  const schema = parametersOf(typeof definition === 'string' ? parseJson(definition) : definition);
  const violations: Violation[] = [];
  const fields = { count: 0 };
  visitSchema(schema, '', 0, new Set(), fields, (path, label) => {
    violations.push({
      position: -1,
      message: `The tool asks the visitor for ${label} (the "${path}" parameter); functions must never collect passwords, card details or other secrets from visitors.`,
    });
  });
  return violations;
}

function parametersOf(definition: unknown): unknown {
  if (!isObject(definition)) return undefined;
  const tool = isObject(definition.function) ? definition.function : definition;
  return tool.parameters ?? tool.input_schema ?? tool.inputSchema;
}

function visitSchema(
  schema: unknown,
  path: string,
  depth: number,
  seen: Set<unknown>,
  fields: { count: number },
  report: (path: string, label: string) => void,
): void {
  if (!isObject(schema) || depth > MAX_DEPTH || seen.has(schema)) return;
  seen.add(schema);
  if (isObject(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      if (++fields.count > MAX_FIELDS) return;
      const fieldPath = path ? `${path}.${name}` : name;
      const prose = describe(property);
      const label = sensitiveLabel(name, 'name', prose) ?? sensitiveLabel(prose, 'prose', name);
      if (label) report(fieldPath, label);
      else visitSchema(property, fieldPath, depth + 1, seen, fields, report);
    }
  }
  for (const key of [
    'items',
    'additionalProperties',
    'prefixItems',
    'anyOf',
    'oneOf',
    'allOf',
    'patternProperties',
    '$defs',
    'definitions',
  ]) {
    const nested = schema[key];
    const children = Array.isArray(nested)
      ? nested
      : key === 'patternProperties' || key === '$defs' || key === 'definitions'
        ? Object.values(isObject(nested) ? nested : {})
        : [nested];
    for (const child of children) visitSchema(child, path, depth + 1, seen, fields, report);
  }
}

/** A field's own prose: its description and title, and those of its array items. */
function describe(property: unknown): string {
  if (!isObject(property)) return '';
  const items = isObject(property.items) ? property.items : {};
  return [property.description, property.title, items.description, items.title].filter((text) => typeof text === 'string').join('. ');
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
