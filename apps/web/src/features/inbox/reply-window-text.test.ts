import { replyWindowOf } from '@aisle/contracts/channels';
import { describe, expect, it } from 'vitest';
import { remainingText, replyWindowNote } from './reply-window-text';

const HOUR = 3_600_000;
const now = Date.parse('2026-05-01T12:00:00Z');
const ago = (hours: number) => new Date(now - hours * HOUR).toISOString();

describe('the inbox’s reply window', () => {
  it('counts down the time left', () => {
    expect(remainingText(new Date(now + 5 * HOUR + 12 * 60_000).toISOString(), now)).toBe('5 h 12 min');
    expect(remainingText(new Date(now + 3 * 24 * HOUR).toISOString(), now)).toBe('3 days');
    expect(remainingText(new Date(now + 30_000).toISOString(), now)).toBe('under a minute');
  });

  it('says what each platform still allows', () => {
    const note = (origin: string, hours: number) => replyWindowNote(origin, replyWindowOf(origin, ago(hours), now), now);
    expect(note('messenger', 2)).toMatchObject({ tone: 'info', title: 'Reply window: 22 h left' });
    expect(note('instagram', 48)).toMatchObject({ tone: 'warning', title: 'Human-agent window: 5 days left' });
    expect(note('whatsapp', 30)).toMatchObject({ tone: 'closed', title: 'Template message needed' });
    expect(note('messenger', 24 * 8)).toMatchObject({ tone: 'closed', title: 'Reply window closed' });
    expect(note('line', 24 * 30)).toBeNull();
    expect(note('web', 1)).toBeNull();
  });
});
