import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Tx } from '../../db/database';
import { messagingAccounts } from '../../db/schema';
import { SecretBoxError } from '../variables';
import { resealAccountSecrets } from './account-vault';

/**
 * After an owner's rows moved to a new e-mail (account-data's renameOwner, same transaction): each
 * messaging account's token and LINE channel secret are sealed to their row, owner included, so they
 * are opened with the old address and sealed again with the new one; the channels keep answering.
 * Ones that cannot be opened are dropped and the account marked for reconnecting, as when the
 * platform refuses a token. `key` is read only when needed.
 */
export async function resealChannelSecrets(
  tx: Tx,
  input: { from: string; to: string; key: () => Buffer; logger: Pick<Logger, 'warn'> },
): Promise<void> {
  const rows = await tx.select().from(messagingAccounts).where(eq(messagingAccounts.ownerEmail, input.to));
  for (const row of rows) {
    if (!row.accessToken && !row.channelSecret) continue;
    try {
      await tx
        .update(messagingAccounts)
        .set(resealAccountSecrets(input.key(), row, input.from))
        .where(eq(messagingAccounts.id, row.id));
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      input.logger.warn(
        { channel: row.channel, account: row.externalAccountId },
        'channel secrets that could not be opened were dropped when their owner changed e-mail',
      );
      await tx
        .update(messagingAccounts)
        .set({ accessToken: null, channelSecret: null, tokenInvalidAt: new Date(), tokenProblem: 'The stored token could not be read.' })
        .where(eq(messagingAccounts.id, row.id));
    }
  }
}
