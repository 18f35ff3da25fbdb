import { DEFAULT_SHARE_THEME, EXPIRES_IN_PAST_TEXT, type ShareTheme } from '@aisle/contracts/sharing';
import { LinkIcon, LoaderCircleIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, Field } from '@/components/form-controls';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { apiErrorText, fieldErrorPaths } from '@/lib/api-error-text';
import { fromLocalInput, toLocalInput } from '../share-links';
import { validationText } from '../validation-text';
import { ShareThemeFields } from './share-theme-fields';

export interface NewShare {
  expiresAt: string | null;
  theme: ShareTheme;
}

/** A new share link: an optional expiry and the chat's colours. Stays filled in if creating fails. */
export function ShareCreateForm({ assistantName, onCreate }: { assistantName: string; onCreate: (share: NewShare) => Promise<void> }) {
  const { t } = useTranslation('assistants');
  const id = useId();
  const [expiry, setExpiry] = useState('');
  const [theme, setTheme] = useState<ShareTheme>(DEFAULT_SHARE_THEME);
  const [expiryError, setExpiryError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const expiresAt = fromLocalInput(expiry);
    if (expiresAt && Date.parse(expiresAt) <= Date.now()) return setExpiryError(EXPIRES_IN_PAST_TEXT);
    setExpiryError(undefined);
    setBusy(true);
    try {
      await onCreate({ expiresAt, theme });
      setExpiry('');
    } catch (failure) {
      const fields = fieldErrorPaths(failure);
      if (fields.expiresAt) setExpiryError(fields.expiresAt);
      else setFormError(apiErrorText(failure, t('share.form.createFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('share.form.label')}
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4"
    >
      <Field id={`${id}-expiry`} label={t('share.form.expires')} error={validationText(expiryError)} hint={t('share.form.expiresHint')}>
        <Input
          id={`${id}-expiry`}
          type="datetime-local"
          value={expiry}
          min={toLocalInput(new Date().toISOString())}
          onChange={(event) => {
            setExpiry(event.target.value);
            setExpiryError(undefined);
          }}
          className="max-w-64"
          {...describedBy(`${id}-expiry`, expiryError, true)}
        />
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">{t('share.form.colours')}</legend>
        <ShareThemeFields theme={theme} assistantName={assistantName} onChange={setTheme} />
      </fieldset>
      {formError ? (
        <p role="alert" className="text-destructive text-sm">
          {formError}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <LinkIcon />}
          {t('share.create')}
        </Button>
      </div>
    </form>
  );
}
