import { DEFAULT_JSON_MAX_BYTES, DEFAULT_TEXT_MAX_LENGTH } from '@aisle/contracts/entities';
import type { z } from 'zod';
import { AppError } from '../lib/app-error';
import type { FieldDef, ModelDef } from './model-types';

type Item = Record<string, unknown>;

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

/**
 * Checks the fields a create or update sets against the model's entity schema (packages/contracts
 * entities.ts: the same rules the REST calls apply) and, for fields it does not name, the default
 * bounds of their kind. Nulls (clearing an optional field) are left to the caller's required-field
 * check. Answers the values to store: the schema's output (trimmed text, parsed dates).
 */
export function checkInput(model: ModelDef, fields: Map<string, FieldDef>, input: Item): Item {
  const candidate: Item = {};
  for (const [name, value] of Object.entries(input)) if (value !== null && value !== undefined) candidate[name] = value;
  const errors: Record<string, string[]> = {};
  let checked: Item = candidate;
  const schema = model.input;
  if (schema) {
    const named = Object.fromEntries(Object.entries(candidate).filter(([name]) => name in schema.shape));
    const result = (schema.partial() as z.ZodObject).safeParse(named);
    if (result.success) checked = { ...candidate, ...(result.data as Item) };
    else {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? 'non_field_errors');
        errors[field] = [...(errors[field] ?? []), sentence(issue.message)];
      }
    }
  }
  for (const [name, value] of Object.entries(candidate)) {
    if (errors[name] || (schema && name in schema.shape)) continue;
    const kind = fields.get(name)?.type;
    if (kind === 'String' && typeof value === 'string' && value.length > DEFAULT_TEXT_MAX_LENGTH)
      errors[name] = [tooLong(DEFAULT_TEXT_MAX_LENGTH)];
    if (kind === 'AWSJSON' && JSON.stringify(value).length > DEFAULT_JSON_MAX_BYTES)
      errors[name] = [`Ensure this value is no larger than ${DEFAULT_JSON_MAX_BYTES} bytes as JSON.`];
  }
  if (Object.keys(errors).length) {
    const [field, messages] = Object.entries(errors)[0] as [string, string[]];
    throw new AppError('BAD_REQUEST', `${field}: ${messages[0]}`, { fields: errors });
  }
  return { ...input, ...checked };
}

const sentence = (message: string) => (/[.!?]$/.test(message) ? message : `${message}.`);
