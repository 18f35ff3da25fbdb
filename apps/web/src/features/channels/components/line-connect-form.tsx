import { lineConnectSchema } from '@aisle/contracts/channels';
import { LoaderCircleIcon, PlugIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { describedBy, Field } from '@/components/form-controls';
import { SecretInput } from '@/components/secret-input';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { apiErrorText, fieldErrorPaths } from '@/lib/api-error-text';
import { useConnectLine } from '../api/connect-line';
import { type AssistantOption, AssistantPicker } from './assistant-picker';

type Errors = Partial<Record<'channelId' | 'channelSecret' | 'accessToken' | 'form', string>>;

/** The contract's access token limit (lineConnectSchema), for its "too long" message. */
const ACCESS_TOKEN_MAX_LENGTH = 1000;

/**
 * A LINE channel by its credentials from the LINE Developers console (Messaging API channel: the
 * channel ID and secret under Basic settings, a long-lived channel access token under Messaging
 * API). LINE checks the token before anything is saved; the secret and token are never shown again.
 */
export function LineConnectForm({ assistants }: { assistants: AssistantOption[] }) {
  const id = useId();
  const { t } = useTranslation('channels');
  const connect = useConnectLine();
  const [values, setValues] = useState({ channelId: '', channelSecret: '', accessToken: '' });
  const [assistantId, setAssistantId] = useState(assistants.length === 1 ? (assistants[0]?.id ?? '') : '');
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = lineConnectSchema.safeParse({ ...values, assistantId: assistantId || undefined });
    if (!parsed.success) {
      const found: Errors = {};
      // The contract's rules, in the interface's words.
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'channelId') found.channelId ??= t('line.errors.channelId');
        else if (field === 'channelSecret') found.channelSecret ??= t('line.errors.channelSecret');
        else if (field === 'accessToken')
          found.accessToken ??=
            issue.code === 'too_small'
              ? t('line.errors.blank')
              : issue.code === 'too_big'
                ? t('line.errors.tooLong', { max: ACCESS_TOKEN_MAX_LENGTH })
                : t('line.errors.accessToken');
      }
      setErrors(found);
      return;
    }
    setErrors({});
    connect.mutate(parsed.data, {
      onSuccess: (account) => {
        toast.success(t('account.connectedNamed', { name: account.name ?? 'LINE' }));
        setValues({ channelId: '', channelSecret: '', accessToken: '' });
      },
      onError: (failure) => setErrors({ ...fieldErrorPaths(failure), form: apiErrorText(failure, t('line.connectFailed')) }),
    });
  };

  return (
    <form onSubmit={submit} className="grid min-w-0 grid-cols-1 gap-3" aria-label={t('line.form')} noValidate>
      <Field id={`${id}-channel`} label={t('line.channelId')} error={errors.channelId}>
        <Input
          id={`${id}-channel`}
          inputMode="numeric"
          value={values.channelId}
          onChange={set('channelId')}
          {...describedBy(`${id}-channel`, errors.channelId)}
        />
      </Field>
      <Field id={`${id}-secret`} label={t('line.channelSecret')} error={errors.channelSecret}>
        <SecretInput
          id={`${id}-secret`}
          value={values.channelSecret}
          onChange={set('channelSecret')}
          {...describedBy(`${id}-secret`, errors.channelSecret)}
        />
      </Field>
      <Field id={`${id}-token`} label={t('line.accessToken')} hint={t('line.accessTokenHint')} error={errors.accessToken}>
        <SecretInput
          id={`${id}-token`}
          value={values.accessToken}
          onChange={set('accessToken')}
          {...describedBy(`${id}-token`, errors.accessToken, true)}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <AssistantPicker
          id={`${id}-assistant`}
          label={t('account.assistantFor', { name: 'LINE' })}
          assistants={assistants}
          value={assistantId}
          onChange={setAssistantId}
        />
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <PlugIcon />}
          {t('meta.connect', { channel: 'LINE' })}
        </Button>
      </div>
      {errors.form ? (
        <p role="alert" className="text-destructive text-sm wrap-anywhere">
          {errors.form}
        </p>
      ) : null}
    </form>
  );
}
