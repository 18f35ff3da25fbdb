import { describe, expect, it } from 'vitest';
import { themeColors } from './theme-colors';

const NOTICE = `/*
 * ------------------------------------------------------------
 * IMPORTANT: The contents of this file are auto-generated.
 * ------------------------------------------------------------
 */
`;

describe('theme colours from settings_data.json', () => {
  it('takes the first colour scheme’s button and label (Online Store 2.0), past the generated notice', () => {
    const file = `${NOTICE}${JSON.stringify({
      current: {
        color_schemes: {
          'scheme-1': { settings: { button: '#1F4E79', button_label: '#FFF' } },
          'scheme-2': { settings: { button: '#000000' } },
        },
      },
    })}`;
    expect(themeColors(file)).toEqual({ colors: { primaryColor: '#1f4e79', primaryTextColor: '#ffffff' }, found: true });
  });

  it('falls back to the legacy colour settings, and picks a readable label when there is none', () => {
    expect(themeColors(JSON.stringify({ current: { colors_accent_1: '#121212', colors_solid_button_labels: '#fafafa' } })).colors).toEqual({
      primaryColor: '#121212',
      primaryTextColor: '#fafafa',
    });
    expect(themeColors(JSON.stringify({ current: { color_button: '#ffd700' } })).colors).toEqual({
      primaryColor: '#ffd700',
      primaryTextColor: '#000000',
    });
  });

  it('reads a preset named by `current`', () => {
    const file = JSON.stringify({ current: 'Bold', presets: { Bold: { colors_accent_1: '#aa0000' } } });
    expect(themeColors(file).colors.primaryColor).toBe('#aa0000');
  });

  it('keeps the defaults for a theme without colours, a gradient, or a broken file', () => {
    for (const file of [
      null,
      'not json',
      JSON.stringify({ current: {} }),
      JSON.stringify({ current: { colors_accent_1: 'linear-gradient(#fff, #000)' } }),
    ]) {
      expect(themeColors(file)).toEqual({ colors: { primaryColor: '#18181b', primaryTextColor: '#ffffff' }, found: false });
    }
  });
});
