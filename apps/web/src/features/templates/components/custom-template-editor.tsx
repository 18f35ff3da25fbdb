import { CUSTOM_TEMPLATE_NAME_MAX_LENGTH } from '@aisle/contracts/entities';
import type { VariableItem } from '@aisle/contracts/functions';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, Field } from '@/components/form-controls';
import { LengthCounter } from '@/components/length-counter';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorText } from '@/lib/api-error-text';
import type { CustomTemplate } from '../api/custom-templates-api';
import type { CustomTemplateDraft } from '../hooks/use-custom-templates';
import { customTemplateRequiredVariables, requiredVariableStatuses } from '../required-variables';
import type { TemplateItem } from '../template-fields';
import { RequiredVariablesList } from './required-variables-list';
import { FormSheet, SheetForm } from './sheet-form';
import { type FunctionGroup, TemplateFunctionPicker } from './template-function-picker';

export interface CustomTemplateEditorProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The template being edited, or null to create one. */
  existing: CustomTemplate | null;
  groups: readonly FunctionGroup[];
  groupsLoading: boolean;
  templates: readonly TemplateItem[];
  variables: readonly VariableItem[];
  /** Saves the template and its picks; throws the API's error for the form to show. */
  onSave: (draft: CustomTemplateDraft) => Promise<void>;
}

/** Creating a custom template, or changing one's name and picks, in a side sheet. */
export function CustomTemplateEditor(props: CustomTemplateEditorProps) {
  const { t } = useTranslation('templates');
  const { open, onOpenChange, existing } = props;
  return (
    <FormSheet
      open={open}
      onOpenChange={onOpenChange}
      title={existing ? t('editor.editTitle', { name: existing.name }) : t('editor.newTitle')}
      description={t('editor.description')}
      className="sm:max-w-xl"
    >
      <EditorForm key={existing?.id ?? 'new'} {...props} />
    </FormSheet>
  );
}

function EditorForm({ existing, groups, groupsLoading, templates, variables, onSave, onOpenChange }: CustomTemplateEditorProps) {
  const { t } = useTranslation('templates');
  const id = useId();
  const [name, setName] = useState(existing?.name ?? '');
  const [picks, setPicks] = useState<string[]>(() => existing?.links.map((link) => link.templateFunctionId) ?? []);
  const [errors, setErrors] = useState<{ name?: string; picks?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const allFunctions = groups.flatMap((group) => group.functions);
  const picked = allFunctions.filter((fn) => picks.includes(fn.id));
  const statuses = requiredVariableStatuses(customTemplateRequiredVariables(picked, templates), variables);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found: typeof errors = {};
    if (!name.trim()) found.name = t('validation.blank');
    else if (name.trim().length > CUSTOM_TEMPLATE_NAME_MAX_LENGTH)
      found.name = t('validation.tooLong', { max: CUSTOM_TEMPLATE_NAME_MAX_LENGTH });
    if (picks.length === 0) found.picks = t('editor.pickOne');
    setErrors(found);
    if (found.name || found.picks) return;
    setBusy(true);
    try {
      await onSave({ name, templateFunctionIds: picks });
      onOpenChange(false);
    } catch (error) {
      setFailure(apiErrorText(error, t('editor.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SheetForm
      label={existing ? t('editor.editForm') : t('editor.newForm')}
      onSubmit={submit}
      onCancel={() => onOpenChange(false)}
      failure={failure}
      busy={busy}
      submitLabel={existing ? t('editor.save') : t('editor.create')}
    >
      <Field
        id={`${id}-name`}
        label={t('editor.name')}
        error={errors.name}
        aside={<LengthCounter length={name.length} max={CUSTOM_TEMPLATE_NAME_MAX_LENGTH} />}
      >
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={CUSTOM_TEMPLATE_NAME_MAX_LENGTH}
          autoComplete="off"
          placeholder={t('editor.namePlaceholder')}
          onChange={(event) => setName(event.target.value)}
          {...describedBy(`${id}-name`, errors.name)}
        />
      </Field>
      <section aria-label={t('editor.templateFunctions')} className="grid gap-2">
        <h3 className="font-medium text-sm">{t('editor.functions')}</h3>
        {errors.picks ? <p className="text-destructive text-sm">{errors.picks}</p> : null}
        {groupsLoading ? (
          <Skeleton className="h-32 rounded-lg" aria-hidden="true" />
        ) : (
          <TemplateFunctionPicker
            groups={groups}
            selected={picks}
            onToggle={(fnId, on) => setPicks((current) => (on ? [...current, fnId] : current.filter((item) => item !== fnId)))}
          />
        )}
      </section>
      <section aria-label={t('editor.variablesNeeded')} className="grid gap-2">
        <h3 className="font-medium text-sm">{t('editor.variablesNeeded')}</h3>
        <RequiredVariablesList statuses={statuses} />
      </section>
    </SheetForm>
  );
}
