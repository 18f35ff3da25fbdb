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
      'Visitor asked: Can I return shoes I wore once? They are too small. Assistant answered: You can return any unworn item within 30 days of delivery for a full refund. ' +
        'Then wrote: They were only worn indoors. Staff replied: I have made an exception and sent you a return label.',
    );
  });

  it('keeps the order number, the product and the visitor’s actual problem, not only their question', () => {
    const summary = extractiveSummary([
      visitor('My order #1043 arrived with a torn tent. Can a human help me?'),
      bot("I couldn't find that in this store's knowledge, so I don't want to guess."),
    ]);
    expect(summary).toBe(
      "Visitor asked: My order #1043 arrived with a torn tent. Can a human help me? Assistant answered: I couldn't find that in this store's knowledge, so I don't want to guess.",
    );
  });

  it('reads past a greeting and joins the messages the visitor sent before anyone answered', () => {
    const summary = extractiveSummary([
      visitor('Hi!'),
      bot('Hello! How can I help you today?'),
      visitor('The Trailblazer 2P tent I bought came without poles.'),
      visitor('Order 5521, delivered Tuesday.'),
      bot('Sorry about that. A person from the team will get back to you.'),
    ]);
    expect(summary).toBe(
      'Visitor wrote: The Trailblazer 2P tent I bought came without poles. Order 5521, delivered Tuesday. Assistant answered: Sorry about that.',
    );
  });

  it('pairs each answer with the question it answered and keeps a complaint made on the way', () => {
    const summary = extractiveSummary([
      visitor('Do you ship to Canada?'),
      bot('Yes, we ship to Canada within 5 to 7 days.'),
      visitor('My last order #889 arrived broken and nobody answered my e-mail!'),
      bot("I couldn't find that in this store's knowledge, so I don't want to guess."),
      visitor('How long do I have for returns?'),
      bot('Unworn items can be returned within 30 days of delivery.'),
    ]);
    // Over 300 characters with every answer: the first answer is what goes.
    expect(summary).toBe(
      'Visitor asked: Do you ship to Canada? ' +
        'Visitor complained: My last order #889 arrived broken and nobody answered my e-mail! ' +
        'Then asked: How long do I have for returns? Assistant answered: Unworn items can be returned within 30 days of delivery.',
    );
    const short = extractiveSummary([
      visitor('Do you ship to Canada?'),
      bot('Yes, within 5 to 7 days.'),
      visitor('Is the Ember tent waterproof?'),
      bot('Yes, it has a 3000 mm rating.'),
    ]);
    expect(short).toBe(
      'Visitor asked: Do you ship to Canada? Assistant answered: Yes, within 5 to 7 days. Then asked: Is the Ember tent waterproof? Assistant answered: Yes, it has a 3000 mm rating.',
    );
  });

  it('keeps the sentences that carry the case when a long message does not fit', () => {
    const summary = extractiveSummary([
      visitor(
        'Hello there, I hope you are having a lovely week and that the weather is kind to you all. ' +
          'I have been a customer for years and always loved your shop and the people in it. ' +
          'The sleeping bag from order #2207 has a broken zip. ' +
          'Can I get a replacement before my trip on Friday?',
      ),
    ]);
    expect(summary).toBe(
      'Visitor asked: The sleeping bag from order #2207 has a broken zip. Can I get a replacement before my trip on Friday?',
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
