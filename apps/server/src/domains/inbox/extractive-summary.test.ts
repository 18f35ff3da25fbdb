import { describe, expect, it } from 'vitest';
import { clip } from '../../lib/clip-text';
import { extractiveSummary, SUMMARY_MAX_LENGTH } from './extractive-summary';

const visitor = (content: string) => ({ content, senderType: 'user', isManualResponse: false });
const bot = (content: string) => ({ content, senderType: 'assistant', isManualResponse: false });
const staff = (content: string) => ({ content, senderType: 'assistant', isManualResponse: true });

describe('the local model’s thread summary', () => {
  it('says what the visitor asked, what the assistant answered and what the staff replied, in one short paragraph', () => {
    const summary = extractiveSummary([
      visitor('Hi! Can I return shoes I wore once? They are too small.'),
      bot(
        'You can return any unworn item within 30 days of delivery for a full refund [1]. Start a return from your order page.\n\nSources: [1] faq.md › Returns',
      ),
      visitor('They were only worn indoors'),
      staff('I have made an exception and sent you a return label. Check your inbox.'),
    ]);
    expect(summary).toBe(
      'Visitor asked: Can I return shoes I wore once? Assistant answered: You can return any unworn item within 30 days of delivery for a full refund. ' +
        'Staff replied: I have made an exception and sent you a return label. Then wrote: They were only worn indoors.',
    );
  });

  it('is deterministic, bounded and copes with empty and very long threads', () => {
    expect(extractiveSummary([])).toBe('No messages from the visitor yet.');
    expect(extractiveSummary([bot('Hello!')])).toBe('No messages from the visitor yet.');
    expect(extractiveSummary([visitor('Where is my order #1234?')])).toBe('Visitor asked: Where is my order #1234?');
    const long = Array.from({ length: 50 }, (_, i) => [visitor(`${'word '.repeat(60)}question ${i}?`), bot('answer '.repeat(80))]).flat();
    const summary = extractiveSummary(long);
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX_LENGTH);
    expect(summary).toBe(extractiveSummary(long));
    expect(summary.endsWith('…')).toBe(true);
  });

  it('cuts at a word boundary', () => {
    expect(clip('The quick brown fox jumps', 12)).toBe('The quick…');
    expect(clip('short', 12)).toBe('short');
  });
});
