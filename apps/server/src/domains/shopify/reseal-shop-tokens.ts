import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Tx } from '../../db/database';
import { shopConnections } from '../../db/schema';
import { SecretBoxError } from '../variables';
import { resealTokens } from './token-vault';

/**
 * After an owner's rows moved to a new e-mail (account-data's renameOwner, same transaction): a
 * shop's tokens are sealed to their connection row, owner included, so each is opened with the old
 * address and sealed again with the new one; the shop keeps working without a reinstall. Tokens that
 * cannot be opened are dropped and the connection marked for reauthorisation (the next embedded
 * session exchanges new ones), as when Shopify refuses a token. `key` is read only when needed.
 */
export async function resealShopTokens(
  tx: Tx,
  input: { from: string; to: string; key: () => Buffer; logger: Pick<Logger, 'warn'> },
): Promise<void> {
  const rows = await tx.select().from(shopConnections).where(eq(shopConnections.ownerEmail, input.to));
  for (const row of rows) {
    if (!row.accessToken && !row.refreshToken) continue;
    try {
      await tx
        .update(shopConnections)
        .set(resealTokens(input.key(), row, input.from))
        .where(eq(shopConnections.id, row.id));
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      input.logger.warn({ shop: row.shopDomain }, 'shop tokens that could not be opened were dropped when their owner changed e-mail');
      await tx
        .update(shopConnections)
        .set({ accessToken: null, refreshToken: null, reauthorizeRequiredAt: new Date() })
        .where(eq(shopConnections.id, row.id));
    }
  }
}
