import { renameOwnedRows } from '../../db/rename-owned-rows';
import type { RenameOwner } from '../accounts';
import { resealChannelSecrets } from '../channels';
import { resealShopTokens } from '../shopify';
import { resealOwnerVariables } from '../variables';
import type { AccountDataContext } from './account-data-context';

/**
 * Moves everything an account owns to its new e-mail, inside the transaction that changes the
 * user's address (accounts/confirm-email.ts): every row of every table with an `owner_email` column
 * (assistants, stores and files, threads, shares, shop connections with their products and orders,
 * channel accounts, variables, notifications, exports, analytics, …), then the secrets sealed to
 * their row and owner (secret variables, shop tokens, channel tokens and secrets), opened with the
 * old address and sealed again with the new one. Everything else that names an owner is keyed by
 * user id (ledger, subscriptions, usage), or checks its owner against the rows on every read
 * (caches), or is signed for a short while (download links, which then stop working).
 */
export function ownerRenamer(ctx: AccountDataContext): RenameOwner {
  return async (tx, { from, to }) => {
    const moved = await renameOwnedRows(tx, from, to);
    const reseal = { from, to, key: () => ctx.key, logger: ctx.logger };
    await resealOwnerVariables(tx, reseal);
    await resealShopTokens(tx, reseal);
    await resealChannelSecrets(tx, reseal);
    ctx.logger.info({ moved }, 'an account changed its e-mail; its data moved with it');
  };
}
