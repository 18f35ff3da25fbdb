import type { ChannelSummary } from '@aisle/contracts/channels';
import { TriangleAlertIcon } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { isPublicHttpsUrl } from '../webhook-url';

/**
 * Where the platform must deliver messages: LINE owners paste the URL into their channel's
 * Messaging API settings; Meta's URL and verify token are the operator's (shown to staff only).
 * The URL is the server's PUBLIC_URL plus the channel's path: when that is not a public https
 * address (the default `http://localhost:$PORT`), the platform cannot deliver, and a warning says
 * what to set.
 */
export function OperatorDetails({ summary }: { summary: ChannelSummary }) {
  const { t } = useTranslation('channels');
  if (!summary.webhookUrl) return null;
  const hint = summary.channel === 'line' ? t('operator.lineHint') : t('operator.metaHint', { channel: summary.label });
  return (
    <div className="grid grid-cols-1 gap-2 rounded-lg bg-muted/40 p-3 text-xs">
      <p className="text-muted-foreground">{hint}</p>
      <div className="flex items-start gap-2">
        <code className="min-w-0 flex-1 break-all rounded bg-background px-2 py-1" data-testid="webhook-url">
          {summary.webhookUrl}
        </code>
        <CopyButton text={summary.webhookUrl} label={t('operator.copyWebhookUrl')} size="icon-sm" />
      </div>
      {isPublicHttpsUrl(summary.webhookUrl) ? null : (
        <p
          className="flex items-start gap-1.5 rounded-md border border-amber-500/40 bg-amber-500/10 px-2 py-1.5 text-amber-900 wrap-anywhere dark:text-amber-200"
          data-testid="webhook-url-warning"
        >
          <TriangleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span className="min-w-0">
            <Trans
              t={t}
              i18nKey="operator.notPublic"
              values={{ channel: summary.label }}
              components={{ code: <code className="rounded bg-background px-1 font-mono" /> }}
            />
          </span>
        </p>
      )}
      {summary.verifyToken ? (
        <div className="flex items-start gap-2">
          <code className="min-w-0 flex-1 break-all rounded bg-background px-2 py-1">{summary.verifyToken}</code>
          <CopyButton text={summary.verifyToken} label={t('operator.copyVerifyToken')} size="icon-sm" />
        </div>
      ) : null}
    </div>
  );
}
