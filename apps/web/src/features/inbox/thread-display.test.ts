import { describe, expect, it } from 'vitest';
import { originLabel, relativeTimeText, visitorLabel, visitorName } from './thread-display';

const now = Date.parse('2026-11-03T10:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('how the inbox names and dates things', () => {
  it('shortens a visitor to the start of their anonymous e-mail', () => {
    expect(visitorLabel('visitor-7f3a@anonymous.aisle')).toBe('visitor-7f3a');
    expect(visitorLabel('visitor-7f3a9c2e11b04d8e@anonymous')).toBe('visitor-7f3a9c2e1…');
    expect(visitorLabel(null)).toBe('Visitor');
  });

  it('names a visitor by the contact they left once known: name, else e-mail, else phone', () => {
    const anonymousEmail = 'visitor-0b2c1e85@anonymous.aisle';
    expect(visitorName({ anonymousEmail, visitorContact: null })).toBe('visitor-0b2c1e85');
    expect(visitorName({ anonymousEmail, visitorContact: { email: 'dana@example.com' } })).toBe('dana@example.com');
    expect(visitorName({ anonymousEmail, visitorContact: { name: ' Dana Reyes ', email: 'dana@example.com' } })).toBe('Dana Reyes');
    expect(visitorName({ anonymousEmail, visitorContact: { phone: '+1 555 0100' } })).toBe('+1 555 0100');
    expect(visitorName({ anonymousEmail, visitorContact: { name: 'x'.repeat(80), email: 'a@b.co' } })).toBe(`${'x'.repeat(63)}…`);
  });

  it('names the origin', () => {
    expect(originLabel('web')).toBe('Web');
    expect(originLabel('widget')).toBe('Widget');
    expect(originLabel('instagram')).toBe('Instagram');
  });

  it('dates activity relative to now', () => {
    expect(relativeTimeText(ago(20_000), now)).toBe('now');
    expect(relativeTimeText(ago(5 * 60_000), now)).toBe('5m');
    expect(relativeTimeText(ago(3 * 3_600_000), now)).toBe('3h');
    expect(relativeTimeText(ago(2 * 86_400_000), now)).toBe('2d');
    expect(relativeTimeText('2026-10-01T10:00:00.000Z', now)).toBe('Oct 1');
    expect(relativeTimeText('2025-10-01T10:00:00.000Z', now)).toBe('Oct 1, 2025');
  });
});
