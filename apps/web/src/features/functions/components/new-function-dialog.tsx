import { createFunctionRequestSchema, type FunctionItem } from '@aisle/contracts/functions';
import { LoaderCircleIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { apiErrorText } from '@/lib/api-error-text';
import { type FieldErrors, serverFieldErrors, zodFieldErrors } from '../form-errors';
import { useFunctionActions } from '../hooks/use-function-actions';
import { type FunctionDetails, FunctionDetailsFields } from './function-details-fields';

const empty: FunctionDetails = { name: '', description: '', returnType: 'object', variables: [] };

/** Creates a function from its name, description, return type and variables; the server's answer opens it. */
export function NewFunctionDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (fn: FunctionItem) => void;
}) {
  const { t } = useTranslation('functions');
  const { create } = useFunctionActions();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = (next: boolean) => {
    if (!next) {
      setValues(empty);
      setErrors({});
      setFormError(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = createFunctionRequestSchema.safeParse(values);
    if (!checked.success) return setErrors(zodFieldErrors(checked.error));
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      const created = await create(checked.data);
      toast.success(t('newFunction.created', { name: created.name }));
      close(false);
      onCreated(created);
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(apiErrorText(failure, t('newFunction.createFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{t('newFunction.title')}</DialogTitle>
            <DialogDescription>{t('newFunction.description')}</DialogDescription>
          </DialogHeader>
          <FunctionDetailsFields
            values={values}
            onChange={(patch) => {
              setValues((current) => ({ ...current, ...patch }));
              setErrors((current) => {
                const next = { ...current };
                for (const key of Object.keys(patch)) delete next[key];
                return next;
              });
            }}
            errors={errors}
          />
          {formError ? (
            <p role="alert" className="text-destructive text-sm">
              {formError}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              {t('newFunction.cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              {t('newFunction.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
