import { type VariableItem, type VariableRequest, variableNameSchema, variableRequestSchema } from '@aisle/contracts/functions';
import type { z } from 'zod';
import { i18n } from '@/i18n/i18n';

/**
 * The variable form's values, checks and the body it sends. A secret's value is never sent back
 * by the server, so editing one starts empty: left empty, the stored value stays.
 */
export interface VariableFormValues {
  name: string;
  value: string;
  secret: boolean;
}

export type VariableFormErrors = Partial<Record<keyof VariableFormValues, string>>;

export const formFromVariable = (variable: VariableItem | null): VariableFormValues => ({
  name: variable?.name ?? '',
  // Secrets are never pre-filled: the owner types a new value to replace one.
  value: variable && !variable.secret ? (variable.value ?? '') : '',
  secret: variable?.secret ?? false,
});

/**
 * One of the contract's checks on a name or value, in the interface's language: read from the
 * issue's code and values (the contract words them in English), anything else as zod words it.
 */
function issueText(issue: z.core.$ZodIssue | undefined): string | undefined {
  if (!issue) return undefined;
  if (issue.code === 'too_small' && issue.origin === 'string') return i18n.t('templates:validation.blank');
  if (issue.code === 'too_big' && issue.origin === 'string') return i18n.t('templates:validation.tooLong', { max: Number(issue.maximum) });
  if (issue.code === 'invalid_format' && issue.format === 'regex') return i18n.t('templates:validation.variableName');
  return issue.message;
}

export type VariableFormResult = { ok: true; body: VariableRequest | Partial<VariableRequest> } | { ok: false; errors: VariableFormErrors };

/** The create body, or for an edit only what changed; the contract's checks first. */
export function checkVariableForm(values: VariableFormValues, existing: VariableItem | null): VariableFormResult {
  const errors: VariableFormErrors = {};
  const name = variableNameSchema.safeParse(values.name);
  if (!name.success) errors.name = issueText(name.error.issues[0]);
  const keepsSecret = !!existing?.secret && values.value === '';
  if (keepsSecret && !values.secret) errors.value = i18n.t('templates:variableForm.plainTextNeeded');
  const value = variableRequestSchema.shape.value.safeParse(values.value);
  if (!value.success && !errors.value) errors.value = issueText(value.error.issues[0]);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const trimmedName = values.name.trim();
  if (!existing) return { ok: true, body: { name: trimmedName, value: values.value, secret: values.secret } };
  const changes: Partial<VariableRequest> = {};
  if (trimmedName !== existing.name) changes.name = trimmedName;
  if (!keepsSecret && (existing.secret || values.value !== (existing.value ?? ''))) changes.value = values.value;
  if (values.secret !== existing.secret) changes.secret = values.secret;
  return { ok: true, body: changes };
}
