import type { messagingAccounts } from '../../db/schema';
import { openSecret, sealSecret } from '../variables';

type AccountRow = typeof messagingAccounts.$inferSelect;
type Binding = Pick<AccountRow, 'id' | 'ownerEmail'>;

/*
 * The accounts' tokens at rest: sealed with the secret variables' AES-256-GCM box and bound to the
 * account row (its id and owner), so a token copied into another row or another owner's row fails
 * to open. The LINE channel secret is bound under a different label, so the two cannot be swapped.
 * Tokens never leave this domain except to authorise a call to their platform: no answer, log line
 * or notification carries one.
 */
const tokenBinding = (row: Binding) => ({ ownerEmail: row.ownerEmail, id: row.id });
const secretBinding = (row: Binding) => ({ ownerEmail: row.ownerEmail, id: `channel-secret:${row.id}` });

export const sealAccessToken = (key: Buffer, row: Binding, token: string) => sealSecret(key, token, tokenBinding(row));
export const sealChannelSecret = (key: Buffer, row: Binding, secret: string) => sealSecret(key, secret, secretBinding(row));

/**
 * Tokens opened lately, by everything opening depends on (key, binding, sealed text): every reply
 * and every new customer's profile opens its account's token, an AES-GCM decryption each time. A
 * token that changes is sealed anew, so an entry is never stale; a few hundred accounts at most.
 */
const opened = new Map<string, string>();
const OPENED_MAX = 500;

export function openAccessToken(key: Buffer, row: Binding & Pick<AccountRow, 'accessToken'>): string | null {
  if (!row.accessToken) return null;
  const memo = `${key.toString('base64')}\u0000${row.ownerEmail}\u0000${row.id}\u0000${row.accessToken}`;
  let token = opened.get(memo);
  if (token === undefined) {
    token = openSecret(key, row.accessToken, tokenBinding(row));
    if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value as string);
    opened.set(memo, token);
  }
  return token;
}

export function openChannelSecret(key: Buffer, row: Binding & Pick<AccountRow, 'channelSecret'>): string | null {
  return row.channelSecret ? openSecret(key, row.channelSecret, secretBinding(row)) : null;
}

/**
 * An account's sealed columns after its owner's e-mail changed: opened as sealed for
 * `previousOwner`, sealed again for the row as it is now. Throws SecretBoxError when one cannot be opened.
 */
export function resealAccountSecrets(
  key: Buffer,
  row: Binding & Pick<AccountRow, 'accessToken' | 'channelSecret'>,
  previousOwner: string,
): Pick<AccountRow, 'accessToken' | 'channelSecret'> {
  const before = { ...row, ownerEmail: previousOwner };
  const token = openAccessToken(key, before);
  const secret = openChannelSecret(key, before);
  return {
    accessToken: token === null ? null : sealAccessToken(key, row, token),
    channelSecret: secret === null ? null : sealChannelSecret(key, row, secret),
  };
}
