import { generateText, isStepCount, jsonSchema, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { termsOf } from '../knowledge';
import { languageModelFor } from './language-model';
import { type RetrievedPassage, UNKNOWN_ANSWER } from './local-answer';
import { readAnswerStream } from './read-answer-stream';

const passages: Omit<RetrievedPassage, 'score'>[] = [
  {
    id: 'p-returns',
    fileName: 'faq.md',
    heading: 'Help centre › Returns',
    text: 'You can return any unworn item within 30 days of delivery for a full refund. Start a return from your order page. Sale items are final.',
  },
  {
    id: 'p-shipping',
    fileName: 'faq.md',
    heading: 'Help centre › Shipping',
    text: 'Orders over $75 ship free. Standard delivery takes 3 to 5 business days. Express delivery arrives the next business day.',
  },
  {
    id: 'p-care',
    fileName: 'care-guide.html',
    heading: 'Caring for merino wool',
    text: 'Wash merino garments cold on a gentle cycle and dry them flat, away from direct heat. Never tumble dry merino: the fibres felt and the garment shrinks.',
  },
];

/** A small lexical search standing in for the assistant's stores: shared terms are the score. */
const retrieve = async (query: string): Promise<RetrievedPassage[]> => {
  const wanted = new Set(termsOf(query));
  return passages
    .map((passage) => ({ ...passage, score: termsOf(`${passage.heading} ${passage.text}`).filter((t) => wanted.has(t)).length }))
    .filter((passage) => passage.score > 0)
    .sort((a, b) => b.score - a.score);
};

const local = (topics?: string[]) => languageModelFor({}, 'local:extractive', { retrieve, topics });

describe('the built-in local model', () => {
  it('answers from the right passage, its source apart from the text', async () => {
    const result = await generateText({ model: local(), prompt: 'How many days do I have to return an item for a refund?' });
    // No "Sources:" line: each transport shows the sources its own way (a shopper never sees file names).
    expect(result.text).toBe('You can return any unworn item within 30 days of delivery for a full refund.');
    expect(result.sources).toEqual([expect.objectContaining({ sourceType: 'document', id: 'p-returns', filename: 'faq.md' })]);
    expect(result.providerMetadata).toEqual({ local: { outcome: 'answer' } });
  });

  it('streams the answer word by word with its sources and whitespace-token usage', async () => {
    const deltas: string[] = [];
    const result = streamText({ model: local(), prompt: 'How should I wash merino?' });
    const answer = await readAnswerStream(result.fullStream, (delta) => deltas.push(delta));
    expect(answer.failure).toBeNull();
    expect(answer.text).toBe('Wash merino garments cold on a gentle cycle and dry them flat, away from direct heat.');
    expect(deltas.length).toBe(answer.text.split(/\s+/).length);
    expect(deltas.join('')).toBe(answer.text);
    expect(answer.sources.map((s) => s.id)).toEqual(['p-care']);
    expect(answer.usage).toMatchObject({ inputTokens: 5, outputTokens: answer.text.split(/\s+/).length, totalTokens: 5 + deltas.length });
  });

  it('quotes several passages when the question spans them', async () => {
    const { text } = await generateText({ model: local(), prompt: 'How long does delivery take, and is shipping free?' });
    expect(text).toContain('Standard delivery takes 3 to 5 business days.');
    expect(text).toContain('Orders over $75 ship free.');
    expect(text).not.toMatch(/Sources|faq\.md/);
  });

  it('says plainly that it does not know instead of guessing', async () => {
    expect((await generateText({ model: local(), prompt: 'Do you sell gift cards?' })).text).toBe(UNKNOWN_ANSWER);
    // One shared word ("delivery") is not enough to be about the question.
    const weak = await generateText({ model: local(), prompt: 'Can I pay with Bitcoin on delivery?' });
    expect(weak.text).toBe(UNKNOWN_ANSWER);
    expect(weak.text).toMatch(/couldn't find that in this store's knowledge, so I don't want to guess/);
    expect(weak.sources).toEqual([]);
  });

  it('answers greetings and thanks without searching, naming what it can help with', async () => {
    let searched = false;
    const model = languageModelFor({}, 'local:extractive', {
      retrieve: async (query) => {
        searched = true;
        return retrieve(query);
      },
      topics: ['returns', 'shipping', 'garment care'],
    });
    const hello = await generateText({ model, prompt: 'Hi there!' });
    expect(hello.text).toBe('Hello! I can help with questions about returns, shipping, garment care. What would you like to know?');
    expect((await generateText({ model, prompt: 'bonjour' })).text).toMatch(/^Hello!/);
    expect((await generateText({ model, prompt: 'Thanks a lot' })).text).toMatch(/^You're welcome!/);
    expect(searched).toBe(false);
    // A greeting followed by a question is a question.
    expect((await generateText({ model, prompt: 'Hello, how should I wash merino?' })).text).toMatch(/^Wash merino garments cold/);
  });

  it('answers the last user message of a conversation, the same way every time', async () => {
    const messages = [
      { role: 'user' as const, content: 'Hi' },
      { role: 'assistant' as const, content: 'Hello! What would you like to know?' },
      { role: 'user' as const, content: 'Can I tumble dry merino?' },
    ];
    const first = await generateText({ model: local(), messages });
    const second = await generateText({ model: local(), messages });
    expect(first.text).toContain('Never tumble dry merino: the fibres felt and the garment shrinks.');
    expect(first.text).not.toContain('Sources:');
    expect(second.text).toBe(first.text);
  });

  it('calls a function and tells the shopper its outcome in a sentence, not its raw result', async () => {
    const saveContact = (result: Record<string, unknown>) =>
      tool({
        description: 'Saves the shopper’s contact details so the team can follow up.',
        inputSchema: jsonSchema({ type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'] }),
        execute: async () => result,
      });
    const ask = (result: Record<string, unknown>) =>
      generateText({
        model: local(),
        prompt: 'Please save my contact so the team can follow up: ann@example.com',
        tools: { save_contact: saveContact(result) },
        stopWhen: isStepCount(2),
      });
    const saved = await ask({ saved: true });
    expect(saved.steps[0]?.toolCalls.map((call) => call.toolName)).toEqual(['save_contact']);
    expect(saved.text).toBe("Thanks, I've passed your details to the team.");
    const failed = await ask({ saved: false, reason: 'Not a visitor conversation: nothing was saved.' });
    expect(failed.text).toMatch(/^Sorry, I couldn't pass your details on just now\./);
    expect(failed.text).not.toMatch(/Here is what I found|Saved|false|reason/);
  });
});
