import { DEFAULT_SHOP_WIDGET_COLORS, type ShopWidgetColors } from '@aisle/contracts/shopify';

const HEX = /^#[0-9a-fA-F]{6}$/;
const SHORT_HEX = /^#[0-9a-fA-F]{3}$/;

type Settings = Record<string, unknown>;

/** `#abc` → `#aabbcc`; anything that is not a hex colour → undefined (themes also store gradients, rgba…). */
function hex(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  if (HEX.test(v)) return v.toLowerCase();
  if (SHORT_HEX.test(v)) return `#${[...v.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  return undefined;
}

/**
 * settings_data.json as Shopify stores it: JSON, usually after a generated `/* … *\/` notice, which
 * JSON.parse refuses. Answers null when the file is not a JSON object after that.
 */
export function parseSettingsData(text: string): Settings | null {
  const body = text.trim().replace(/^\/\*[\s\S]*?\*\//, '');
  try {
    const value = JSON.parse(body) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Settings) : null;
  } catch {
    return null;
  }
}

/** The settings in force: `current` is an object, or the name of one of the theme's `presets`. */
function currentSettings(data: Settings): Settings | null {
  const current = data.current;
  if (typeof current === 'string') {
    const preset = (data.presets as Settings | undefined)?.[current];
    return preset && typeof preset === 'object' ? (preset as Settings) : null;
  }
  return current && typeof current === 'object' ? (current as Settings) : null;
}

/**
 * The widget's colours from the theme: the first colour scheme's button and button label (Online
 * Store 2.0 themes such as Dawn), else the legacy settings (accent or button colour, its label).
 * A theme with neither keeps the defaults; `found` says whether the theme gave them.
 */
export function themeColors(settingsDataText: string | null): { colors: ShopWidgetColors; found: boolean } {
  const data = settingsDataText ? parseSettingsData(settingsDataText) : null;
  const current = data ? currentSettings(data) : null;
  if (!current) return { colors: DEFAULT_SHOP_WIDGET_COLORS, found: false };
  const schemes = current.color_schemes as Record<string, { settings?: Settings }> | undefined;
  const first = schemes && typeof schemes === 'object' ? Object.values(schemes)[0]?.settings : undefined;
  const primary =
    hex(first?.button) ??
    hex(current.colors_accent_1) ??
    hex(current.color_button) ??
    hex(current.colors_solid_button_background) ??
    hex(current.color_primary);
  if (!primary) return { colors: DEFAULT_SHOP_WIDGET_COLORS, found: false };
  const label =
    hex(first?.button_label) ?? hex(current.colors_solid_button_labels) ?? hex(current.color_button_text) ?? readableOn(primary);
  return { colors: { primaryColor: primary, primaryTextColor: label }, found: true };
}

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
function readableOn(color: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(color.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.179 ? '#000000' : '#ffffff';
}
