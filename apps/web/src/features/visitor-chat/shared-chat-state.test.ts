import type { PublicMessage } from '@aisle/contracts/visitor-chat';
import { describe, expect, it } from 'vitest';
import { initialSharedChatState, mergeMessages, type SharedChatAction, type SharedChatState, sharedChatReducer } from './shared-chat-state';

const message = (id: string, senderType: 'user' | 'assistant', createdAt: string, extra: Partial<PublicMessage> = {}): PublicMessage => ({
  id,
  content: `${id} text`,
  senderType,
  isManualResponse: false,
  createdAt,
  citations: [],
  ...extra,
});
const thread = { sharedThreadId: 't1', visitorToken: 'v1', anonymousEmail: 'x@anon', autoReplyPaused: false };
const run = (actions: SharedChatAction[], state: SharedChatState = initialSharedChatState(null)) =>
  actions.reduce(sharedChatReducer, state);

describe('the shared chat state machine', () => {
  it('starts empty without a thread, and loading with a remembered one', () => {
    expect(initialSharedChatState(null)).toMatchObject({ history: 'none', thread: null, turn: null });
    expect(initialSharedChatState({ sharedThreadId: 't', visitorToken: 'v' }).history).toBe('loading');
  });

  it('follows a turn from sending to its stored reply', () => {
    const q = message('q1', 'user', '2026-01-01T10:00:00.000Z');
    const r = message('r1', 'assistant', '2026-01-01T10:00:01.000Z');
    let state = run([{ type: 'send', question: 'Ship abroad?' }]);
    expect(state.turn).toMatchObject({ status: 'sending', question: 'Ship abroad?', questionId: null });
    state = run(
      [
        { type: 'thread', thread },
        { type: 'question', message: q },
        { type: 'token', text: 'Yes, ' },
        { type: 'token', text: 'we do.' },
      ],
      state,
    );
    expect(state.thread).toEqual({ sharedThreadId: 't1', visitorToken: 'v1' });
    expect(state.turn).toMatchObject({ status: 'streaming', questionId: 'q1', text: 'Yes, we do.' });
    expect(state.messages.map((m) => m.id)).toEqual(['q1']);
    state = run([{ type: 'done', reply: r }], state);
    expect(state.turn).toBeNull();
    expect(state.messages.map((m) => m.id)).toEqual(['q1', 'r1']);
  });

  it('shows the visitor’s question once when its live copy arrives before the send confirms it', () => {
    const q = message('q1', 'user', '2026-01-01T10:00:00.000Z', { content: 'Ship abroad?' });
    const state = run([
      { type: 'send', question: 'Ship abroad?' },
      { type: 'thread', thread },
      { type: 'live-message', message: q },
    ]);
    // Stored in the thread, and the turn knows it: the pending copy is no longer drawn.
    expect(state.messages.map((m) => m.id)).toEqual(['q1']);
    expect(state.turn).toMatchObject({ status: 'sending', questionId: 'q1' });
    const after = run(
      [
        { type: 'question', message: q },
        { type: 'token', text: 'Yes.' },
      ],
      state,
    );
    expect(after.messages.map((m) => m.id)).toEqual(['q1']);
    expect(after.turn).toMatchObject({ status: 'streaming', questionId: 'q1', text: 'Yes.' });
  });

  it('ends the turn without a reply when the shop paused auto-reply', () => {
    const state = run([
      { type: 'send', question: 'Hello?' },
      { type: 'thread', thread },
      { type: 'question', message: message('q1', 'user', '1') },
      { type: 'paused' },
    ]);
    expect(state).toMatchObject({ autoReplyPaused: true, turn: null });
  });

  it('keeps a failed turn for retry, and retrying starts it over', () => {
    let state = run([
      { type: 'send', question: 'Hi' },
      { type: 'error', error: { code: 'rate_limited', detail: 'Slow down', retryable: true } },
    ]);
    expect(state.turn).toMatchObject({ status: 'error', error: { code: 'rate_limited' } });
    state = run([{ type: 'retry' }], state);
    expect(state.turn).toMatchObject({ status: 'sending', error: null, text: '' });
  });

  it('ignores tokens and errors after a stop', () => {
    const state = run([{ type: 'send', question: 'Hi' }, { type: 'token', text: 'Hel' }, { type: 'stop' }, { type: 'token', text: 'lo' }]);
    expect(state.turn).toMatchObject({ status: 'stopped', text: 'Hel' });
    expect(run([{ type: 'error', error: { code: 'x', detail: 'y', retryable: true } }], state).turn?.status).toBe('stopped');
  });

  it('dedupes live messages by id and keeps them in time order', () => {
    const manual = message('m1', 'assistant', '2026-01-01T10:00:05.000Z', { isManualResponse: true });
    let state = run([
      { type: 'history', history: { thread: { ...thread }, messages: [message('q1', 'user', '2026-01-01T10:00:00.000Z')] } },
    ]);
    state = run(
      [
        { type: 'live-message', message: manual },
        { type: 'live-message', message: manual },
      ],
      state,
    );
    state = run([{ type: 'live-message', message: message('q0', 'user', '2026-01-01T09:59:00.000Z') }], state);
    expect(state.messages.map((m) => m.id)).toEqual(['q0', 'q1', 'm1']);
  });

  it('lets the stored reply arriving live end the streaming turn, and its later `done` adds nothing twice', () => {
    const r = message('r1', 'assistant', '2');
    let state = run([
      { type: 'send', question: 'Hi' },
      { type: 'question', message: message('q1', 'user', '1') },
      { type: 'token', text: 'Hel' },
    ]);
    state = run([{ type: 'live-message', message: r }], state);
    expect(state.turn).toBeNull();
    state = run([{ type: 'done', reply: r }], state);
    expect(state.messages.map((m) => m.id)).toEqual(['q1', 'r1']);
  });

  it('does not end the turn for a manual reply arriving meanwhile', () => {
    const state = run([
      { type: 'send', question: 'Hi' },
      { type: 'question', message: message('q1', 'user', '1') },
      { type: 'live-message', message: message('m1', 'assistant', '2', { isManualResponse: true }) },
    ]);
    expect(state.turn?.status).toBe('streaming');
  });

  it('follows pause and resume from the live stream, and forgets a refused thread', () => {
    let state = run([{ type: 'live-thread', autoReplyPaused: true }], initialSharedChatState({ sharedThreadId: 't', visitorToken: 'v' }));
    expect(state.autoReplyPaused).toBe(true);
    state = run([{ type: 'forget-thread' }], state);
    expect(state).toMatchObject({ thread: null, history: 'none', messages: [], autoReplyPaused: false });
  });

  it('keeps a busy turn waiting, then streams it as usual once the server starts the answer', () => {
    let state = run([
      { type: 'send', question: 'Hi' },
      { type: 'busy', seconds: 3 },
    ]);
    expect(state.turn).toMatchObject({ status: 'sending', busyRetryInSeconds: 3, error: null });
    state = run([{ type: 'question', message: message('q1', 'user', '1') }], state);
    expect(state.turn).toMatchObject({ status: 'streaming', busyRetryInSeconds: undefined });
    // Stopped while waiting: no more retry note.
    state = run([{ type: 'send', question: 'Again' }, { type: 'busy', seconds: 2 }, { type: 'stop' }]);
    expect(state.turn).toMatchObject({ status: 'stopped', busyRetryInSeconds: undefined });
  });

  it('merges without copying when nothing arrives', () => {
    const list = [message('a', 'user', '1')];
    expect(mergeMessages(list, [])).toBe(list);
  });
});
