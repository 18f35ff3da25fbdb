import { FUNCTION_DESCRIPTION_MAX_LENGTH, FUNCTION_NAME_MAX_LENGTH, functionReturnTypes } from '@aisle/contracts/functions';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/app/auth/auth-provider';
import { describedBy, Field, NativeSelect, Textarea } from '@/components/form-controls';
import { LengthCounter } from '@/components/length-counter';
import { Input } from '@/components/ui/input';
import { useVariables } from '@/hooks/use-variables';
import { cn } from '@/lib/cn';
import type { FieldErrors } from '../form-errors';
import { VariablesInput } from './variables-input';

export interface FunctionDetails {
  name: string;
  description: string;
  returnType: string;
  variables: string[];
}

const returnTypeLabels = {
  object: 'details.returnTypes.object',
  array: 'details.returnTypes.array',
  string: 'details.returnTypes.string',
  number: 'details.returnTypes.number',
  boolean: 'details.returnTypes.boolean',
} as const satisfies Record<(typeof functionReturnTypes)[number], string>;

/** Name, description, return type and variables: the new-function form and the function view share them. */
export function FunctionDetailsFields({
  values,
  onChange,
  errors,
  compact = false,
}: {
  values: FunctionDetails;
  onChange: (patch: Partial<FunctionDetails>) => void;
  errors: FieldErrors;
  /** Two columns, a shorter description (the function view). */
  compact?: boolean;
}) {
  const { t } = useTranslation('functions');
  const id = useId();
  const { sessionStore } = useAuth();
  const variables = useVariables(sessionStore.getValidAccessToken);
  const names = (variables.data ?? []).map((variable) => variable.name);

  return (
    <div className={cn('grid gap-4', compact && 'md:grid-cols-2')}>
      <Field
        id={`${id}-name`}
        label={t('details.name')}
        hint={t('details.nameHint')}
        error={errors.name}
        aside={<LengthCounter length={values.name.length} max={FUNCTION_NAME_MAX_LENGTH} />}
        className="content-start"
      >
        <Input
          id={`${id}-name`}
          value={values.name}
          onChange={(event) => onChange({ name: event.target.value })}
          maxLength={FUNCTION_NAME_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          {...describedBy(`${id}-name`, errors.name, true)}
        />
      </Field>
      <Field
        id={`${id}-return`}
        label={t('details.returnType')}
        hint={t('details.returnTypeHint')}
        error={errors.returnType}
        className="content-start"
      >
        <NativeSelect
          id={`${id}-return`}
          value={values.returnType}
          onChange={(event) => onChange({ returnType: event.target.value })}
          {...describedBy(`${id}-return`, errors.returnType, true)}
        >
          {functionReturnTypes.map((type) => (
            <option key={type} value={type}>
              {t(returnTypeLabels[type])}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field
        id={`${id}-description`}
        label={t('details.description')}
        hint={t('details.descriptionHint')}
        error={errors.description}
        className={cn('content-start', compact && 'md:col-span-2')}
      >
        <Textarea
          id={`${id}-description`}
          value={values.description}
          onChange={(event) => onChange({ description: event.target.value })}
          maxLength={FUNCTION_DESCRIPTION_MAX_LENGTH}
          rows={compact ? 2 : 4}
          placeholder={t('details.descriptionPlaceholder')}
          {...describedBy(`${id}-description`, errors.description, true)}
        />
      </Field>
      <div className={cn(compact && 'md:col-span-2')}>
        <VariablesInput
          id={`${id}-variables`}
          value={values.variables}
          onChange={(next) => onChange({ variables: next })}
          suggestions={names}
          error={errors.variables}
        />
      </div>
    </div>
  );
}
