import type { MetaChannel } from '@aisle/contracts/channels';
import type { MetaApp } from '../channels-context';
import type { SendFailure } from '../send-failure';
import { graphCall } from './graph-client';

/** An account a Facebook Login shared with the app, with the token that will send for it. */
export interface MetaAccountCandidate {
  externalAccountId: string;
  name: string | null;
  pictureUrl: string | null;
  token: string;
  tokenExpiresAt: Date | null;
  metadata: Record<string, string>;
}

export type Listing = { ok: true; accounts: MetaAccountCandidate[] } | { ok: false; failure: SendFailure };

interface PageNode {
  id: string;
  name?: string;
  access_token?: string;
  picture?: { data?: { url?: string } };
  instagram_business_account?: { id: string; username?: string; name?: string; profile_picture_url?: string };
}

/**
 * The pages the person manages (`GET me/accounts`), each with its page token: a page token obtained
 * with a long-lived user token does not expire. Instagram professional accounts are reached through
 * the page they are linked to.
 */
async function listPages(app: MetaApp, userToken: string, channel: 'messenger' | 'instagram'): Promise<Listing> {
  const fields =
    channel === 'messenger'
      ? 'id,name,access_token,picture{url}'
      : 'id,name,access_token,instagram_business_account{id,username,name,profile_picture_url}';
  const result = await graphCall<{ data?: PageNode[] }>(app, { path: 'me/accounts', query: { fields, limit: '100' }, token: userToken });
  if (!result.ok) return result;
  const pages = (result.body.data ?? []).filter((page) => typeof page.id === 'string' && typeof page.access_token === 'string');
  if (channel === 'messenger') {
    return {
      ok: true,
      accounts: pages.map((page) => ({
        externalAccountId: page.id,
        name: page.name ?? null,
        pictureUrl: page.picture?.data?.url ?? null,
        token: page.access_token as string,
        tokenExpiresAt: null,
        metadata: {},
      })),
    };
  }
  return {
    ok: true,
    accounts: pages.flatMap((page) => {
      const instagram = page.instagram_business_account;
      if (!instagram?.id) return [];
      return [
        {
          externalAccountId: instagram.id,
          name: instagram.username ? `@${instagram.username}` : (instagram.name ?? page.name ?? null),
          pictureUrl: instagram.profile_picture_url ?? null,
          token: page.access_token as string,
          tokenExpiresAt: null,
          metadata: { pageId: page.id },
        },
      ];
    }),
  };
}

/**
 * The WhatsApp business numbers the person shared: the WhatsApp Business Accounts that granted the
 * app `whatsapp_business_management` (`debug_token`'s granular scopes, with the app's own token),
 * then each account's phone numbers. The long-lived user token sends for them until it expires.
 */
async function listWhatsAppNumbers(app: MetaApp, userToken: string, expiresAt: Date | null): Promise<Listing> {
  const debug = await graphCall<{ data?: { granular_scopes?: { scope: string; target_ids?: string[] }[] } }>(app, {
    path: 'debug_token',
    query: { input_token: userToken },
    token: `${app.appId}|${app.appSecret}`,
  });
  if (!debug.ok) return debug;
  const wabaIds = (debug.body.data?.granular_scopes ?? [])
    .filter((scope) => scope.scope === 'whatsapp_business_management')
    .flatMap((scope) => scope.target_ids ?? [])
    .slice(0, 20);
  const accounts: MetaAccountCandidate[] = [];
  for (const wabaId of new Set(wabaIds)) {
    const numbers = await graphCall<{ data?: { id: string; display_phone_number?: string; verified_name?: string }[] }>(app, {
      path: `${wabaId}/phone_numbers`,
      query: { fields: 'id,display_phone_number,verified_name' },
      token: userToken,
    });
    if (!numbers.ok) return numbers;
    for (const number of numbers.body.data ?? []) {
      if (typeof number.id !== 'string') continue;
      const display = number.display_phone_number ?? number.id;
      accounts.push({
        externalAccountId: number.id,
        name: number.verified_name ? `${number.verified_name} (${display})` : display,
        pictureUrl: null,
        token: userToken,
        tokenExpiresAt: expiresAt,
        metadata: { wabaId, displayPhoneNumber: display },
      });
    }
  }
  return { ok: true, accounts };
}

export function listMetaAccounts(app: MetaApp, channel: MetaChannel, userToken: string, expiresAt: Date | null): Promise<Listing> {
  return channel === 'whatsapp' ? listWhatsAppNumbers(app, userToken, expiresAt) : listPages(app, userToken, channel);
}
