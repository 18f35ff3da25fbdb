import { type ChannelSummary, isMetaChannel } from '@aisle/contracts/channels';
import { Trans, useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AccountItem } from './account-item';
import type { AssistantOption } from './assistant-picker';
import { ChannelIcon } from './channel-icon';
import { LineConnectForm } from './line-connect-form';
import { MetaConnect } from './meta-connect';
import { OperatorDetails } from './operator-details';

const DESCRIPTIONS = {
  messenger: 'channelCard.description.messenger',
  instagram: 'channelCard.description.instagram',
  whatsapp: 'channelCard.description.whatsapp',
  line: 'channelCard.description.line',
} as const satisfies Record<ChannelSummary['channel'], string>;

/** One channel on /social: its accounts, connecting another, and where its webhooks go. */
export function ChannelCard({ summary, assistants }: { summary: ChannelSummary; assistants: AssistantOption[] }) {
  const { t } = useTranslation('channels');
  const connected = summary.accounts.filter((account) => account.status === 'connected').length;
  return (
    <Card role="region" aria-labelledby={`channel-${summary.channel}`} data-channel={summary.channel} className="min-w-0">
      <CardHeader>
        <CardTitle id={`channel-${summary.channel}`} className="flex scroll-mt-20 flex-wrap items-center gap-2">
          <ChannelIcon channel={summary.channel} className="size-4 text-primary" />
          {summary.label}
          <span className="ml-auto font-normal text-muted-foreground text-xs" data-testid="channel-state">
            {!summary.configured
              ? t('channelCard.notAvailable')
              : connected
                ? t('channelCard.connected', { connected })
                : t('channelCard.notConnected')}
          </span>
        </CardTitle>
        <CardDescription>{t(DESCRIPTIONS[summary.channel])}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        {!summary.configured ? (
          isMetaChannel(summary.channel) ? (
            <MetaNotConfigured />
          ) : (
            <p className="rounded-lg border border-dashed px-3 py-2 text-muted-foreground text-sm wrap-anywhere">
              {summary.unavailableReason}
            </p>
          )
        ) : (
          <>
            {summary.accounts.length ? (
              <ul className="grid grid-cols-1 gap-2" aria-label={t('channelCard.accounts', { channel: summary.label })}>
                {summary.accounts.map((account) => (
                  <AccountItem key={account.id} account={account} assistants={assistants} />
                ))}
              </ul>
            ) : null}
            {assistants.length === 0 ? (
              <p className="text-muted-foreground text-sm">{t('channelCard.createAssistantFirst')}</p>
            ) : isMetaChannel(summary.channel) ? (
              <MetaConnect channel={summary.channel} assistants={assistants} again={summary.accounts.length > 0} />
            ) : (
              <LineConnectForm assistants={assistants} />
            )}
            <OperatorDetails summary={summary} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Instagram, Messenger and WhatsApp off (the server has no Meta app): who turns them on and with
 * which settings (docs/running.md, "Configuration"), and that LINE, the owner's own credentials,
 * works without any of it.
 */
function MetaNotConfigured() {
  const { t } = useTranslation('channels');
  const code = <code className="rounded bg-muted px-1 py-px font-mono text-foreground text-xs" />;
  // biome-ignore lint/a11y/useAnchorContent: Trans fills it with the translation's words ("connect LINE now").
  const lineCard = <a href="#channel-line" className="font-medium text-primary underline underline-offset-2" />;
  return (
    <div className="grid gap-2 rounded-lg border border-dashed px-3 py-2 text-muted-foreground text-sm wrap-anywhere">
      <p className="font-medium text-foreground">{t('channelCard.metaNotConfigured')}</p>
      <p>
        <Trans t={t} i18nKey="channelCard.metaSetup" components={{ code }} />
      </p>
      <p>
        <Trans t={t} i18nKey="channelCard.lineNow" components={{ anchor: lineCard }} />
      </p>
    </div>
  );
}
