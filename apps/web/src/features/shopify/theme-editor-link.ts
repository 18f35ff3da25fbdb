import { THEME_EMBED_HANDLE } from '@aisle/contracts/setup-wizard';

/**
 * The deep link that opens the shop's theme editor on App embeds with Aisle's embed block turned
 * on (Shopify's theme app extension docs: `activateAppId={api_key}/{handle}`, the handle being the
 * block's file name). The merchant only has to save.
 */
export function themeEditorLink(shop: string, apiKey: string): string {
  // Written out as Shopify documents it (the slash in activateAppId unescaped).
  return `https://${shop}/admin/themes/current/editor?context=apps&activateAppId=${encodeURIComponent(apiKey)}/${THEME_EMBED_HANDLE}`;
}
