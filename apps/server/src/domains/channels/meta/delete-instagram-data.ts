import { randomBytes } from 'node:crypto';
import type { DataDeletionStatus } from '@aisle/contracts/channels';
import { and, eq, sql } from 'drizzle-orm';
import { dataDeletionRequests, messagingAccounts, sharedThreads } from '../../../db/schema';
import { rowsOf } from '../../../db/sql-helpers';
import { AppError } from '../../../lib/app-error';
import { channelMessages } from '../channel-messages';
import type { ChannelsContext } from '../channels-context';
import { requireMeta } from './meta-adapter';
import { parseSignedRequest } from './signed-request';

/**
 * `POST instagram/data_deletion/`, Meta's data deletion callback: after the signed request checks
 * out, that person's conversations on Instagram are deleted with their messages, and any Instagram
 * account they connected loses its token. Answers Meta's `{url, confirmation_code}`: the code finds
 * the request's status again (GET data_deletion/), and the request row keeps no personal data.
 */
export async function deleteInstagramData(ctx: ChannelsContext, signedRequest: string | undefined) {
  const payload = parseSignedRequest(requireMeta(ctx).appSecret, signedRequest);
  if (!payload) throw new AppError('BAD_REQUEST', channelMessages.badSignedRequest);
  const confirmationCode = randomBytes(9).toString('base64url');
  const deleted = await ctx.db.transaction(async (tx) => {
    const [gone] = await rowsOf<{ n: number }>(
      tx,
      sql`WITH gone AS (DELETE FROM ${sharedThreads} WHERE origin = 'instagram' AND channel_user_id = ${payload.user_id} RETURNING 1)
          SELECT count(*)::int AS n FROM gone`,
    );
    await tx
      .update(messagingAccounts)
      .set({ status: 'disconnected', accessToken: null, tokenExpiresAt: null, updatedAt: new Date() })
      .where(and(eq(messagingAccounts.channel, 'instagram'), eq(messagingAccounts.metaUserId, payload.user_id)));
    await tx.insert(dataDeletionRequests).values({
      confirmationCode,
      channel: 'instagram',
      status: 'completed',
      conversationsDeleted: gone?.n ?? 0,
      completedAt: new Date(),
    });
    return gone?.n ?? 0;
  });
  ctx.logger.info({ conversations: deleted }, 'Instagram data deletion request handled');
  return { url: `${ctx.env.PUBLIC_URL}/api/instagram/data_deletion/?code=${confirmationCode}`, confirmation_code: confirmationCode };
}

/** `GET instagram/data_deletion/?code=`: what became of a deletion request. */
export async function getDataDeletionStatus(ctx: Pick<ChannelsContext, 'db'>, code: string): Promise<DataDeletionStatus> {
  const [row] = await ctx.db.select().from(dataDeletionRequests).where(eq(dataDeletionRequests.confirmationCode, code)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', channelMessages.deletionNotFound);
  return {
    confirmation_code: row.confirmationCode,
    status: 'completed',
    requested_at: row.createdAt.toISOString(),
    completed_at: row.completedAt ? row.completedAt.toISOString() : null,
    conversations_deleted: row.conversationsDeleted,
  };
}
