import { channelLabels, type MetaChannel } from '@aisle/contracts/channels';
import { LoaderCircleIcon, LogInIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import { useStartMetaLogin } from '../api/start-meta-login';
import { type AssistantOption, AssistantPicker } from './assistant-picker';

/**
 * Connecting through Facebook Login: the assistant first (when the login then shares a single
 * account, it is connected at once), then off to Facebook and back to /social.
 */
export function MetaConnect({ channel, assistants, again }: { channel: MetaChannel; assistants: AssistantOption[]; again: boolean }) {
  const id = useId();
  const { t } = useTranslation('channels');
  const start = useStartMetaLogin(channel);
  const [assistantId, setAssistantId] = useState(assistants.length === 1 ? (assistants[0]?.id ?? '') : '');
  const connect = () =>
    start.mutate(assistantId || null, {
      onError: (failure) => toast.error(apiErrorText(failure, t('meta.loginFailed'))),
    });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <AssistantPicker
        id={`${id}-assistant`}
        label={t('account.assistantFor', { name: channelLabels[channel] })}
        assistants={assistants}
        value={assistantId}
        onChange={setAssistantId}
      />
      <Button onClick={connect} disabled={start.isPending}>
        {start.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <LogInIcon />}
        {again ? t('meta.connectAnother', { channel: channelLabels[channel] }) : t('meta.connect', { channel: channelLabels[channel] })}
      </Button>
    </div>
  );
}
