import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountWidget, type WidgetHandle } from './mount-widget';
import { widgetConfigOf } from './widget-config';

const script = (attributes: Record<string, string> = {}) => {
  const element = document.createElement('script');
  element.src = 'https://aisle.example/widget.js?token=t';
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
};

let handle: WidgetHandle | null = null;
afterEach(() => {
  handle?.destroy();
  handle = null;
  document.documentElement.removeAttribute('lang');
});

describe('the widget’s language', () => {
  it('is the script tag’s data-lang first', () => {
    document.documentElement.lang = 'th';
    expect(widgetConfigOf(script({ 'data-lang': 'ja' }))?.lang).toBe('ja');
    expect(widgetConfigOf(script({ 'data-lang': 'ko-KR' }))?.lang).toBe('ko');
  });

  it('else the page’s <html lang>', () => {
    document.documentElement.lang = 'th';
    expect(widgetConfigOf(script())?.lang).toBe('th');
    // A data-lang we do not speak gives way to the page's.
    expect(widgetConfigOf(script({ 'data-lang': 'fr' }))?.lang).toBe('th');
  });

  it('tells Chinese apart by script: zh-TW is Traditional, zh-CN Simplified', () => {
    expect(widgetConfigOf(script({ 'data-lang': 'zh-TW' }))?.lang).toBe('zh-Hant');
    document.documentElement.lang = 'zh-CN';
    expect(widgetConfigOf(script())?.lang).toBe('zh-Hans');
  });

  it('is left to the browser when the page names none we speak', () => {
    document.documentElement.lang = 'fr';
    expect(widgetConfigOf(script())).not.toHaveProperty('lang');
  });

  it('passes the page’s language to the chat and labels the launcher in it', () => {
    const config = widgetConfigOf(script({ 'data-lang': 'ja', 'data-preload': 'false' }));
    if (!config) throw new Error('no config');
    handle = mountWidget(config);
    if (!handle) throw new Error('not mounted');
    const launcher = handle.root.querySelector('button.launcher') as HTMLButtonElement;
    expect(launcher).toHaveAttribute('aria-label', 'チャットを開く');
    launcher.click();
    const url = new URL((handle.frame() as HTMLIFrameElement).src);
    expect(url.searchParams.get('lang')).toBe('ja');
    expect(url.searchParams.get('token')).toBe('t');
    expect(launcher).toHaveAttribute('aria-label', 'チャットを閉じる');
    expect(handle.frame()?.title).toBe('チャット');
  });

  it('speaks the browser’s language when the page names none, and the chat reads the same browser', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-TW', 'en']);
    handle = mountWidget({ origin: 'https://aisle.example', token: 't', theme: null, preload: false });
    if (!handle) throw new Error('not mounted');
    const launcher = handle.root.querySelector('button.launcher') as HTMLButtonElement;
    expect(launcher).toHaveAttribute('aria-label', '開啟聊天');
    launcher.click();
    expect(new URL((handle.frame() as HTMLIFrameElement).src).searchParams.has('lang')).toBe(false);
  });
});
