import type { ChannelSummary } from '@aisle/contracts/channels';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';

/**
 * Where the platform must deliver messages: LINE owners paste the URL into their channel's
 * Messaging API settings; Meta's URL and verify token are the operator's (shown to staff only).
 */
export function OperatorDetails({ summary }: { summary: ChannelSummary }) {
  const { t } = useTranslation('channels');
  if (!summary.webhookUrl) return null;
  const hint = summary.channel === 'line' ? t('operator.lineHint') : t('operator.metaHint', { channel: summary.label });
  return (
    <div className="grid gap-2 rounded-lg bg-muted/40 p-3 text-xs">
      <p className="text-muted-foreground">{hint}</p>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded bg-background px-2 py-1" data-testid="webhook-url">
          {summary.webhookUrl}
        </code>
        <CopyButton text={summary.webhookUrl} label={t('operator.copyWebhookUrl')} size="icon-sm" />
      </div>
      {summary.verifyToken ? (
        <div className="flex items-center gap-2">
          <code className="min-w-0 flex-1 truncate rounded bg-background px-2 py-1">{summary.verifyToken}</code>
          <CopyButton text={summary.verifyToken} label={t('operator.copyVerifyToken')} size="icon-sm" />
        </div>
      ) : null}
    </div>
  );
}
