import { STOREFRONT_METAFIELD_KEYS as KEYS, STOREFRONT_METAFIELD_NAMESPACE as NAMESPACE } from '@aisle/contracts/setup-wizard';
import { eq } from 'drizzle-orm';
import { sharedAssistants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { adminGraphql, requireData } from './admin-graphql';
import { ShopReauthorizeError } from './reauthorize-error';
import { getConnectionByShop, type ShopConnection } from './shop-connections';
import { getShopSettings } from './shop-settings';
import type { ShopifyContext } from './shopify-context';
import { shopifyMessages } from './shopify-messages';

/** The widget's first words when the merchant has set none. */
export const DEFAULT_STOREFRONT_GREETING = 'Hi! How can I help you today?';

const APP_INSTALLATION_QUERY = /* GraphQL */ `
  query StorefrontAppInstallation {
    currentAppInstallation { id }
  }
`;

const METAFIELDS_SET = /* GraphQL */ `
  mutation StorefrontConfiguration($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields { key namespace }
      userErrors { field message code }
    }
  }
`;

/**
 * Writes the storefront widget's configuration where the theme app extension's embed block reads
 * it (extensions/aisle-chat): app-data metafields on the app installation (`metafieldsSet` with
 * the installation as owner), `app.metafields.aisle_chat.*` in Liquid. The share token, our origin
 * (where /widget.js lives), the colours, the greeting and whether the widget is on. Setting the
 * same values again changes nothing, so it is safe to repeat.
 */
export async function writeStorefrontConfiguration(
  ctx: ShopifyContext,
  connection: ShopConnection,
  options: { signal?: AbortSignal } = {},
) {
  const settings = await getShopSettings(ctx, { ownerEmail: connection.ownerEmail, shop: connection.shopDomain });
  const [share] = settings.sharedAssistantId
    ? await ctx.db
        .select({ shareToken: sharedAssistants.shareToken })
        .from(sharedAssistants)
        .where(eq(sharedAssistants.id, settings.sharedAssistantId))
        .limit(1)
    : [];
  const installation = requireData(
    await adminGraphql<{ currentAppInstallation: { id: string } }>(ctx, connection, { query: APP_INSTALLATION_QUERY }, options),
  );
  const ownerId = installation.currentAppInstallation.id;
  const field = (key: string, type: string, value: string) => ({ ownerId, namespace: NAMESPACE, key, type, value });
  const metafields = [
    // Shopify refuses a blank value: with no share the widget is turned off and the old token stays unused.
    ...(share ? [field(KEYS.shareToken, 'single_line_text_field', share.shareToken)] : []),
    field(KEYS.appOrigin, 'url', ctx.env.PUBLIC_URL),
    field(KEYS.primaryColor, 'color', settings.colors.primaryColor),
    field(KEYS.primaryTextColor, 'color', settings.colors.primaryTextColor),
    field(KEYS.greeting, 'multi_line_text_field', settings.greeting || DEFAULT_STOREFRONT_GREETING),
    field(KEYS.enabled, 'boolean', String(settings.widgetEnabled && !!share)),
  ];
  const result = requireData(
    await adminGraphql<{ metafieldsSet: { userErrors: { message: string; field: string[] | null }[] } | null }>(
      ctx,
      connection,
      { query: METAFIELDS_SET, variables: { metafields } },
      options,
    ),
  );
  const problems = result.metafieldsSet?.userErrors ?? [];
  if (problems.length) {
    throw new AppError('BAD_GATEWAY', shopifyMessages.shopifyFailed, {
      cause: new Error(`metafieldsSet: ${problems.map((p) => `${p.field?.join('.') ?? ''} ${p.message}`).join('; ')}`),
    });
  }
  return { shareToken: share?.shareToken ?? null, metafields: metafields.length };
}

/** The storefront-configuration job: the shop's settings as they are now, onto its metafields. */
export async function refreshStorefrontConfiguration(ctx: ShopifyContext, input: { shopDomain: string }, signal?: AbortSignal) {
  const connection = await getConnectionByShop(ctx.db, input.shopDomain);
  if (!connection || connection.uninstalledAt) return;
  try {
    await writeStorefrontConfiguration(ctx, connection, { signal });
  } catch (error) {
    // The owner was told to reconnect; the next save (or the wizard) writes it again.
    if (error instanceof ShopReauthorizeError) return;
    throw error;
  }
}
