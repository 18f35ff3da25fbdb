import { STORE_NAME_MAX_LENGTH, storeNameSchema } from '@aisle/contracts/knowledge';
import { LoaderCircleIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LengthCounter } from '@/components/length-counter';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiErrorText, fieldErrorPaths } from '@/lib/api-error-text';

/**
 * The name dialog for creating and renaming a store: the contract's name rules checked before
 * sending, and the server's field errors shown under the field.
 */
export function StoreNameDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  initialName = '',
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  initialName?: string;
  onSubmit: (name: string) => Promise<void>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        {/* Keyed so each opening starts from the given name with no stale error. */}
        {open ? (
          <NameForm
            key={initialName}
            title={title}
            description={description}
            submitLabel={submitLabel}
            initialName={initialName}
            onSubmit={onSubmit}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function NameForm({
  title,
  description,
  submitLabel,
  initialName,
  onSubmit,
  onCancel,
}: {
  title: string;
  description: string;
  submitLabel: string;
  initialName: string;
  onSubmit: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const { t } = useTranslation('knowledge');
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = storeNameSchema.safeParse(name);
    if (!parsed.success) {
      // The contract's rules, in the interface's words: blank, or longer than the limit.
      const issue = parsed.error.issues[0];
      setError(
        issue?.code === 'too_big'
          ? t('nameDialog.tooLong', { max: STORE_NAME_MAX_LENGTH })
          : issue?.code === 'too_small'
            ? t('nameDialog.blank')
            : t('nameDialog.required'),
      );
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(parsed.data);
    } catch (failure) {
      setError(fieldErrorPaths(failure).name ?? apiErrorText(failure, t('nameDialog.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={`${id}-name`}>{t('nameDialog.label')}</Label>
          <LengthCounter length={name.length} max={STORE_NAME_MAX_LENGTH} />
        </div>
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          placeholder={t('nameDialog.placeholder')}
          maxLength={STORE_NAME_MAX_LENGTH}
          autoComplete="off"
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('nameDialog.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
