import { createFunctionRequestSchema, type FunctionItem } from '@aisle/contracts/functions';
import { i18n } from '@/i18n/i18n';
import type { FunctionChanges } from './api/update-function';
import { type FieldErrors, zodFieldErrors } from './form-errors';
import { definitionTextOf, variablesOf } from './function-fields';
import { isPlainObject, parseJsonText } from './json-text';

/** What the function view edits, as the owner typed it. */
export interface FunctionDraft {
  name: string;
  description: string;
  returnType: string;
  variables: string[];
  code: string;
  definitionText: string;
}

export const draftFromFunction = (fn: FunctionItem): FunctionDraft => ({
  name: fn.name,
  description: fn.description ?? '',
  returnType: fn.returnType ?? 'object',
  variables: variablesOf(fn),
  code: fn.code ?? '',
  definitionText: definitionTextOf(fn),
});

export const sameDraft = (a: FunctionDraft, b: FunctionDraft) =>
  a.name === b.name &&
  a.description === b.description &&
  a.returnType === b.returnType &&
  a.code === b.code &&
  a.definitionText === b.definitionText &&
  a.variables.length === b.variables.length &&
  a.variables.every((name, index) => name === b.variables[index]);

export type DefinitionState = { ok: true; value: Record<string, unknown> | null } | { ok: false; message: string };

/** The definition editor's text: empty means no definition; anything else must be a JSON object. */
export function readDefinitionText(text: string): DefinitionState {
  if (text.trim() === '') return { ok: true, value: null };
  const parsed = parseJsonText(text);
  if (!parsed.ok) return parsed;
  if (!isPlainObject(parsed.value)) return { ok: false, message: i18n.t('functions:definition.notObject') };
  return { ok: true, value: parsed.value };
}

/**
 * The draft as the changes updateFunction sends, checked with the contract's rules first; the
 * errors are keyed by field (`functionAssistantDefinition` for the definition's JSON).
 */
export function changesFromDraft(draft: FunctionDraft): { ok: true; changes: FunctionChanges } | { ok: false; errors: FieldErrors } {
  const definition = readDefinitionText(draft.definitionText);
  const checked = createFunctionRequestSchema.safeParse({
    name: draft.name,
    description: draft.description,
    code: draft.code,
    variables: draft.variables,
    returnType: draft.returnType,
  });
  const errors: FieldErrors = checked.success ? {} : zodFieldErrors(checked.error);
  if (!definition.ok) errors.functionAssistantDefinition = definition.message;
  if (!checked.success || !definition.ok) return { ok: false, errors };
  const { name, description, variables, returnType } = checked.data;
  return {
    ok: true,
    changes: { name, description, code: draft.code, variables, returnType, functionAssistantDefinition: definition.value },
  };
}
