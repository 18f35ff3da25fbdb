import type { RequiredVariable } from '@aisle/contracts/functions';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, Field } from '@/components/form-controls';
import { SecretInput } from '@/components/secret-input';
import { Input } from '@/components/ui/input';

/** One required variable the owner has not set: its value, hidden while typed when it is secret. */
export function MissingVariableField({
  id,
  variable,
  value,
  error,
  onChange,
}: {
  id: string;
  variable: RequiredVariable;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('templates');
  const hint = variable.secret ? t('addToAssistant.secretHint', { description: variable.description }).trim() : variable.description;
  const props = {
    id,
    value,
    autoComplete: 'off',
    spellCheck: false,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value),
    ...describedBy(id, error, !!hint),
  };
  return (
    <Field id={id} label={<span className="font-mono">{variable.name}</span>} hint={hint} error={error}>
      {variable.secret ? <SecretInput {...props} /> : <Input {...props} />}
    </Field>
  );
}
