import { type ChannelSummary, isMetaChannel } from '@aisle/contracts/channels';
import { useTranslation } from 'react-i18next';
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
    <Card role="region" aria-labelledby={`channel-${summary.channel}`} data-channel={summary.channel}>
      <CardHeader>
        <CardTitle id={`channel-${summary.channel}`} className="flex items-center gap-2">
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
      <CardContent className="grid gap-3">
        {!summary.configured ? (
          <p className="rounded-lg border border-dashed px-3 py-2 text-muted-foreground text-sm">{summary.unavailableReason}</p>
        ) : (
          <>
            {summary.accounts.length ? (
              <ul className="grid gap-2" aria-label={t('channelCard.accounts', { channel: summary.label })}>
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
