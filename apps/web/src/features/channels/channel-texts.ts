import { type ChannelAccount, type ChannelName, channelLabels, isChannelName } from '@aisle/contracts/channels';
import { i18n } from '@/i18n/i18n';

/**
 * How /social words an account's state, its token and what came back from Facebook Login, in the
 * interface's language at the time of the call (the components call these while rendering).
 */

export function accountStatusText(account: Pick<ChannelAccount, 'status' | 'assistantName'>): string {
  switch (account.status) {
    case 'connected':
      return account.assistantName
        ? i18n.t('channels:status.connectedBy', { assistant: account.assistantName })
        : i18n.t('channels:status.connected');
    case 'available':
      return i18n.t('channels:status.available');
    default:
      return i18n.t('channels:status.disconnected');
  }
}

const DAY = 86_400_000;

/** The token's state when it needs the owner's attention; null while it simply works. */
export function tokenText(
  account: Pick<ChannelAccount, 'tokenState' | 'tokenExpiresAt' | 'tokenProblem'>,
  now = Date.now(),
): string | null {
  switch (account.tokenState) {
    case 'revoked':
      return account.tokenProblem
        ? i18n.t('channels:token.refusedBecause', { problem: account.tokenProblem })
        : i18n.t('channels:token.refused');
    case 'expired':
      return i18n.t('channels:token.expired');
    case 'expiring': {
      const days = account.tokenExpiresAt ? Math.max(0, Math.ceil((Date.parse(account.tokenExpiresAt) - now) / DAY)) : 0;
      return i18n.t('channels:token.expiring', { count: days });
    }
    default:
      return null;
  }
}

export interface LoginOutcome {
  channel: ChannelName;
  tone: 'success' | 'error';
  text: string;
}

/** What `/social?channel=…&found=…|connected=…|error=…` (Facebook Login's return) says. */
export function loginOutcomeOf(params: URLSearchParams): LoginOutcome | null {
  const channel = params.get('channel');
  if (!isChannelName(channel)) return null;
  const label = channelLabels[channel];
  const error = params.get('error');
  if (error) return { channel, tone: 'error', text: error };
  if (params.get('connected')) return { channel, tone: 'success', text: i18n.t('channels:login.connected', { channel: label }) };
  const found = Number(params.get('found'));
  if (found > 0)
    return {
      channel,
      tone: 'success',
      text: i18n.t('channels:login.found', { channel: label, count: found }),
    };
  return null;
}
