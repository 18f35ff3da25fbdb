import type { ReplyWindow } from '@aisle/contracts/channels';
import type { ChannelsContext } from './channels-context';
import type { AccountRow } from './messaging-accounts';
import type { SendOutcome } from './send-failure';

/** One reply on its way to a customer. */
export interface OutboundText {
  /** The customer's id on the platform. */
  recipientId: string;
  text: string;
  /** A person from the shop wrote it (the human-agent tag may apply); otherwise the bot. */
  byPerson: boolean;
  window: ReplyWindow;
  /** The stored reply's id (LINE's retry key: a retried push is accepted once). */
  messageId: string;
  /** 0 on the first attempt of the send job. */
  attempt: number;
  /** LINE: the customer message's reply token and when the webhook brought it. */
  replyToken?: string | null;
  receivedAt?: string | null;
}

/** What the channels know of a customer beyond their id, when the platform offers it. */
export interface SenderProfile {
  pictureUrl: string | null;
}

/** How one channel talks to its platform (meta/, line/): sending, and a customer's profile. */
export interface ChannelAdapter {
  send(ctx: ChannelsContext, account: AccountRow, message: OutboundText): Promise<SendOutcome>;
  senderProfile(ctx: ChannelsContext, account: AccountRow, senderId: string): Promise<SenderProfile | null>;
}
