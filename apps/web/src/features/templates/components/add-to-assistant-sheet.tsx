import type { Assistant } from '@aisle/contracts/assistants';
import { type RequiredVariable, VARIABLE_VALUE_MAX_LENGTH } from '@aisle/contracts/functions';
import { PlusIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAuth } from '@/app/auth/auth-provider';
import { useCollection } from '@/app/startup-data/startup-data-provider';
import { Skeleton } from '@/components/ui/skeleton';
import { useVariableMutations, useVariables } from '@/hooks/use-variables';
import { apiErrorText, fieldErrorPaths } from '@/lib/api-error-text';
import type { AddTarget } from '../api/add-to-assistant-api';
import { useAddToAssistant } from '../hooks/use-add-to-assistant';
import { missingVariables } from '../required-variables';
import { AssistantSelect } from './assistant-select';
import { MissingVariableField } from './missing-variable-field';
import { FormSheet, SheetForm } from './sheet-form';

export interface AddToAssistantSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The template's name, for the success message. */
  name: string;
  required: readonly RequiredVariable[];
  target: AddTarget;
}

/**
 * Adding a template (or custom template) to an assistant: first the required variables the owner
 * has not set (saved as variables, secret ones as secrets), then the assistant. The server's
 * refusal (say, a variable still missing) stays in the sheet.
 */
export function AddToAssistantSheet(props: AddToAssistantSheetProps) {
  const { t } = useTranslation('templates');
  const { open, onOpenChange, title } = props;
  return (
    <FormSheet open={open} onOpenChange={onOpenChange} title={title} description={t('addToAssistant.description')} className="sm:max-w-lg">
      <AddForm key={`${props.target.kind}-${props.target.id}`} {...props} />
    </FormSheet>
  );
}

type Errors = Record<string, string>;

function AddForm({ name, required, target, onOpenChange }: AddToAssistantSheetProps) {
  const { t } = useTranslation('templates');
  const id = useId();
  const { sessionStore } = useAuth();
  const variables = useVariables(sessionStore.getValidAccessToken);
  const { create } = useVariableMutations(sessionStore.getValidAccessToken);
  const { status, items: assistants } = useCollection<Assistant>('assistants');
  const add = useAddToAssistant();
  const [assistantId, setAssistantId] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const missing = variables.data ? missingVariables(required, variables.data) : [];
  // With a single assistant there is nothing to choose.
  const chosen = assistantId || (assistants.length === 1 ? (assistants[0]?.id ?? '') : '');

  const check = (): Errors => {
    const found: Errors = {};
    for (const entry of missing) {
      const value = values[entry.name] ?? '';
      if (!value.trim()) found[entry.name] = t('addToAssistant.enterValue', { name: entry.name });
      else if (value.length > VARIABLE_VALUE_MAX_LENGTH) found[entry.name] = t('validation.tooLong', { max: VARIABLE_VALUE_MAX_LENGTH });
    }
    if (!chosen) found.assistant = t('addToAssistant.chooseAssistant');
    return found;
  };

  /** Saves every missing variable; the failures come back as errors under their fields. */
  const saveMissing = async (): Promise<Errors> => {
    const results = await Promise.allSettled(
      missing.map((entry) => create.mutateAsync({ name: entry.name, value: values[entry.name] ?? '', secret: entry.secret })),
    );
    const found: Errors = {};
    results.forEach((result, index) => {
      const entry = missing[index];
      if (result.status === 'rejected' && entry) {
        const fields = fieldErrorPaths(result.reason);
        found[entry.name] =
          fields.value ?? fields.name ?? apiErrorText(result.reason, t('addToAssistant.variableNotSaved', { name: entry.name }));
      }
    });
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const saveErrors = await saveMissing();
      if (Object.keys(saveErrors).length > 0) {
        setErrors(saveErrors);
        return;
      }
      await add(chosen, target);
      const assistantName = assistants.find((assistant) => assistant.id === chosen)?.assistantName ?? t('addToAssistant.theAssistant');
      toast.success(t('addToAssistant.added', { name, assistant: assistantName }));
      onOpenChange(false);
    } catch (error) {
      setFailure(apiErrorText(error, t('addToAssistant.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SheetForm
      label={t('addToAssistant.form', { name })}
      onSubmit={submit}
      onCancel={() => onOpenChange(false)}
      failure={failure}
      busy={busy}
      submitLabel={t('addToAssistant.submit')}
      submitIcon={<PlusIcon />}
      submitDisabled={assistants.length === 0 || variables.isPending}
    >
      <section aria-label={t('addToAssistant.variablesToSet')} className="grid gap-4">
        {variables.isPending ? (
          <Skeleton className="h-16 rounded-lg" aria-hidden="true" />
        ) : variables.isError ? (
          <p className="text-destructive text-sm">{apiErrorText(variables.error, t('addToAssistant.variablesFailed'))}</p>
        ) : missing.length === 0 ? (
          <p className="rounded-lg bg-muted/50 px-3 py-2 text-muted-foreground text-sm">
            {required.length === 0 ? t('addToAssistant.noneNeeded') : t('addToAssistant.allSet')}
          </p>
        ) : (
          missing.map((entry) => (
            <MissingVariableField
              key={entry.name}
              id={`${id}-var-${entry.name}`}
              variable={entry}
              value={values[entry.name] ?? ''}
              error={errors[entry.name]}
              onChange={(value) => setValues((current) => ({ ...current, [entry.name]: value }))}
            />
          ))
        )}
      </section>
      <AssistantSelect
        id={`${id}-assistant`}
        assistants={assistants}
        loading={status.state === 'loading' || status.state === 'not-initialised'}
        value={chosen}
        error={errors.assistant}
        onChange={setAssistantId}
      />
    </SheetForm>
  );
}
