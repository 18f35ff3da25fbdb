import { FUNCTION_DESCRIPTION_MAX_LENGTH, FUNCTION_NAME_MAX_LENGTH, functionReturnTypes } from '@aisle/contracts/functions';
import { useId } from 'react';
import { useAuth } from '@/app/auth/auth-provider';
import { describedBy, Field, NativeSelect, Textarea } from '@/components/form-controls';
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

const returnTypeLabels: Record<(typeof functionReturnTypes)[number], string> = {
  object: 'Object',
  array: 'List (array)',
  string: 'Text (string)',
  number: 'Number',
  boolean: 'Yes or no (boolean)',
};

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
  const id = useId();
  const { sessionStore } = useAuth();
  const variables = useVariables(sessionStore.getValidAccessToken);
  const names = (variables.data ?? []).map((variable) => variable.name);

  return (
    <div className={cn('grid gap-4', compact && 'md:grid-cols-2')}>
      <Field
        id={`${id}-name`}
        label="Name"
        hint="Also the tool name the assistant sees, like get_order_status."
        error={errors.name}
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
        label="Return type"
        hint="What the function gives back to the assistant."
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
              {returnTypeLabels[type]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field
        id={`${id}-description`}
        label="Description"
        hint="What it does and when to use it. Initialize writes starter code from this."
        error={errors.description}
        className={cn('content-start', compact && 'md:col-span-2')}
      >
        <Textarea
          id={`${id}-description`}
          value={values.description}
          onChange={(event) => onChange({ description: event.target.value })}
          maxLength={FUNCTION_DESCRIPTION_MAX_LENGTH}
          rows={compact ? 2 : 4}
          placeholder="Looks up an order by its number and returns its status and tracking link."
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
