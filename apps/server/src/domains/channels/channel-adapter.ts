import type { ReplyWindow } from '@aisle/contracts/channels';
import type { ProductCard, QuickReply } from '@aisle/contracts/commerce';
import type { ChannelsContext } from './channels-context';
import type { AccountRow } from './messaging-accounts';
import type { SendOutcome } from './send-failure';

/**
 * One reply on its way to a customer: its text and, beside it, what the answer offers natively (the
 * store's products it names, quick replies such as "Talk to a person"). Each adapter renders these
 * the platform's own way (line/line-messages.ts, meta/page-messages.ts, meta/whatsapp-messages.ts),
 * or sends the text alone where the platform or the reply window allows no more (richRepliesAllowed).
 */
export interface OutboundText {
  /** The customer's id on the platform. */
  recipientId: string;
  text: string;
  /** The store's products the answer names (the stored reply's `llmUsage.products`); none for a person's reply. */
  products: ProductCard[];
  /** Replies the customer can send with one tap (the stored reply's `llmUsage.quickReplies`); none for a person's reply. */
  quickReplies: QuickReply[];
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

/**
 * Whether a reply may carry more than text: the bot's own reply inside the standard window. A
 * person's reply (sent with the human-agent tag outside Meta's 24 hours, or typed in the inbox) is
 * their text alone, and nothing but text may leave outside the standard window.
 */
export const richRepliesAllowed = (message: Pick<OutboundText, 'byPerson' | 'window'>): boolean =>
  !message.byPerson && (message.window.state === 'open' || message.window.state === 'unlimited');

/** What the channels know of a customer beyond their id, when the platform offers it. */
export interface SenderProfile {
  pictureUrl: string | null;
}

/** How one channel talks to its platform (meta/, line/): sending, and a customer's profile. */
export interface ChannelAdapter {
  send(ctx: ChannelsContext, account: AccountRow, message: OutboundText): Promise<SendOutcome>;
  senderProfile(ctx: ChannelsContext, account: AccountRow, senderId: string): Promise<SenderProfile | null>;
}
