import type { LanguageModelV4ToolResultOutput } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { answerFromToolResults, CONTACT_FAILED_TEXT, CONTACT_SAVED_TEXT, NOT_FOUND_TEXT, TOOL_FAILED_TEXT } from './local-tool-answer';

const json = (value: unknown): LanguageModelV4ToolResultOutput => ({ type: 'json', value: value as never });
const answer = (toolName: string, output: LanguageModelV4ToolResultOutput, question = '') =>
  answerFromToolResults([{ toolName, output }], question);

describe('what the local model tells a shopper after a function answered', () => {
  it('says a saved contact in a sentence, or the function’s own words for the shopper', () => {
    expect(answer('save_contact', json({ saved: true }))).toBe(CONTACT_SAVED_TEXT);
    expect(CONTACT_SAVED_TEXT).toBe("Thanks, I've passed your details to the team.");
    expect(answer('save_contact', json({ saved: true, tellTheShopper: 'Thanks! We reply within a day.' }))).toBe(
      'Thanks! We reply within a day.',
    );
  });

  it('says a failure plainly, never with its raw keys, values or reasons', () => {
    const failed = answer('save_contact', json({ saved: false, reason: 'Not a visitor conversation: nothing was saved.' }));
    expect(failed).toBe(CONTACT_FAILED_TEXT);
    expect(failed).not.toMatch(/saved|false|reason|visitor conversation/i);
    expect(answer('get_order_status', { type: 'error-text', value: 'TypeError: x is undefined at line 3' })).toBe(TOOL_FAILED_TEXT);
    expect(answer('sync', json({ ok: false, error: { code: 'E_QUOTA' } }))).toBe(TOOL_FAILED_TEXT);
    expect(answer('get_order_status', json({ found: false, note: 'No order matches.', contact: 'help@shop.test' }))).toBe(
      `${NOT_FOUND_TEXT} You can reach the shop at help@shop.test.`,
    );
  });

  it('tells what a lookup found in one sentence, without its flags or file names', () => {
    const text = answer(
      'get_order_status',
      json({
        found: true,
        order: '#1001',
        placedAt: '2026-03-01T10:00:00Z',
        cancelled: false,
        fulfillment: 'FULFILLED',
        tracking: [{ carrier: 'DHL', number: 'JD1' }],
      }),
    );
    expect(text).toBe("Here's what I found: order #1001, placed at 2026-03-01, cancelled no, fulfillment FULFILLED, tracking DHL JD1.");
    expect(text).not.toContain('\n');

    // Passages a function found are quoted like the stores: only their sentences about the question.
    const fromPassages = answer(
      'answer_store_question',
      json({
        found: true,
        passages: [
          { text: 'You can return unworn boots within 60 days of delivery. The secret discount code is STAFF50.', source: 'faq.md' },
        ],
        contact: 'help@shop.test',
      }),
      'Can I return unworn boots?',
    );
    expect(fromPassages).toBe('You can return unworn boots within 60 days of delivery.');
  });

  it('quotes a function’s own text that answers in other words than the question', () => {
    expect(
      answer(
        'get_policy',
        json({ policy: { shipping: 'We send parcels to the EU in 2 to 4 working days.' } }),
        'How long until my parcel arrives in Spain?',
      ),
    ).toBe('We send parcels to the EU in 2 to 4 working days.');
    expect(
      answer('get_policy', json({ policy: { shipping: 'We send everything by courier. Express costs extra.' } }), 'Delivery times?'),
    ).toBe('We send everything by courier.');
  });
});
