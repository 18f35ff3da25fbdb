import type { MetaApp } from '../channels-context';
import type { AccountRow } from '../messaging-accounts';
import { graphCall } from './graph-client';

/**
 * Where an account's webhooks are turned on (`subscribed_apps`): its page for Messenger, the page
 * linked to an Instagram account, the WhatsApp Business Account of a number. Accounts can share one
 * (two numbers of one WhatsApp Business Account; a page on Messenger and its Instagram account).
 */
export function subscriptionTarget(account: Pick<AccountRow, 'channel' | 'externalAccountId' | 'metadata'>) {
  const metadata = (account.metadata ?? {}) as { pageId?: string; wabaId?: string };
  if (account.channel === 'whatsapp') return { id: metadata.wabaId ?? account.externalAccountId, fields: null };
  // A page's subscription has one field list for the app: Messenger and Instagram ask for the same.
  const pageId = account.channel === 'instagram' ? (metadata.pageId ?? account.externalAccountId) : account.externalAccountId;
  return { id: pageId, fields: 'messages,messaging_postbacks' };
}

/** `POST {target}/subscribed_apps`: the app receives the account's messages from now on. */
export async function subscribeAccount(
  app: MetaApp,
  account: Pick<AccountRow, 'channel' | 'externalAccountId' | 'metadata'>,
  token: string,
) {
  const target = subscriptionTarget(account);
  return graphCall<{ success?: boolean }>(app, {
    method: 'POST',
    path: `${target.id}/subscribed_apps`,
    query: target.fields ? { subscribed_fields: target.fields } : {},
    token,
  });
}

/** `DELETE {target}/subscribed_apps`: the app stops receiving them. */
export async function unsubscribeAccount(
  app: MetaApp,
  account: Pick<AccountRow, 'channel' | 'externalAccountId' | 'metadata'>,
  token: string,
) {
  return graphCall<{ success?: boolean }>(app, { method: 'DELETE', path: `${subscriptionTarget(account).id}/subscribed_apps`, token });
}
