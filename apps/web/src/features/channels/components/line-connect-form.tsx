import { lineConnectSchema } from '@aisle/contracts/channels';
import { LoaderCircleIcon, PlugIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { describedBy, Field } from '@/components/form-controls';
import { SecretInput } from '@/components/secret-input';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { apiErrorText, fieldErrorPaths } from '@/lib/api-error-text';
import { useConnectLine } from '../api/connect-line';
import { type AssistantOption, AssistantPicker } from './assistant-picker';

type Errors = Partial<Record<'channelId' | 'channelSecret' | 'accessToken' | 'form', string>>;

/**
 * A LINE channel by its credentials from the LINE Developers console (Messaging API channel: the
 * channel ID and secret under Basic settings, a long-lived channel access token under Messaging
 * API). LINE checks the token before anything is saved; the secret and token are never shown again.
 */
export function LineConnectForm({ assistants }: { assistants: AssistantOption[] }) {
  const id = useId();
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
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    connect.mutate(parsed.data, {
      onSuccess: (account) => {
        toast.success(`${account.name ?? 'LINE'} is connected.`);
        setValues({ channelId: '', channelSecret: '', accessToken: '' });
      },
      onError: (failure) =>
        setErrors({ ...fieldErrorPaths(failure), form: apiErrorText(failure, 'The channel could not be connected. Please try again.') }),
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-3" aria-label="Connect a LINE channel" noValidate>
      <Field id={`${id}-channel`} label="Channel ID" error={errors.channelId}>
        <Input
          id={`${id}-channel`}
          inputMode="numeric"
          value={values.channelId}
          onChange={set('channelId')}
          {...describedBy(`${id}-channel`, errors.channelId)}
        />
      </Field>
      <Field id={`${id}-secret`} label="Channel secret" error={errors.channelSecret}>
        <SecretInput
          id={`${id}-secret`}
          value={values.channelSecret}
          onChange={set('channelSecret')}
          {...describedBy(`${id}-secret`, errors.channelSecret)}
        />
      </Field>
      <Field
        id={`${id}-token`}
        label="Channel access token"
        hint="A long-lived token, from the Messaging API tab."
        error={errors.accessToken}
      >
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
          label="Assistant for LINE"
          assistants={assistants}
          value={assistantId}
          onChange={setAssistantId}
        />
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <PlugIcon />}
          Connect LINE
        </Button>
      </div>
      {errors.form ? (
        <p role="alert" className="text-destructive text-sm">
          {errors.form}
        </p>
      ) : null}
    </form>
  );
}
