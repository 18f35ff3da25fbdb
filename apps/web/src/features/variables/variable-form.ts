import { type VariableItem, type VariableRequest, variableNameSchema, variableRequestSchema } from '@aisle/contracts/functions';

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

export type VariableFormResult = { ok: true; body: VariableRequest | Partial<VariableRequest> } | { ok: false; errors: VariableFormErrors };

/** The create body, or for an edit only what changed; the contract's checks first. */
export function checkVariableForm(values: VariableFormValues, existing: VariableItem | null): VariableFormResult {
  const errors: VariableFormErrors = {};
  const name = variableNameSchema.safeParse(values.name);
  if (!name.success) errors.name = name.error.issues[0]?.message;
  const keepsSecret = !!existing?.secret && values.value === '';
  if (keepsSecret && !values.secret) errors.value = 'Enter the value to store it as plain text.';
  const value = variableRequestSchema.shape.value.safeParse(values.value);
  if (!value.success && !errors.value) errors.value = value.error.issues[0]?.message;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const trimmedName = values.name.trim();
  if (!existing) return { ok: true, body: { name: trimmedName, value: values.value, secret: values.secret } };
  const changes: Partial<VariableRequest> = {};
  if (trimmedName !== existing.name) changes.name = trimmedName;
  if (!keepsSecret && (existing.secret || values.value !== (existing.value ?? ''))) changes.value = values.value;
  if (values.secret !== existing.secret) changes.secret = values.secret;
  return { ok: true, body: changes };
}
