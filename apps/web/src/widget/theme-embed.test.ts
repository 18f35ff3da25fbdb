import { STOREFRONT_METAFIELD_NAMESPACE, THEME_EMBED_HANDLE } from '@aisle/contracts/setup-wizard';
import { describe, expect, it } from 'vitest';
import { EMBED_BLOCK_PATH, embedBlockSchema, renderThemeEmbed } from '@/testing/render-theme-embed';

/** The metafields as the setup wizard writes them (metafieldsSet on the app installation). */
const written = {
  share_token: { type: 'single_line_text_field', value: 'tok_Ab-3_x' },
  app_origin: { type: 'url', value: 'https://aisle.example' },
  primary_color: { type: 'color', value: '#1f4e79' },
  primary_text_color: { type: 'color', value: '#ffffff' },
  greeting: { type: 'multi_line_text_field', value: 'Hi! Welcome.' },
  enabled: { type: 'boolean', value: 'true' },
};

const scriptOf = (html: string) => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.querySelectorAll('script')];
};

describe('theme app extension: the Aisle chat embed block', () => {
  it('is an app embed block for the body, named after the file the deep link activates', () => {
    expect(EMBED_BLOCK_PATH.endsWith(`/blocks/${THEME_EMBED_HANDLE}.liquid`)).toBe(true);
    expect(embedBlockSchema()).toMatchObject({ target: 'body', name: expect.any(String) });
  });

  it('renders the widget script with the share token and the colours from the app metafields', async () => {
    const html = await renderThemeEmbed({ [STOREFRONT_METAFIELD_NAMESPACE]: written });
    expect(html).not.toContain('schema');
    const scripts = scriptOf(html);
    expect(scripts).toHaveLength(1);
    const script = scripts[0] as HTMLScriptElement;
    const src = new URL(script.getAttribute('src') ?? '');
    expect(src.origin + src.pathname).toBe('https://aisle.example/widget.js');
    expect(src.searchParams.get('token')).toBe('tok_Ab-3_x');
    expect(script.getAttribute('data-color')).toBe('#1f4e79');
    expect(script.getAttribute('data-text-color')).toBe('#ffffff');
    expect(script.hasAttribute('async')).toBe(true);
  });

  it('passes the storefront’s current language, so a shop’s Japanese or Thai pages get the chat in that language', async () => {
    for (const locale of ['ja', 'th', 'zh-TW']) {
      const html = await renderThemeEmbed({ [STOREFRONT_METAFIELD_NAMESPACE]: written }, locale);
      expect(scriptOf(html)[0]?.getAttribute('data-lang')).toBe(locale);
    }
  });

  it('renders nothing while the widget is off or not yet configured', async () => {
    const off = { ...written, enabled: { type: 'boolean', value: 'false' } };
    expect(scriptOf(await renderThemeEmbed({ [STOREFRONT_METAFIELD_NAMESPACE]: off }))).toHaveLength(0);
    const { share_token: _, ...noToken } = written;
    expect(scriptOf(await renderThemeEmbed({ [STOREFRONT_METAFIELD_NAMESPACE]: noToken }))).toHaveLength(0);
    expect(scriptOf(await renderThemeEmbed({}))).toHaveLength(0);
  });

  it('escapes what it writes into the tag', async () => {
    const hostile = { ...written, share_token: { type: 'single_line_text_field', value: 'a"><img src=x onerror=alert(1)>' } };
    const html = await renderThemeEmbed({ [STOREFRONT_METAFIELD_NAMESPACE]: hostile });
    expect(html).not.toContain('<img');
    expect(new URL(scriptOf(html)[0]?.getAttribute('src') ?? '').searchParams.get('token')).toBe('a"><img src=x onerror=alert(1)>');
  });
});
