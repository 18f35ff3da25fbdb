import type { MetaChannel } from '@aisle/contracts/channels';
import { loadOwnedAssistant } from '../../assistants';
import type { ChannelsContext } from '../channels-context';
import { requireMeta } from './meta-adapter';
import { signLoginState } from './meta-login-state';

/**
 * The permissions each channel asks Facebook Login for: reading the pages a person manages and
 * messaging through them (Messenger), the same for the Instagram accounts linked to them, and the
 * WhatsApp Business Accounts and their numbers (WhatsApp).
 */
const SCOPES: Record<MetaChannel, string> = {
  messenger: 'pages_show_list,pages_manage_metadata,pages_messaging',
  instagram: 'pages_show_list,pages_manage_metadata,instagram_basic,instagram_manage_messages',
  whatsapp: 'business_management,whatsapp_business_management,whatsapp_business_messaging',
};

/** Where Facebook sends the browser back: this server's callback (spec §7 `{channel}/callback/`). */
export const callbackUrlOf = (publicUrl: string, channel: MetaChannel) => `${publicUrl}/api/${channel}/callback/`;

/**
 * `GET {channel}/login/`: Facebook Login's dialog for this channel, with a signed state naming the
 * owner (and the assistant they picked for the account, when they did).
 */
export async function beginMetaLogin(ctx: ChannelsContext, input: { ownerEmail: string; channel: MetaChannel; assistantId?: string }) {
  const app = requireMeta(ctx);
  if (input.assistantId) await loadOwnedAssistant(ctx.db, input.ownerEmail, input.assistantId);
  const state = await signLoginState(ctx.stateSecret, {
    ownerEmail: input.ownerEmail,
    channel: input.channel,
    assistantId: input.assistantId ?? null,
  });
  const url = new URL(`${app.dialogOrigin}/${app.version}/dialog/oauth`);
  url.searchParams.set('client_id', app.appId);
  url.searchParams.set('redirect_uri', callbackUrlOf(ctx.env.PUBLIC_URL, input.channel));
  url.searchParams.set('state', state);
  url.searchParams.set('scope', SCOPES[input.channel]);
  url.searchParams.set('response_type', 'code');
  return url.toString();
}
