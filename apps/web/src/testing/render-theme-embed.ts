import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Liquid, Tag, type TagToken, type TopLevelToken } from 'liquidjs';

/** The theme app extension's embed block (extensions/aisle-chat at the repository root). */
export const EMBED_BLOCK_PATH = path.resolve(import.meta.dirname, '../../../../extensions/aisle-chat/blocks/aisle-chat.liquid');

export interface AppMetafield {
  type: string;
  value: string;
}

/** The block's `{% schema %}` JSON, as the theme editor reads it. */
export function embedBlockSchema(): Record<string, unknown> {
  const source = readFileSync(EMBED_BLOCK_PATH, 'utf8');
  const json = /{%\s*schema\s*%}([\s\S]*?){%\s*endschema\s*%}/.exec(source)?.[1];
  if (!json) throw new Error('the embed block has no schema');
  return JSON.parse(json) as Record<string, unknown>;
}

/** Shopify's Liquid gives a metafield's `value` in its type: booleans as booleans, the rest as text. */
const liquidValue = (field: AppMetafield) => (field.type === 'boolean' ? field.value === 'true' : field.value);

/**
 * Renders the embed block as a storefront would, with `app.metafields` holding the app-data
 * metafields given (namespace → key → {type, value}) and the storefront's language as `request.locale`.
 * `{% schema %}` renders nothing, as on Shopify.
 */
export async function renderThemeEmbed(
  metafields: Record<string, Record<string, AppMetafield>>,
  /** The storefront's current language (`request.locale.iso_code`), e.g. `ja` or `zh-TW`. */
  locale = 'en',
): Promise<string> {
  const engine = new Liquid();
  engine.registerTag(
    'schema',
    class extends Tag {
      constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
        super(token, remain, liquid);
        // Skip to the end tag: the schema is the theme editor's, not the page's.
        while (remain.length) {
          const next = remain.shift() as TopLevelToken & { name?: string };
          if (next.name === 'endschema') return;
        }
        throw new Error('tag {% schema %} not closed');
      }
      *render() {}
    },
  );
  const app = {
    metafields: Object.fromEntries(
      Object.entries(metafields).map(([namespace, fields]) => [
        namespace,
        Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, { value: liquidValue(field), type: field.type }])),
      ]),
    ),
  };
  const request = { locale: { iso_code: locale } };
  return engine.parseAndRender(readFileSync(EMBED_BLOCK_PATH, 'utf8'), { app, request });
}
