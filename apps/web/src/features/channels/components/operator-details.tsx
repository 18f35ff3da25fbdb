import type { ChannelSummary } from '@aisle/contracts/channels';
import { CopyButton } from '@/components/copy-button';

/**
 * Where the platform must deliver messages: LINE owners paste the URL into their channel's
 * Messaging API settings; Meta's URL and verify token are the operator's (shown to staff only).
 */
export function OperatorDetails({ summary }: { summary: ChannelSummary }) {
  if (!summary.webhookUrl) return null;
  const hint =
    summary.channel === 'line'
      ? 'Paste it as the Webhook URL in your channel’s Messaging API settings, turn “Use webhook” on, and verify.'
      : `Set it as the callback URL of the ${summary.label} webhook in the Meta app, with this verify token.`;
  return (
    <div className="grid gap-2 rounded-lg bg-muted/40 p-3 text-xs">
      <p className="text-muted-foreground">{hint}</p>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded bg-background px-2 py-1" data-testid="webhook-url">
          {summary.webhookUrl}
        </code>
        <CopyButton text={summary.webhookUrl} label="Copy webhook URL" size="icon-sm" />
      </div>
      {summary.verifyToken ? (
        <div className="flex items-center gap-2">
          <code className="min-w-0 flex-1 truncate rounded bg-background px-2 py-1">{summary.verifyToken}</code>
          <CopyButton text={summary.verifyToken} label="Copy verify token" size="icon-sm" />
        </div>
      ) : null}
    </div>
  );
}
