import type { MetaChannel } from '@aisle/contracts/channels';
import { AppError } from '../../../lib/app-error';
import { openAccessToken } from '../account-vault';
import { channelMessages } from '../channel-messages';
import type { ChannelsContext, MetaApp } from '../channels-context';
import { chooseAccount } from '../choose-account';
import { callbackUrlOf } from './begin-meta-login';
import { graphCall } from './graph-client';
import { listMetaAccounts } from './list-meta-accounts';
import { readLoginState } from './meta-login-state';
import { subscribeAccount } from './meta-subscription';
import { saveMetaAccounts } from './save-meta-accounts';

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
}

/** The code for a short-lived user token, then that for a long-lived one (about 60 days). */
async function exchangeCode(app: MetaApp, code: string, redirectUri: string) {
  const short = await graphCall<TokenAnswer>(app, {
    path: 'oauth/access_token',
    query: { client_id: app.appId, client_secret: app.appSecret, redirect_uri: redirectUri, code },
  });
  if (!short.ok) return short;
  if (!short.body.access_token) return { ok: false as const, message: 'Facebook gave no access token.' };
  const long = await graphCall<TokenAnswer>(app, {
    path: 'oauth/access_token',
    query: {
      grant_type: 'fb_exchange_token',
      client_id: app.appId,
      client_secret: app.appSecret,
      fb_exchange_token: short.body.access_token,
    },
  });
  if (!long.ok) return long;
  const token = long.body.access_token ?? short.body.access_token;
  const expiresIn = long.body.expires_in ?? short.body.expires_in;
  return { ok: true as const, token, expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null };
}

export interface LoginQuery {
  code?: string;
  state?: string;
  error?: string;
}

/**
 * `GET {channel}/callback/`, where Facebook Login sends the browser back: the state is checked,
 * the code exchanged for a long-lived token, the pages, Instagram accounts or WhatsApp numbers it
 * shares listed and kept for the owner (connected ones get the new token and their webhooks turned
 * on again). When the owner picked an assistant before and one account came back, it is chosen at
 * once (subscribed and answering). Answers where to send the browser: `/social`, saying what
 * happened; a failure changes nothing and is said there too.
 */
export async function completeMetaLogin(ctx: ChannelsContext, input: { channel: MetaChannel; query: LoginQuery }): Promise<string> {
  const { channel, query } = input;
  const back = (params: Record<string, string>) => `${ctx.env.PUBLIC_URL}/social?${new URLSearchParams({ channel, ...params })}`;
  if (!ctx.meta) return back({ error: channelMessages.metaNotConfigured });
  const app = ctx.meta;
  const state = await readLoginState(ctx.stateSecret, query.state, channel);
  if (!state) return back({ error: channelMessages.badState });
  if (query.error || !query.code) return back({ error: channelMessages.loginCancelled });

  const exchanged = await exchangeCode(app, query.code, callbackUrlOf(ctx.env.PUBLIC_URL, channel));
  if (!exchanged.ok)
    return back({ error: `Facebook refused the login: ${'failure' in exchanged ? exchanged.failure.message : exchanged.message}` });
  const me = await graphCall<{ id?: string }>(app, { path: 'me', query: { fields: 'id,name' }, token: exchanged.token });
  const listing = await listMetaAccounts(app, channel, exchanged.token, exchanged.expiresAt);
  if (!listing.ok) return back({ error: `Facebook did not list your accounts: ${listing.failure.message}` });
  if (!listing.accounts.length) return back({ error: channelMessages.noAccounts(channel) });

  const saved = await saveMetaAccounts(ctx, {
    ownerEmail: state.ownerEmail,
    channel,
    metaUserId: me.ok && typeof me.body.id === 'string' ? me.body.id : null,
    accounts: listing.accounts,
  });
  for (const account of saved.filter((row) => row.status === 'connected')) {
    const token = openAccessToken(ctx.key, account);
    const renewed = token ? await subscribeAccount(app, account, token) : null;
    if (renewed && !renewed.ok) ctx.logger.warn({ channel, status: renewed.failure.status }, 'could not renew an account’s webhooks');
  }
  const [only] = saved;
  if (state.assistantId && saved.length === 1 && only && only.status !== 'connected') {
    try {
      await chooseAccount(ctx, { ownerEmail: state.ownerEmail, channel, accountId: only.id, assistantId: state.assistantId });
      return back({ found: '1', connected: only.id });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return back({ found: '1', error: error.detail });
    }
  }
  return back({ found: String(saved.length) });
}
