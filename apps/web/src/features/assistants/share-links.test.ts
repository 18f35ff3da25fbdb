import { describe, expect, it } from 'vitest';
import { contrastRatio } from './share-contrast';
import { expiryText, fromLocalInput, shareStatusChip, toLocalInput, widgetSnippet } from './share-links';

const now = Date.parse('2026-11-03T10:00:00.000Z');

describe('share links', () => {
  it('is Expired past its expiry whatever the switch says, else Active or Off', () => {
    expect(shareStatusChip({ isActive: true, expiresAt: null }, now)).toEqual({ label: 'Active', tone: 'success' });
    expect(shareStatusChip({ isActive: false, expiresAt: '2026-12-01T00:00:00.000Z' }, now)).toEqual({ label: 'Off', tone: 'neutral' });
    expect(shareStatusChip({ isActive: true, expiresAt: '2026-11-03T09:59:59.000Z' }, now).label).toBe('Expired');
    expect(shareStatusChip({ isActive: false, expiresAt: '2026-11-01T00:00:00.000Z' }, now).label).toBe('Expired');
  });

  it('writes the widget snippet with the token escaped for a URL', () => {
    expect(widgetSnippet('https://aisle.test', 'a+b/c')).toBe('<script src="https://aisle.test/widget.js?token=a%2Bb%2Fc" async></script>');
  });

  it('round-trips an expiry through the date-time input in the device’s zone', () => {
    const local = toLocalInput('2026-11-03T10:30:00.000Z');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe('2026-11-03T10:30:00.000Z');
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });

  it('says when a link expires or expired', () => {
    expect(expiryText(null, now)).toBe('Never expires');
    expect(expiryText('2026-12-01T00:00:00.000Z', now)).toMatch(/^Expires /);
    expect(expiryText('2026-11-01T00:00:00.000Z', now)).toMatch(/^Expired /);
  });

  it('measures colour contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 0);
    expect(contrastRatio('#18181b', '#ffffff')).toBeGreaterThan(4.5);
    expect(contrastRatio('#ffff00', '#ffffff')).toBeLessThan(4.5);
  });
});
