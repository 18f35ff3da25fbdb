import { ANNOUNCEMENT_MAX_LENGTH, announcementSchema } from '@aisle/contracts/entities';
import { LoaderCircleIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, Field, Textarea } from '@/components/form-controls';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';

/** The contract's first complaint about a message (its key in `common:announcements`), or undefined when it may be sent. */
function messageError(message: string) {
  const result = announcementSchema.safeParse({ message });
  if (result.success) return undefined;
  const code = result.error.issues[0]?.code;
  return code === 'too_big' ? 'announcements.tooLong' : code === 'too_small' ? 'announcements.blank' : 'announcements.notText';
}

/**
 * A message to publish or an edit to save. Checked against the same rule the server applies; a
 * refused or failed call keeps the text and says why.
 */
export function AnnouncementForm({
  label,
  initialMessage = '',
  submitLabel,
  onSubmit,
  onCancel,
  clearOnSubmit = false,
}: {
  label: string;
  initialMessage?: string;
  submitLabel: string;
  onSubmit: (message: string) => Promise<void>;
  onCancel?: () => void;
  /** Empty the field once sent: for a new message, not for an edit. */
  clearOnSubmit?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [message, setMessage] = useState(initialMessage);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = messageError(message);
    setError(invalid && t(invalid, { max: ANNOUNCEMENT_MAX_LENGTH }));
    if (invalid) return;
    setBusy(true);
    try {
      await onSubmit(message.trim());
      if (clearOnSubmit) setMessage('');
    } catch (failure) {
      setError(apiErrorText(failure, t('errors.generic')));
    } finally {
      setBusy(false);
    }
  };

  const over = message.length > ANNOUNCEMENT_MAX_LENGTH;
  return (
    <form aria-label={label} className="grid gap-3" onSubmit={(event) => void submit(event)} noValidate>
      <Field
        id={id}
        label={t('announcements.message')}
        error={error}
        aside={
          <span className={over ? 'text-destructive text-xs' : 'text-muted-foreground text-xs'}>
            {message.length} / {ANNOUNCEMENT_MAX_LENGTH}
          </span>
        }
      >
        <Textarea
          id={id}
          value={message}
          placeholder={t('announcements.placeholder')}
          onChange={(event) => setMessage(event.target.value)}
          {...describedBy(id, error)}
        />
      </Field>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
