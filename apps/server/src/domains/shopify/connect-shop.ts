import { randomUUID } from 'node:crypto';
import type { Session } from '@shopify/shopify-api';
import { shopConnections } from '../../db/schema';
import type { User } from '../../db/schema/users';
import { ensurePlatformAccount } from '../accounts';
import { queueCatalogSync } from './catalog-jobs';
import { getConnectionByShop, type ShopConnection, updateConnection } from './shop-connections';
import type { ShopifyContext } from './shopify-context';
import { sealSession } from './token-vault';

/** The e-mail of a shop's own account: it holds the store-domain marker that switches the web app to embedded mode. */
export const shopAccountEmail = (shop: string) => `owner@${shop}`;

/**
 * Stores a shop's new offline token (from the OAuth callback or a token exchange) and finds or
 * creates its account: the account the connection already belongs to, else the shop's own
 * (`owner@{shop}`, never staff). A new or reinstalled shop gets its catalog synced.
 */
export async function connectShop(
  ctx: ShopifyContext,
  input: { shop: string; session: Session; host?: string | null },
): Promise<{ user: User; connection: ShopConnection }> {
  const existing = await getConnectionByShop(ctx.db, input.shop);
  const user = await ensurePlatformAccount({ db: ctx.db, email: existing?.ownerEmail ?? shopAccountEmail(input.shop) });
  const connection = existing ? await refreshConnection(ctx, existing, input) : await insertConnection(ctx, user.email, input);
  if (!existing || existing.uninstalledAt || !existing.catalogSyncedAt) await queueCatalogSync(ctx, input.shop);
  return { user, connection };
}

async function refreshConnection(ctx: ShopifyContext, existing: ShopConnection, input: { session: Session; host?: string | null }) {
  const row = await updateConnection(ctx.db, existing.id, {
    ...sealSession(ctx.key, existing, input.session),
    host: input.host ?? existing.host,
    uninstalledAt: null,
    installedAt: existing.uninstalledAt || !existing.installedAt ? new Date() : existing.installedAt,
  });
  return row as ShopConnection;
}

async function insertConnection(ctx: ShopifyContext, ownerEmail: string, input: { shop: string; session: Session; host?: string | null }) {
  // The id is chosen here because the tokens are sealed to their row before it exists.
  const id = randomUUID();
  const [inserted] = await ctx.db
    .insert(shopConnections)
    .values({
      id,
      ownerEmail,
      platform: 'shopify',
      shopDomain: input.shop,
      host: input.host ?? null,
      installedAt: new Date(),
      ...sealSession(ctx.key, { id, ownerEmail }, input.session),
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  // Two first sign-ins of one shop at once: the other made the row; this token replaces its own.
  const raced = (await getConnectionByShop(ctx.db, input.shop)) as ShopConnection;
  return refreshConnection(ctx, raced, input);
}
