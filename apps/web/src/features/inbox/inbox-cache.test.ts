import { describe, expect, it } from 'vitest';
import { isUnread } from './api/shared-thread-fields';
import { addMessage, type InboxData, mergeThread, patchThread, placeThread, withMessage } from './inbox-cache';
import { at, message, thread } from './testing/inbox-fixtures';

const data = (...pages: { ids: [string, number][]; nextToken?: string | null }[]): InboxData => ({
  pages: pages.map((page) => ({ items: page.ids.map(([id, minute]) => thread(id, minute)), nextToken: page.nextToken ?? null })),
  pageParams: pages.map((_, index) => (index === 0 ? null : `p${index}`)),
});
const ids = (value: InboxData) => value.pages.map((page) => page.items.map((item) => item.id));

describe('the inbox cache', () => {
  it('puts a new thread at the top', () => {
    const next = placeThread(
      data({
        ids: [
          ['b', 20],
          ['a', 10],
        ],
      }),
      thread('c', 30),
      { insert: true },
    );
    expect(ids(next)).toEqual([['c', 'b', 'a']]);
  });

  it('moves a thread with new activity up from a later page, and keeps one copy', () => {
    const before = data(
      {
        ids: [
          ['d', 40],
          ['c', 30],
        ],
        nextToken: 'p1',
      },
      {
        ids: [
          ['b', 20],
          ['a', 10],
        ],
      },
    );
    const moved = placeThread(before, thread('a', 50), { insert: false });
    expect(ids(moved)).toEqual([['a', 'd', 'c'], ['b']]);
    expect(ids(placeThread(moved, thread('a', 50), { insert: true }))).toEqual(ids(moved));
  });

  it('leaves a thread older than the loaded rows for "Load more", but ends a complete list with it', () => {
    expect(ids(placeThread(data({ ids: [['b', 20]], nextToken: 'p1' }), thread('a', 5), { insert: true }))).toEqual([['b']]);
    expect(ids(placeThread(data({ ids: [['b', 20]] }), thread('a', 5), { insert: true }))).toEqual([['b', 'a']]);
  });

  it('ignores a thread it does not hold unless told to insert', () => {
    const before = data({ ids: [['b', 20]] });
    expect(placeThread(before, thread('c', 30), { insert: false })).toBe(before);
  });

  it('changes a thread in place without moving it when its activity stays', () => {
    const next = patchThread(
      data({
        ids: [
          ['b', 20],
          ['a', 10],
        ],
      }),
      'a',
      (t) => ({ ...t, autoReplyPaused: true }),
    );
    expect(ids(next)).toEqual([['b', 'a']]);
    expect(next.pages[0]?.items[1]?.autoReplyPaused).toBe(true);
  });

  it('takes a message as the preview and the new activity time; a visitor message makes it unread', () => {
    const quiet = thread('a', 10, { ownerLastReadAt: at(10) });
    const asked = withMessage(quiet, message('m1', 'a', 12, { content: 'Do you ship to Canada?' }));
    expect(asked.lastActivityAt).toBe(at(12));
    expect(asked.lastMessage?.content).toBe('Do you ship to Canada?');
    expect(isUnread(asked)).toBe(true);

    const answered = withMessage(asked, message('m2', 'a', 13, { senderType: 'assistant', content: 'Yes.' }));
    expect(answered.lastMessage).toMatchObject({ content: 'Yes.', senderType: 'assistant' });
    expect(answered.lastVisitorMessageAt).toBe(at(12));
    // A late, older message does not replace the newer preview.
    expect(withMessage(answered, message('m0', 'a', 11)).lastMessage?.content).toBe('Yes.');
  });

  it('is unread only while a visitor message is newer than the last read', () => {
    expect(isUnread({ lastVisitorMessageAt: null, ownerLastReadAt: null })).toBe(false);
    expect(isUnread({ lastVisitorMessageAt: at(5), ownerLastReadAt: null })).toBe(true);
    expect(isUnread({ lastVisitorMessageAt: at(5), ownerLastReadAt: at(5) })).toBe(false);
    expect(isUnread({ lastVisitorMessageAt: at(6), ownerLastReadAt: at(5) })).toBe(true);
  });

  it('never takes forward-only times back when an older copy arrives late', () => {
    const current = thread('a', 20, { ownerLastReadAt: at(20), lastVisitorMessageAt: at(19), autoReplyPaused: true });
    const late = thread('a', 10, { ownerLastReadAt: at(5), lastVisitorMessageAt: at(9), autoReplyPaused: false });
    expect(mergeThread(current, late)).toMatchObject({
      lastActivityAt: at(20),
      ownerLastReadAt: at(20),
      lastVisitorMessageAt: at(19),
      autoReplyPaused: false,
    });
  });

  it('adds a message once, in time order', () => {
    const list = [message('m1', 'a', 1), message('m3', 'a', 3)];
    expect(addMessage(list, message('m2', 'a', 2)).map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
    expect(addMessage(list, message('m3', 'a', 3)).map((m) => m.id)).toEqual(['m1', 'm3']);
  });
});
