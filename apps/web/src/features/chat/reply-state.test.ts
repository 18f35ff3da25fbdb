import type { ChatMessage, LlmUsage } from '@aisle/contracts/chat';
import { describe, expect, it } from 'vitest';
import { isActive, type TurnAction, type TurnState, turnReducer } from './reply-state';

const question: ChatMessage = {
  id: 'q',
  ownerEmail: 'a@b.c',
  threadID: 't',
  content: 'Returns?',
  senderType: 'user',
  provider: null,
  model: null,
  llmUsage: null,
  createdAt: 'x',
  updatedAt: 'x',
};
const reply: ChatMessage = { ...question, id: 'r', senderType: 'assistant', content: 'Within 30 days [1].' };
const citation = { number: 1, fileId: 'f', fileName: 'faq.md', heading: 'Returns', text: '30 days.' };
const usage: LlmUsage = {
  provider: 'local',
  model: 'extractive',
  inputTokens: 10,
  outputTokens: 5,
  cachedInputTokens: 0,
  costUsd: 0,
  priced: true,
  pricingAsOf: 'x',
  citations: [citation],
};

const run = (actions: TurnAction[], from: TurnState | null = null) => actions.reduce(turnReducer, from);

describe('the reply state machine', () => {
  it('goes sending → streaming → done, gathering tokens, citations and usage', () => {
    const sending = run([{ type: 'send', question: 'Returns?' }]);
    expect(sending?.status).toBe('sending');
    expect(isActive(sending)).toBe(true);
    const streaming = run(
      [
        { type: 'message', message: question },
        { type: 'token', text: 'Within ' },
        { type: 'token', text: '30 days' },
      ],
      sending,
    );
    expect(streaming).toMatchObject({ status: 'streaming', text: 'Within 30 days', questionMessage: question });
    const done = run(
      [
        { type: 'citations', citations: [citation] },
        { type: 'done', reply, usage },
      ],
      streaming,
    );
    expect(done).toMatchObject({ status: 'done', text: 'Within 30 days [1].', reply, usage, citations: [citation] });
    expect(isActive(done)).toBe(false);
    expect(run([{ type: 'clear' }], done)).toBeNull();
  });

  it('ends in error, keeping the question and what was written, and retries clean', () => {
    const failed = run([
      { type: 'send', question: 'Returns?' },
      { type: 'message', message: question },
      { type: 'token', text: 'Half' },
      { type: 'error', error: { code: 'failed', detail: 'Try again.', retryable: true } },
    ]);
    expect(failed).toMatchObject({ status: 'error', question: 'Returns?', text: 'Half', error: { detail: 'Try again.' } });
    const retried = run([{ type: 'retry' }], failed);
    expect(retried).toMatchObject({ status: 'sending', question: 'Returns?', text: '', error: null });
  });

  it('stops where it is and ignores what arrives after', () => {
    const stopped = run([
      { type: 'send', question: 'Returns?' },
      { type: 'token', text: 'Within' },
      { type: 'stop' },
      { type: 'token', text: ' late' },
      { type: 'done', reply, usage },
    ]);
    expect(stopped).toMatchObject({ status: 'stopped', text: 'Within', reply: null });
  });

  it('lists each tool call as it starts and updates it in place when it returns', () => {
    const call = { toolCallId: 'c1', name: 'order_status', input: { orderNumber: '1001' } };
    const running = run([
      { type: 'send', question: 'Where is 1001?' },
      { type: 'tool', call },
    ]);
    expect(running).toMatchObject({ status: 'streaming', toolCalls: [call] });
    const returned = run([{ type: 'tool', call: { ...call, ok: true, output: { status: 'shipped' } } }], running);
    expect(returned?.toolCalls).toEqual([{ ...call, ok: true, output: { status: 'shipped' } }]);
    expect(
      run([{ type: 'retry' }], run([{ type: 'error', error: { code: 'x', detail: 'y', retryable: true } }], returned))?.toolCalls,
    ).toEqual([]);
  });

  it('ignores events when no turn is under way', () => {
    expect(run([{ type: 'token', text: 'x' }])).toBeNull();
  });
});
