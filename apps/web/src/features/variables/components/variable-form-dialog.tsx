import { VARIABLE_NAME_MAX_LENGTH, type VariableItem, type VariableRequest } from '@aisle/contracts/functions';
import { LoaderCircleIcon } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, Field, Switch } from '@/components/form-controls';
import { LengthCounter } from '@/components/length-counter';
import { SecretInput } from '@/components/secret-input';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { apiErrorText, fieldErrorPaths } from '@/lib/api-error-text';
import { checkVariableForm, formFromVariable, type VariableFormErrors } from '../variable-form';

/** The secret switch's explanation in English, as tests name it (shown from `templates:variableForm.secretHelp`). */
export const SECRET_HELP = 'Stored encrypted. You will not be able to see it again.';

export interface VariableFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The variable being edited, or null to create one. */
  variable: VariableItem | null;
  /** Sends the create body or the changes; throws the API's error for the form to show. */
  onSave: (body: VariableRequest | Partial<VariableRequest>) => Promise<void>;
}

/** Creating and editing a variable in a dialog: name, value and whether it is secret. */
export function VariableFormDialog(props: VariableFormDialogProps) {
  const { t } = useTranslation('templates');
  const { open, onOpenChange, variable } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{variable ? t('variableForm.editTitle', { name: variable.name }) : t('variableForm.newTitle')}</DialogTitle>
          <DialogDescription>{t('variableForm.description')}</DialogDescription>
        </DialogHeader>
        {/* Keyed so each opening starts from the given values with no stale errors. */}
        {open ? <VariableForm key={variable?.id ?? 'new'} {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function VariableForm({ variable, onSave, onOpenChange }: VariableFormDialogProps) {
  const { t } = useTranslation('templates');
  const id = useId();
  const [values, setValues] = useState(() => formFromVariable(variable));
  const [errors, setErrors] = useState<VariableFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const replacingSecret = !!variable?.secret;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkVariableForm(values, variable);
    setFailure(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSave(checked.body);
      onOpenChange(false);
    } catch (error) {
      const fields = fieldErrorPaths(error);
      setErrors({ name: fields.name, value: fields.value, secret: fields.secret });
      if (!fields.name && !fields.value && !fields.secret) setFailure(apiErrorText(error, t('variableForm.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  const valueHint = replacingSecret ? t('variableForm.replaceHint') : undefined;
  const valueProps = {
    id: `${id}-value`,
    value: values.value,
    placeholder: replacingSecret ? t('variableForm.replacePlaceholder') : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues({ ...values, value: event.target.value }),
    ...describedBy(`${id}-value`, errors.value, !!valueHint),
  };

  return (
    <form
      aria-label={variable ? t('variableForm.editForm') : t('variableForm.newForm')}
      noValidate
      onSubmit={submit}
      className="grid gap-4"
    >
      <Field
        id={`${id}-name`}
        label={t('variableForm.name')}
        hint={t('variableForm.nameHint')}
        error={errors.name}
        aside={<LengthCounter length={values.name.length} max={VARIABLE_NAME_MAX_LENGTH} />}
      >
        <Input
          id={`${id}-name`}
          value={values.name}
          maxLength={VARIABLE_NAME_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          onChange={(event) => setValues({ ...values, name: event.target.value })}
          {...describedBy(`${id}-name`, errors.name, true)}
        />
      </Field>
      <Field id={`${id}-value`} label={t('variableForm.value')} hint={valueHint} error={errors.value}>
        {values.secret ? <SecretInput {...valueProps} /> : <Input {...valueProps} autoComplete="off" />}
      </Field>
      <div className="flex items-start gap-3 rounded-lg border p-3">
        <Switch
          id={`${id}-secret`}
          checked={values.secret}
          onCheckedChange={(secret) => setValues({ ...values, secret })}
          aria-describedby={`${id}-secret-hint`}
          className="mt-0.5"
        />
        <div className="grid gap-1">
          <label htmlFor={`${id}-secret`} className="font-medium text-sm leading-none">
            {t('variableForm.secret')}
          </label>
          <p id={`${id}-secret-hint`} className="text-muted-foreground text-xs">
            {t('variableForm.secretHelp')}
          </p>
          {errors.secret ? <p className="text-destructive text-sm">{errors.secret}</p> : null}
        </div>
      </div>
      {failure ? (
        <p role="alert" className="text-destructive text-sm">
          {failure}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
          {t('variableForm.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {variable ? t('variableForm.save') : t('variableForm.create')}
        </Button>
      </DialogFooter>
    </form>
  );
}
