import { z } from 'zod';
import { loginUserSchema } from './accounts';

/**
 * The Shopify integration's REST shapes (spec §7 "Commerce platform" and "Embedded flows", §3
 * "Authentication payloads"), shared by the server's validation and the web app's embedded screens.
 * Paths are under `/api/sh/`.
 */

/** Shops per page of GET sh/user-stores/ and products per page of GET sh/products/. */
export const USER_STORES_PAGE_SIZE = 20;
export const SHOP_PRODUCTS_PAGE_SIZE = 50;

export const SHOP_GREETING_MAX_LENGTH = 500;

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #RRGGBB.');
/** Query values Shopify signs: bounded, so a megabyte-long parameter is refused before any check. */
const queryValue = z.string().max(2048, tooLong(2048));

/**
 * GET sh/install/ (Shopify opens it with `hmac`, `shop`, `timestamp`, and sometimes `host`,
 * `embedded`, `locale`…): every parameter takes part in the signature, so any is accepted.
 */
export const shopInstallQuerySchema = z.record(z.string().max(100), queryValue);

/** GET sh/callback/: the parameters Shopify's grant page redirects with (all signed, `state` included). */
export const shopCallbackQuerySchema = z.record(z.string().max(100), queryValue);

/** Spec §3 "Platform callback response". */
export const shopCallbackResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  email: z.string(),
  tier: z.string(),
  shop: z.string(),
  host: z.string().nullable(),
});
export type ShopCallbackResponse = z.infer<typeof shopCallbackResponseSchema>;

/** GET sh/validate_session/?shopify_token=: the App Bridge id token (a JWT). */
export const validateSessionQuerySchema = z.object({
  shopify_token: z.string().min(1, 'This field may not be blank.').max(4096, tooLong(4096)),
});

/** Spec §3 "Embedded session validation response": our access token for the shop's account. */
export const validateSessionResponseSchema = z.object({ internal_token: z.string(), user: loginUserSchema });
export type ValidateSessionResponse = z.infer<typeof validateSessionResponseSchema>;

export const pageQuerySchema = z.object({ page: z.string().max(20).optional() });

/** A shop connected to the signed-in account (GET sh/user-stores/). */
export const userStoreSchema = z.object({
  shop_domain: z.string(),
  shop_name: z.string().nullable(),
  visited: z.boolean(),
  installed_at: z.string().nullable(),
  catalog_synced_at: z.string().nullable(),
  /** Shopify refused the stored token: the merchant must open the app from the Shopify admin again. */
  needs_reauthorization: z.boolean(),
});
export type UserStore = z.infer<typeof userStoreSchema>;

export const userStorePageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(userStoreSchema),
});
export type UserStorePage = z.infer<typeof userStorePageSchema>;

export const shopDomainParamsSchema = z.object({ shop_domain: z.string().min(1).max(255) });

/** A synced product (GET sh/products/): the catalog as the assistant knows it. */
export const shopProductSchema = z.object({
  id: z.string(),
  shop_domain: z.string(),
  external_id: z.string().nullable(),
  title: z.string(),
  handle: z.string().nullable(),
  url: z.string().nullable(),
  image_url: z.string().nullable(),
  vendor: z.string().nullable(),
  product_type: z.string().nullable(),
  tags: z.array(z.string()),
  /** The lowest variant price, as Shopify writes it (a decimal string). */
  price: z.string().nullable(),
  currency: z.string().nullable(),
  available: z.boolean().nullable(),
  total_inventory: z.number().nullable(),
  updated_at: z.string(),
});
export type ShopProduct = z.infer<typeof shopProductSchema>;

export const shopProductPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(shopProductSchema),
});

/** The storefront widget's colours. */
export const shopWidgetColorsSchema = z.object({
  /** Launcher, header and the shopper's bubbles. */
  primaryColor: hexColor,
  /** Text on the primary colour. */
  primaryTextColor: hexColor,
});
export type ShopWidgetColors = z.infer<typeof shopWidgetColorsSchema>;
export const DEFAULT_SHOP_WIDGET_COLORS: ShopWidgetColors = { primaryColor: '#18181b', primaryTextColor: '#ffffff' };

/** GET sh/settings/?shop=: one of the account's shops (default: the most recently installed). */
export const shopSettingsQuerySchema = z.object({ shop: z.string().max(255).optional() });

/** POST sh/settings/: what the merchant may change; every field optional (unsent fields keep their value). */
export const shopSettingsUpdateSchema = z
  .object({
    shop: z.string().max(255).optional(),
    /** The shared assistant that answers on the storefront; null: none. */
    sharedAssistantId: z.uuid('Must be a valid UUID.').nullable().optional(),
    widgetEnabled: z.boolean('Must be true or false.').optional(),
    colors: shopWidgetColorsSchema.optional(),
    greeting: z.string().trim().max(SHOP_GREETING_MAX_LENGTH, tooLong(SHOP_GREETING_MAX_LENGTH)).nullable().optional(),
  })
  .strict();
export type ShopSettingsUpdate = z.infer<typeof shopSettingsUpdateSchema>;

/** A shop's storefront preferences. */
export const shopSettingsSchema = z.object({
  shop: z.string(),
  sharedAssistantId: z.string().nullable(),
  widgetEnabled: z.boolean(),
  colors: shopWidgetColorsSchema,
  greeting: z.string().nullable(),
  /** The knowledge store the catalog sync keeps the product list in (read-only). */
  catalogStoreId: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/** GET sh/shop/: the connected shop as Shopify reports it now. */
export const shopInfoSchema = z.object({
  shop: z.string(),
  name: z.string(),
  currency: z.string(),
  catalogStoreId: z.string().nullable(),
  catalogSyncedAt: z.string().nullable(),
});

/** POST sh/sync/: read the catalog again now. */
export const catalogSyncRequestSchema = z.object({ shop: z.string().max(255).optional() }).strict();
export const catalogSyncResponseSchema = z.object({ shop: z.string(), queued: z.boolean() });
