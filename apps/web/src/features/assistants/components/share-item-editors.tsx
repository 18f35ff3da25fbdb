import { EXPIRES_IN_PAST_TEXT, type ShareTheme } from '@aisle/contracts/sharing';
import { LoaderCircleIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, Field } from '@/components/form-controls';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { apiErrorText } from '@/lib/api-error-text';
import { fromLocalInput, toLocalInput } from '../share-links';
import { validationText } from '../validation-text';
import { ShareThemeFields } from './share-theme-fields';

/** Editing a link's expiry in place: a new date and time, or none ("Never expire"). */
export function ExpiryEditor({
  expiresAt,
  onSave,
  onDone,
}: {
  expiresAt: string | null;
  onSave: (expiresAt: string | null) => Promise<void>;
  onDone: () => void;
}) {
  const { t } = useTranslation('assistants');
  const id = useId();
  const [value, setValue] = useState(toLocalInput(expiresAt));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const save = async (next: string | null) => {
    if (next && Date.parse(next) <= Date.now()) return setError(EXPIRES_IN_PAST_TEXT);
    setBusy(true);
    setError(undefined);
    try {
      await onSave(next);
      onDone();
    } catch (failure) {
      setError(apiErrorText(failure, t('share.expiryEditor.saveFailed')));
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void save(fromLocalInput(value));
      }}
      noValidate
      aria-label={t('share.expiryEditor.label')}
      className="grid gap-2 rounded-lg border bg-muted/30 p-3"
    >
      <Field id={`${id}-expiry`} label={t('share.expiryEditor.expires')} error={validationText(error)}>
        <Input
          id={`${id}-expiry`}
          type="datetime-local"
          value={value}
          min={toLocalInput(new Date().toISOString())}
          onChange={(event) => setValue(event.target.value)}
          className="max-w-64"
          {...describedBy(`${id}-expiry`, error)}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy || !value}>
          {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {t('share.expiryEditor.save')}
        </Button>
        {expiresAt ? (
          <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => void save(null)}>
            {t('share.expiryEditor.never')}
          </Button>
        ) : null}
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          {t('share.expiryEditor.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** Editing a link's colours in place, with the preview. */
export function ThemeEditor({
  theme,
  assistantName,
  onSave,
  onDone,
}: {
  theme: ShareTheme;
  assistantName: string;
  onSave: (theme: ShareTheme) => Promise<void>;
  onDone: () => void;
}) {
  const { t } = useTranslation('assistants');
  const [value, setValue] = useState(theme);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSave(value);
      onDone();
    } catch (failure) {
      setError(apiErrorText(failure, t('share.themeEditor.saveFailed')));
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void save(event)}
      aria-label={t('share.themeEditor.label')}
      className="grid gap-3 rounded-lg border bg-muted/30 p-3"
    >
      <ShareThemeFields theme={value} assistantName={assistantName} onChange={setValue} />
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {t('share.themeEditor.save')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          {t('share.themeEditor.cancel')}
        </Button>
      </div>
    </form>
  );
}
