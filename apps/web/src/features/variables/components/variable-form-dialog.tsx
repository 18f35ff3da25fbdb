import type { VariableItem, VariableRequest } from '@aisle/contracts/functions';
import { LoaderCircleIcon } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { describedBy, Field, Switch } from '@/components/form-controls';
import { SecretInput } from '@/components/secret-input';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { apiErrorText, fieldErrorPaths } from '@/lib/api-error-text';
import { checkVariableForm, formFromVariable, type VariableFormErrors } from '../variable-form';

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
  const { open, onOpenChange, variable } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{variable ? `Edit ${variable.name}` : 'New variable'}</DialogTitle>
          <DialogDescription>Functions read it as variables.NAME; templates name the ones they need.</DialogDescription>
        </DialogHeader>
        {/* Keyed so each opening starts from the given values with no stale errors. */}
        {open ? <VariableForm key={variable?.id ?? 'new'} {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function VariableForm({ variable, onSave, onOpenChange }: VariableFormDialogProps) {
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
      if (!fields.name && !fields.value && !fields.secret)
        setFailure(apiErrorText(error, 'The variable could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const valueHint = replacingSecret ? 'Enter a new value to replace it; leave it empty to keep the current one.' : undefined;
  const valueProps = {
    id: `${id}-value`,
    value: values.value,
    placeholder: replacingSecret ? 'Enter a new value to replace it' : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues({ ...values, value: event.target.value }),
    ...describedBy(`${id}-value`, errors.value, !!valueHint),
  };

  return (
    <form aria-label={variable ? 'Edit variable' : 'New variable'} noValidate onSubmit={submit} className="grid gap-4">
      <Field id={`${id}-name`} label="Name" hint="Letters, digits and underscores, e.g. STORE_API_KEY." error={errors.name}>
        <Input
          id={`${id}-name`}
          value={values.name}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          onChange={(event) => setValues({ ...values, name: event.target.value })}
          {...describedBy(`${id}-name`, errors.name, true)}
        />
      </Field>
      <Field id={`${id}-value`} label="Value" hint={valueHint} error={errors.value}>
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
            Secret
          </label>
          <p id={`${id}-secret-hint`} className="text-muted-foreground text-xs">
            {SECRET_HELP}
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
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {variable ? 'Save changes' : 'Create variable'}
        </Button>
      </DialogFooter>
    </form>
  );
}
