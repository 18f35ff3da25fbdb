import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { at, thread } from '../testing/inbox-fixtures';
import { InboxList } from './inbox-list';

const now = Date.parse(at(30));
const preview = (content: string, senderType = 'user', isManualResponse = false) => ({
  content,
  senderType,
  isManualResponse,
  createdAt: at(25),
});

function renderList(threads: Parameters<typeof InboxList>[0]['threads'], props: Partial<Parameters<typeof InboxList>[0]> = {}) {
  const onSelect = vi.fn();
  render(
    <InboxList
      threads={threads}
      selectedId={null}
      now={now}
      onSelect={onSelect}
      hasMore={false}
      loadingMore={false}
      onLoadMore={() => {}}
      {...props}
    />,
  );
  return onSelect;
}

describe('the inbox list', () => {
  it('shows who, which assistant, where from, the newest message and when', () => {
    renderList([
      thread('a', 25, { anonymousEmail: 'visitor-7f3a@anonymous', origin: 'widget', lastMessage: preview('Do you ship to Canada?') }),
    ]);
    const row = screen.getByRole('listitem', { name: 'visitor-7f3a' });
    expect(within(row).getByText('Shop helper')).toBeInTheDocument();
    expect(within(row).getByText('Widget')).toBeInTheDocument();
    expect(within(row).getByText('Do you ship to Canada?')).toBeInTheDocument();
    expect(within(row).getByText('5m')).toBeInTheDocument();
    expect(within(row).queryByText('Paused')).toBeNull();
  });

  it('names a visitor by the contact they left through lead capture', () => {
    renderList([thread('a', 25, { anonymousEmail: 'visitor-0b2c1e85@anonymous', visitorContact: { email: 'dana@example.com' } })]);
    const row = screen.getByRole('listitem', { name: 'dana@example.com' });
    expect(within(row).getByText('dana@example.com')).toBeInTheDocument();
    expect(screen.queryByText('visitor-0b2c1e85')).toBeNull();
  });

  it('marks an unread conversation with a dot and bold text, and a paused one with a badge', () => {
    renderList([
      thread('a', 25, { lastVisitorMessageAt: at(25), ownerLastReadAt: at(20), lastMessage: preview('Hello?') }),
      thread('b', 20, { lastVisitorMessageAt: at(15), ownerLastReadAt: at(16), autoReplyPaused: true, origin: 'web' }),
    ]);
    const unread = screen.getByRole('listitem', { name: 'visitor-a' });
    expect(unread).toHaveAttribute('data-unread', 'true');
    // The row's name is what it shows, in the order shown (WCAG 2.5.3), and says it is unread.
    expect(within(unread).getByRole('button')).toHaveAccessibleName(/^unread\s*visitor-a\s*5m\s*Shop helper\s*Web\s*Hello\?$/);
    expect(within(unread).getByText('Hello?')).toHaveClass('font-medium');
    const read = screen.getByRole('listitem', { name: 'visitor-b' });
    expect(read).not.toHaveAttribute('data-unread');
    expect(within(read).getByText('Paused')).toBeInTheDocument();
    expect(within(read).getByText('Web')).toBeInTheDocument();
    expect(within(read).getByText('No messages yet')).toBeInTheDocument();
  });

  it('badges a conversation that needs a person, with why', () => {
    renderList([
      thread('a', 25, { needsHuman: true, needsHumanReason: 'asked', lastMessage: preview('Can a human help me?') }),
      thread('b', 20, { needsHuman: true, needsHumanReason: null }),
      thread('c', 15),
    ]);
    const asked = screen.getByRole('listitem', { name: 'visitor-a' });
    expect(asked).toHaveAttribute('data-needs-person', 'true');
    expect(within(asked).getByText('Needs a person')).toHaveTextContent('Needs a person· asked for one');
    expect(within(asked).getByRole('button')).toHaveAccessibleName(
      /^visitor-a\s*5m\s*Shop helper\s*Web\s*Needs a person.*asked for one\s*Can a human help me\?$/,
    );
    expect(within(screen.getByRole('listitem', { name: 'visitor-b' })).getByText('Needs a person')).toHaveTextContent(/^Needs a person$/);
    const ordinary = screen.getByRole('listitem', { name: 'visitor-c' });
    expect(ordinary).not.toHaveAttribute('data-needs-person');
    expect(within(ordinary).queryByText('Needs a person')).toBeNull();
  });

  it('says who answered last in the preview, as plain text', () => {
    renderList([
      thread('a', 25, { lastMessage: preview('You can return it within **30 days** [1].', 'assistant') }),
      thread('b', 24, { lastMessage: preview('I have refunded your order.', 'assistant', true) }),
    ]);
    expect(screen.getByText('Assistant: You can return it within 30 days .')).toBeInTheDocument();
    expect(screen.getByText('You: I have refunded your order.')).toBeInTheDocument();
  });

  it('opens a conversation and loads more on request', async () => {
    const onLoadMore = vi.fn();
    const onSelect = renderList([thread('a', 25)], { hasMore: true, onLoadMore });
    await userEvent.click(screen.getByRole('button', { name: /visitor-a/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalled();
  });
});
