import { DEFAULT_SHOP_WIDGET_COLORS, type ShopSettings, type ShopSettingsUpdate, shopWidgetColorsSchema } from '@aisle/contracts/shopify';
import { and, eq } from 'drizzle-orm';
import { sharedAssistants, shopSettings } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { getOwnedConnection, type ShopConnection } from './shop-connections';
import type { ShopifyContext } from './shopify-context';
import { shopifyMessages } from './shopify-messages';

type SettingsRow = typeof shopSettings.$inferSelect;

/** `GET sh/settings/`: a shop's storefront preferences (defaults until first saved). */
export async function getShopSettings(ctx: ShopifyContext, input: { ownerEmail: string; shop?: string }): Promise<ShopSettings> {
  const connection = await ownedShop(ctx, input.ownerEmail, input.shop);
  const [row] = await ctx.db.select().from(shopSettings).where(eq(shopSettings.shopConnectionId, connection.id)).limit(1);
  return present(connection, row);
}

/**
 * `POST sh/settings/`: changes the fields sent. The storefront's assistant must be one of the
 * owner's shared assistants (another owner's is refused like one that does not exist).
 */
export async function saveShopSettings(
  ctx: ShopifyContext,
  input: { ownerEmail: string; changes: ShopSettingsUpdate },
): Promise<ShopSettings> {
  const { shop, ...changes } = input.changes;
  const connection = await ownedShop(ctx, input.ownerEmail, shop);
  if (changes.sharedAssistantId) {
    const [owned] = await ctx.db
      .select({ id: sharedAssistants.id })
      .from(sharedAssistants)
      .where(and(eq(sharedAssistants.id, changes.sharedAssistantId), eq(sharedAssistants.ownerEmail, input.ownerEmail)))
      .limit(1);
    if (!owned) throw AppError.fields({ sharedAssistantId: [shopifyMessages.unknownAssistant] });
  }
  const values = {
    ...(changes.sharedAssistantId !== undefined ? { sharedAssistantId: changes.sharedAssistantId } : {}),
    ...(changes.widgetEnabled !== undefined ? { widgetEnabled: changes.widgetEnabled } : {}),
    ...(changes.colors !== undefined ? { colors: changes.colors } : {}),
    ...(changes.greeting !== undefined ? { greeting: changes.greeting || null } : {}),
  };
  const [row] = await ctx.db
    .insert(shopSettings)
    .values({ ownerEmail: connection.ownerEmail, shopConnectionId: connection.id, ...values })
    .onConflictDoUpdate({ target: shopSettings.shopConnectionId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return present(connection, row);
}

async function ownedShop(ctx: ShopifyContext, ownerEmail: string, shop?: string): Promise<ShopConnection> {
  const connection = await getOwnedConnection(ctx.db, ownerEmail, shop?.trim().toLowerCase());
  if (!connection) throw new AppError('NOT_FOUND', shop ? shopifyMessages.notFound : shopifyMessages.noShop);
  return connection;
}

function present(connection: ShopConnection, row: SettingsRow | undefined): ShopSettings {
  const colors = shopWidgetColorsSchema.safeParse(row?.colors);
  return {
    shop: connection.shopDomain,
    sharedAssistantId: row?.sharedAssistantId ?? null,
    widgetEnabled: row?.widgetEnabled ?? false,
    colors: colors.success ? colors.data : DEFAULT_SHOP_WIDGET_COLORS,
    greeting: row?.greeting ?? null,
    catalogStoreId: connection.catalogStoreId,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}
