import { type ChannelAccount, type ChannelName, channelLabels, isChannelName } from '@aisle/contracts/channels';

/** How /social words an account's state, its token and what came back from Facebook Login. */

export function accountStatusText(account: Pick<ChannelAccount, 'status' | 'assistantName'>): string {
  switch (account.status) {
    case 'connected':
      return account.assistantName ? `Connected · answered by ${account.assistantName}` : 'Connected';
    case 'available':
      return 'Not connected yet: choose the assistant that answers it';
    default:
      return 'Disconnected';
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
      return `Access refused${account.tokenProblem ? ` (${account.tokenProblem})` : ''}. Connect it again.`;
    case 'expired':
      return 'Token expired. Connect it again.';
    case 'expiring': {
      const days = account.tokenExpiresAt ? Math.max(0, Math.ceil((Date.parse(account.tokenExpiresAt) - now) / DAY)) : 0;
      return `Token expires in ${days} day${days === 1 ? '' : 's'}. Connect it again to renew it.`;
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
  if (params.get('connected')) return { channel, tone: 'success', text: `${label} is connected: your assistant answers there now.` };
  const found = Number(params.get('found'));
  if (found > 0)
    return {
      channel,
      tone: 'success',
      text: `${label}: ${found} account${found === 1 ? '' : 's'} found. Choose the assistant that answers and connect.`,
    };
  return null;
}
