import { HUMAN_AGENT_CLOSED_TEXT, replyRefusalOf, replyWindowOf, TEMPLATE_NEEDED_TEXT } from '@aisle/contracts/channels';
import { describe, expect, it } from 'vitest';
import { plainMessageText } from './channel-prompt';

const HOUR = 3_600_000;
const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (hours: number) => new Date(now - hours * HOUR).toISOString();

describe('reply windows (spec ★)', () => {
  it('Messenger and Instagram: 24 h for any message, then 7 days for a person’s reply', () => {
    for (const origin of ['messenger', 'instagram']) {
      expect(replyWindowOf(origin, ago(23), now)).toEqual({ state: 'open', endsAt: new Date(now + HOUR).toISOString() });
      const agent = replyWindowOf(origin, ago(30), now);
      expect(agent).toEqual({ state: 'human_agent', endsAt: new Date(now - 30 * HOUR + 7 * 24 * HOUR).toISOString() });
      expect(replyRefusalOf(agent, true)).toBeNull();
      expect(replyRefusalOf(agent, false)).toBe(HUMAN_AGENT_CLOSED_TEXT);
      expect(replyRefusalOf(replyWindowOf(origin, ago(7 * 24 + 1), now), true)).toBe(HUMAN_AGENT_CLOSED_TEXT);
    }
  });

  it('WhatsApp: 24 h of free-form messages, then only a template', () => {
    expect(replyWindowOf('whatsapp', ago(1), now).state).toBe('open');
    const closed = replyWindowOf('whatsapp', ago(24), now);
    expect(closed).toEqual({ state: 'template_required', endsAt: null });
    expect(replyRefusalOf(closed, true)).toBe(TEMPLATE_NEEDED_TEXT);
  });

  it('LINE and the web have no window', () => {
    expect(replyWindowOf('line', ago(24 * 30), now)).toEqual({ state: 'unlimited', endsAt: null });
    expect(replyWindowOf('web', null, now).state).toBe('unlimited');
  });
});

describe('a reply as the customer receives it', () => {
  it('drops Markdown and citation markers', () => {
    expect(plainMessageText('messenger', '## Returns\n\n**Yes**, within 30 days [1]. See [our policy](https://shop.test/returns).')).toBe(
      'Returns\n\nYes, within 30 days. See our policy (https://shop.test/returns).',
    );
  });

  it('keeps within each platform’s length, cutting at a sentence', () => {
    const long = 'This is one sentence about mugs. '.repeat(100);
    const instagram = plainMessageText('instagram', long);
    expect(Buffer.byteLength(instagram)).toBeLessThanOrEqual(1000);
    expect(instagram.endsWith('mugs.')).toBe(true);
    expect(plainMessageText('messenger', long).length).toBeLessThanOrEqual(2000);
    const emoji = '🍵'.repeat(600);
    expect(Buffer.byteLength(plainMessageText('instagram', emoji))).toBeLessThanOrEqual(1000);
  });
});
