import { type ChannelName, channelLabels } from '@aisle/contracts/channels';

/** What owners and the platforms read from the channels' calls (clients see these; logs see the causes). */
export const channelMessages = {
  metaNotConfigured: 'Instagram, Messenger and WhatsApp are not configured on this server.',
  accountNotFound: 'Account not found.',
  conversationNotFound: 'Conversation not found.',
  assistantNotFound: 'Assistant not found.',
  badState: 'The Facebook Login link expired or was not started here. Start connecting again from Social.',
  loginCancelled: 'Facebook Login was cancelled.',
  noAccounts: (channel: ChannelName) =>
    ({
      messenger: 'No Facebook page was shared with Aisle. Connect again and choose at least one page.',
      instagram: 'No Instagram professional account linked to a Facebook page was shared with Aisle. Connect again and choose one.',
      whatsapp: 'No WhatsApp business number was shared with Aisle. Connect again and choose a WhatsApp Business Account.',
      line: 'No LINE channel.',
    })[channel],
  takenByAnother: (channel: ChannelName) =>
    `This ${channelLabels[channel]} account is connected to another Aisle account. Disconnect it there first.`,
  notChosen: 'Choose this account again after connecting: its access was removed.',
  disconnected: (channel: ChannelName) => `The ${channelLabels[channel]} account is disconnected. Reconnect it on Social to send replies.`,
  tokenInvalid: (channel: ChannelName) =>
    `${channelLabels[channel]} no longer accepts Aisle’s access to this account. Reconnect it on Social.`,
  lineCredentials: 'LINE refused these credentials. Check the channel access token (a long-lived one) and try again.',
  lineChannelMismatch: 'This access token belongs to another LINE channel than the channel ID entered.',
  lineUnreachable: 'LINE could not be reached. Try again in a moment.',
  metaUnreachable: 'Facebook could not be reached. Try again in a moment.',
  badSignedRequest: 'The signed request is missing or invalid.',
  deletionNotFound: 'No deletion request has this confirmation code.',
  wrongVerifyToken: 'The verify token does not match.',
};

/** Notification titles (the owner's bell). */
export const reconnectTitle = (channel: ChannelName) => `Reconnect ${channelLabels[channel]}`;
