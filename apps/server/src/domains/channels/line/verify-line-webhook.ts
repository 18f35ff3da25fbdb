import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { messagingAccounts } from '../../../db/schema';
import { openChannelSecret } from '../account-vault';
import { lineSdk } from './line-client';
import { type LineEvent, lineBodySchema, parseLineEvents } from './parse-line-events';

/**
 * A LINE webhook request, checked with `@line/bot-sdk`'s `validateSignature` against the secret of
 * the channel it names (`destination`, the bot's user id: each owner's channel has its own secret,
 * so the body is read for that id before the check; nothing else of it is used until the signature
 * holds). Null when no connected channel's secret signs it. An empty `events` list (LINE's
 * "Verify" button) verifies as no events.
 */
export async function verifyLineWebhook(
  ctx: { db: Db; key: Buffer },
  rawBody: Buffer,
  signature: string | string[] | undefined,
): Promise<{ destination: string; events: LineEvent[] } | null> {
  const value = Array.isArray(signature) ? signature[0] : signature;
  if (!value || value.length > 200) return null;
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = lineBodySchema.safeParse(body);
  if (!parsed.success) return null;
  // Several owners may hold the same channel (one answering, others not chosen): any of its secrets is LINE's.
  const accounts = await ctx.db
    .select()
    .from(messagingAccounts)
    .where(
      and(
        eq(messagingAccounts.channel, 'line'),
        eq(messagingAccounts.externalAccountId, parsed.data.destination),
        isNotNull(messagingAccounts.channelSecret),
      ),
    )
    .limit(10);
  const signed = accounts.some((account) => {
    try {
      const secret = openChannelSecret(ctx.key, account);
      return secret !== null && lineSdk().validateSignature(rawBody, secret, value);
    } catch {
      // A secret that no longer opens (the key changed) signs nothing.
      return false;
    }
  });
  return signed ? { destination: parsed.data.destination, events: parseLineEvents(parsed.data) } : null;
}
