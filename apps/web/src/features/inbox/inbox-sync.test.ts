import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { inboxKeys } from './api/inbox-keys';
import { type InboxMessage, type InboxThread, isUnread } from './api/shared-thread-fields';
import type { InboxData } from './inbox-cache';
import { emptyInboxQuery, type InboxQuery } from './inbox-query';
import { applyMessageEvent, applyThreadEvent } from './inbox-sync';
import { at, rawMessage, rawThread, thread } from './testing/inbox-fixtures';

const owner = 'ann@shop.test';

function cacheWith(lists: [InboxQuery, InboxThread[]][]) {
  const queryClient = new QueryClient();
  for (const [query, threads] of lists) {
    queryClient.setQueryData<InboxData>(inboxKeys.threads(owner, query), {
      pages: [{ items: threads, nextToken: null }],
      pageParams: [null],
    });
  }
  const list = (query: InboxQuery = emptyInboxQuery) =>
    queryClient.getQueryData<InboxData>(inboxKeys.threads(owner, query))?.pages.flatMap((page) => page.items) ?? [];
  return { queryClient, list };
}

const noFetch = vi.fn(async () => null);

describe('live events in the inbox cache', () => {
  it('puts a new thread at the top of the list, and only once however often the event comes', async () => {
    const { queryClient, list } = cacheWith([[emptyInboxQuery, [thread('a', 10)]]]);
    const created = rawThread('b', 20, { anonymousEmail: 'visitor-9@anonymous' });
    await applyThreadEvent(queryClient, owner, created, { complete: true, fetchThread: noFetch });
    await applyThreadEvent(queryClient, owner, created, { complete: true, fetchThread: noFetch });
    expect(list().map((t) => t.id)).toEqual(['b', 'a']);
    expect(list()[0]).toMatchObject({ anonymousEmail: 'visitor-9@anonymous', assistantName: 'Shop helper' });
  });

  it('keeps a new thread out of lists it does not belong in: another origin, or a search', async () => {
    const widgetOnly = { ...emptyInboxQuery, origin: 'widget' };
    const searching = { ...emptyInboxQuery, search: 'refund' };
    const { queryClient, list } = cacheWith([
      [widgetOnly, []],
      [searching, []],
    ]);
    await applyThreadEvent(queryClient, owner, rawThread('b', 20, { origin: 'web' }), { complete: true, fetchThread: noFetch });
    expect(list(widgetOnly)).toEqual([]);
    expect(list(searching)).toEqual([]);
    await applyThreadEvent(queryClient, owner, rawThread('c', 21, { origin: 'widget' }), { complete: true, fetchThread: noFetch });
    expect(list(widgetOnly).map((t) => t.id)).toEqual(['c']);
  });

  it('moves a thread up on a new message, with the message as its preview, unread', async () => {
    const { queryClient, list } = cacheWith([[emptyInboxQuery, [thread('b', 20), thread('a', 10, { ownerLastReadAt: at(10) })]]]);
    const messages: InboxMessage[] = [];
    queryClient.setQueryData(inboxKeys.messages(owner, 'a'), messages);
    const event = rawMessage('m1', 'a', 30, { content: 'Is it waterproof?' });
    await applyMessageEvent(queryClient, owner, event, { fetchThread: noFetch });
    await applyMessageEvent(queryClient, owner, event, { fetchThread: noFetch });
    const [first] = list();
    expect(list().map((t) => t.id)).toEqual(['a', 'b']);
    expect(first?.lastMessage?.content).toBe('Is it waterproof?');
    expect(first && isUnread(first)).toBe(true);
    expect(queryClient.getQueryData<InboxMessage[]>(inboxKeys.messages(owner, 'a'))?.map((m) => m.id)).toEqual(['m1']);
  });

  it('updates a thread in place from its update event, keeping its preview and assistant name', async () => {
    const preview = { content: 'Hello', senderType: 'user', isManualResponse: false, createdAt: at(10) };
    const { queryClient, list } = cacheWith([[emptyInboxQuery, [thread('b', 20), thread('a', 10, { lastMessage: preview })]]]);
    const {
      sharedAssistant: _,
      lastMessage: __,
      ...scalars
    } = rawThread('a', 10, { autoReplyPaused: true, threadSummary: 'Asked about sizes.' });
    await applyThreadEvent(queryClient, owner, scalars, { complete: false, fetchThread: noFetch });
    expect(list().map((t) => t.id)).toEqual(['b', 'a']);
    expect(list()[1]).toMatchObject({
      autoReplyPaused: true,
      threadSummary: 'Asked about sizes.',
      lastMessage: preview,
      assistantName: 'Shop helper',
    });
  });

  it('fetches a thread it has not seen when one of its messages arrives, and places it at the top', async () => {
    const { queryClient, list } = cacheWith([[emptyInboxQuery, [thread('a', 10)]]]);
    const fetchThread = vi.fn(async (id: string) =>
      thread(id, 40, { lastMessage: { content: 'Hi', senderType: 'user', isManualResponse: false, createdAt: at(40) } }),
    );
    await applyMessageEvent(queryClient, owner, rawMessage('m9', 'z', 40, { content: 'Hi' }), { fetchThread });
    expect(fetchThread).toHaveBeenCalledWith('z');
    expect(list().map((t) => t.id)).toEqual(['z', 'a']);
  });

  it('changes the open thread too', async () => {
    const { queryClient } = cacheWith([[emptyInboxQuery, []]]);
    queryClient.setQueryData(inboxKeys.thread(owner, 'a'), thread('a', 10));
    await applyMessageEvent(
      queryClient,
      owner,
      rawMessage('m1', 'a', 15, { senderType: 'assistant', isManualResponse: true, content: 'On it' }),
      {
        fetchThread: async () => thread('a', 15),
      },
    );
    expect(queryClient.getQueryData<InboxThread>(inboxKeys.thread(owner, 'a'))?.lastMessage).toMatchObject({
      content: 'On it',
      isManualResponse: true,
    });
  });
});
