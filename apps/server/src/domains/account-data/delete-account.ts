import { AppError } from '../../lib/app-error';
import { checkPassword, loadActiveUser } from '../accounts';
import { renewingSubscription } from '../billing';
import { isShopOwnAccount } from '../shopify';
import type { AccountDataContext } from './account-data-context';
import { accountDataMessages } from './account-data-messages';
import { eraseAccount } from './erase-account';

/**
 * `POST users/delete-account/`: the signed-in user deletes their account with everything it owns
 * (erase-account.ts), typing their password again. Refused, with nothing deleted, for a wrong
 * password, for a shop's own account (it has no password its owner knows: uninstalling the app is
 * its way out) and while a subscription still renews (it would go on charging with nobody to
 * cancel it).
 */
export async function deleteAccount(ctx: AccountDataContext, input: { userId: string; password: string }): Promise<void> {
  const current = await loadActiveUser({ db: ctx.db, userId: input.userId });
  if (await isShopOwnAccount(ctx.db, current.email)) throw new AppError('BAD_REQUEST', accountDataMessages.shopAccount);
  const user = await checkPassword({ db: ctx.db, userId: input.userId, password: input.password, field: 'password' });
  if (await renewingSubscription(ctx.db, user.id)) throw new AppError('BAD_REQUEST', accountDataMessages.subscriptionRenews);
  await eraseAccount(ctx, user);
}
