import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../lib/app-error';
import { channelMessages } from '../channel-messages';
import type { ChannelsContext } from '../channels-context';
import { requireMeta } from './meta-adapter';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * `GET {channel}/webhook/`: Meta's subscription handshake. With `hub.mode=subscribe` and the
 * operator's verify token, the challenge is echoed back (Meta then turns the callback URL on); any
 * other token is 403. Compared in constant time (digests, so the lengths say nothing either).
 */
export function answerWebhookChallenge(
  ctx: Pick<ChannelsContext, 'meta'>,
  query: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string },
): string {
  const app = requireMeta(ctx);
  const token = query['hub.verify_token'] ?? '';
  const matches = timingSafeEqual(digest(token), digest(app.verifyToken));
  if (query['hub.mode'] !== 'subscribe' || !matches || !query['hub.challenge'])
    throw new AppError('FORBIDDEN', channelMessages.wrongVerifyToken);
  return query['hub.challenge'];
}
