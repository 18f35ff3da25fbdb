import type { ChannelAccount } from '@aisle/contracts/channels';
import { CircleAlertIcon, LoaderCircleIcon, UnplugIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/i18n/format';
import { apiErrorText } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { useChooseAccount } from '../api/choose-account';
import { useDisconnectAccount } from '../api/disconnect-account';
import { accountStatusText, tokenText } from '../channel-texts';
import { type AssistantOption, AssistantPicker } from './assistant-picker';

/**
 * One account on a channel card: its state, the assistant behind it (changed, or chosen to
 * connect it), its token's state, the last message and send error, and disconnecting.
 */
export function AccountItem({ account, assistants }: { account: ChannelAccount; assistants: AssistantOption[] }) {
  const id = useId();
  const { t } = useTranslation('channels');
  const format = useFormat();
  const when = (iso: string | null) => (iso ? format.dateTime(iso) : t('account.never'));
  const choose = useChooseAccount(account.channel);
  const disconnect = useDisconnectAccount(account.channel);
  const [assistantId, setAssistantId] = useState(account.assistantId ?? (assistants.length === 1 ? (assistants[0]?.id ?? '') : ''));
  const [confirming, setConfirming] = useState(false);
  const token = tokenText(account);
  const connected = account.status === 'connected';
  const canChoose = account.status !== 'disconnected' && account.tokenState !== null;
  const changed = assistantId !== (account.assistantId ?? '');

  const save = () =>
    choose.mutate(
      { accountId: account.id, assistantId },
      {
        onSuccess: () =>
          toast.success(
            connected
              ? t('account.assistantChanged')
              : account.name
                ? t('account.connectedNamed', { name: account.name })
                : t('account.connectedThis'),
          ),
        onError: (failure) => toast.error(apiErrorText(failure, t('account.connectFailed'))),
      },
    );

  return (
    <li
      className="grid min-w-0 grid-cols-1 gap-2 rounded-lg border p-3"
      aria-label={account.name ?? account.externalAccountId}
      data-status={account.status}
    >
      <div className="flex items-start gap-3">
        {account.pictureUrl ? (
          <img src={account.pictureUrl} alt="" className="size-9 shrink-0 rounded-full border object-cover" referrerPolicy="no-referrer" />
        ) : null}
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-sm">{account.name ?? account.externalAccountId}</p>
          <p
            className={cn('text-xs', connected ? 'text-emerald-700 dark:text-emerald-300' : 'text-muted-foreground')}
            data-testid="account-status"
          >
            {accountStatusText(account)}
          </p>
          {connected ? (
            <p className="text-muted-foreground text-xs wrap-anywhere">
              {t('account.activity', { lastMessage: when(account.lastMessageAt), lastWebhook: when(account.lastWebhookAt) })}
            </p>
          ) : null}
        </div>
        {account.status !== 'disconnected' ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setConfirming(true)}
            aria-label={account.name ? t('account.disconnectNamed', { name: account.name }) : t('account.disconnectAccount')}
          >
            <UnplugIcon />
            {t('account.disconnect')}
          </Button>
        ) : null}
      </div>
      {token ? (
        <p role="alert" className="flex items-start gap-1.5 text-destructive text-xs wrap-anywhere">
          <CircleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {token}
        </p>
      ) : null}
      {account.lastSendError ? (
        <p className="flex items-start gap-1.5 text-amber-800 text-xs wrap-anywhere dark:text-amber-300" data-testid="last-send-error">
          <CircleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {t('account.lastSendError', { when: when(account.lastSendErrorAt), error: account.lastSendError })}
        </p>
      ) : null}
      {canChoose ? (
        <div className="flex flex-wrap items-center gap-2">
          <AssistantPicker
            id={`${id}-assistant`}
            label={account.name ? t('account.assistantFor', { name: account.name }) : t('account.assistantForThis')}
            assistants={assistants}
            value={assistantId}
            onChange={setAssistantId}
            disabled={choose.isPending}
          />
          {!connected || changed ? (
            <Button size="sm" onClick={save} disabled={!assistantId || choose.isPending}>
              {choose.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              {connected ? t('account.save') : t('account.connect')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={account.name ? t('account.confirmTitle', { name: account.name }) : t('account.confirmTitleThis')}
        confirmLabel={t('account.disconnect')}
        onConfirm={async () => {
          await disconnect.mutateAsync(account.id);
          toast.success(t('account.disconnected'));
        }}
      >
        {t('account.confirmBody')}
      </ConfirmDialog>
    </li>
  );
}
