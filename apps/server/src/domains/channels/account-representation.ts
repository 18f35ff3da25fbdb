import type { ChannelAccount, ChannelName, TokenState } from '@aisle/contracts/channels';
import type { AccountRow } from './messaging-accounts';

/** A token that expires within this long shows as expiring on /social (Meta's user tokens last 60 days). */
const EXPIRING_SOON_MS = 7 * 24 * 3_600_000;

export function tokenStateOf(
  row: Pick<AccountRow, 'accessToken' | 'tokenInvalidAt' | 'tokenExpiresAt'>,
  now = Date.now(),
): TokenState | null {
  if (!row.accessToken) return null;
  if (row.tokenInvalidAt) return 'revoked';
  if (row.tokenExpiresAt && row.tokenExpiresAt.getTime() <= now) return 'expired';
  if (row.tokenExpiresAt && row.tokenExpiresAt.getTime() - now < EXPIRING_SOON_MS) return 'expiring';
  return 'valid';
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** An account as its owner sees it: never its token or secret. */
export function toChannelAccount(row: AccountRow, assistantName: string | null): ChannelAccount {
  return {
    id: row.id,
    channel: row.channel as ChannelName,
    externalAccountId: row.externalAccountId,
    name: row.name,
    pictureUrl: row.pictureUrl,
    status: row.status as ChannelAccount['status'],
    assistantId: row.assistantId,
    assistantName: row.assistantId ? assistantName : null,
    tokenState: tokenStateOf(row),
    tokenExpiresAt: iso(row.tokenExpiresAt),
    tokenProblem: row.tokenInvalidAt ? row.tokenProblem : null,
    connectedAt: iso(row.connectedAt),
    lastWebhookAt: iso(row.lastWebhookAt),
    lastMessageAt: iso(row.lastMessageAt),
    lastSendError: row.lastSendError,
    lastSendErrorAt: iso(row.lastSendErrorAt),
  };
}
