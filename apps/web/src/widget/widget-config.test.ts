import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findWidgetScript, widgetConfigOf } from './widget-config';

const script = (src: string, attributes: Record<string, string> = {}) => {
  const element = document.createElement('script');
  element.src = src;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
};

describe('the loader’s own script tag', () => {
  // A shop page that names no language (the app's own tests leave <html lang> set).
  beforeEach(() => document.documentElement.removeAttribute('lang'));

  it('gives our origin and the token', () => {
    expect(widgetConfigOf(script('https://aisle.example/widget.js?token=abc_123'))).toEqual({
      origin: 'https://aisle.example',
      token: 'abc_123',
      theme: null,
      preload: true,
    });
  });

  it('takes launcher colours and preloading from data attributes, ignoring bad colours', () => {
    expect(
      widgetConfigOf(
        script('https://aisle.example/widget.js?token=t', {
          'data-color': '#112233',
          'data-text-color': '#fafafa',
          'data-preload': 'false',
        }),
      ),
    ).toMatchObject({ theme: { primaryColor: '#112233', primaryTextColor: '#fafafa' }, preload: false });
    expect(widgetConfigOf(script('https://aisle.example/widget.js?token=t', { 'data-color': 'red' }))?.theme).toBeNull();
  });

  it('does nothing without a token', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(widgetConfigOf(script('https://aisle.example/widget.js'))).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    expect(widgetConfigOf(null)).toBeNull();
  });

  it('finds the last widget.js script when not running as the current script', () => {
    const first = script('https://other.example/app.js');
    const ours = script('https://aisle.example/widget.js?token=t');
    document.body.append(first, ours);
    expect(findWidgetScript(document)).toBe(ours);
    first.remove();
    ours.remove();
  });
});
