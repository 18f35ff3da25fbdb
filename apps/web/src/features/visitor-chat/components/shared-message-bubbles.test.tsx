import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReplyBubble } from './shared-message-bubbles';

const citations = [
  { number: 1, title: 'Refund window', snippet: 'You can return unworn boots within 60 days of delivery for a full refund.' },
  { number: 2, title: 'Shipping', snippet: 'Orders ship from Denver within two business days.' },
];

describe('a reply’s sources on the visitor’s page', () => {
  it('lists them once under the answer, numbered from 1, each a title with its snippet in small text', () => {
    render(
      <ol>
        <ReplyBubble
          assistantName="Shop helper"
          avatarUrl={null}
          text="Unworn boots can come back within 60 days [1], and orders ship in two days [2]."
          citations={citations}
        />
      </ol>,
    );
    const reply = screen.getByRole('listitem', { name: 'Shop helper said' });
    const lists = within(reply).getAllByRole('list', { name: 'Sources' });
    expect(lists).toHaveLength(1);
    const items = within(lists[0] as HTMLElement).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByTestId('source-number').textContent)).toEqual(['1', '2']);
    expect(items.map((item) => within(item).getByTestId('source-title').textContent)).toEqual(['Refund window', 'Shipping']);
    // The reply words it differently: the sentence it comes from shows below the title.
    expect(items.map((item) => within(item).getByTestId('source-snippet').textContent)).toEqual(citations.map((c) => c.snippet));
    // The text's markers are the same numbers, not links to anything more.
    expect(reply.querySelectorAll('sup')).toHaveLength(2);
    expect(reply.querySelector('sup')).toHaveTextContent('1(source 1)');
    expect(within(reply).queryAllByRole('button')).toEqual([]);
  });

  it('does not print a snippet the reply already quotes word for word: it shows on hover', () => {
    render(
      <ol>
        <ReplyBubble
          assistantName="Shop helper"
          avatarUrl={null}
          text="You can return unworn boots within  60 days of delivery for a full refund."
          citations={[citations[0] as (typeof citations)[number]]}
        />
      </ol>,
    );
    const source = within(screen.getByRole('list', { name: 'Sources' })).getByRole('listitem');
    expect(within(source).getByTestId('source-title')).toHaveTextContent('Refund window');
    expect(within(source).queryByTestId('source-snippet')).toBeNull();
    expect(source).toHaveAttribute('title', citations[0]?.snippet);
  });

  it('shows no sources list when the reply cites nothing', () => {
    render(
      <ol>
        <ReplyBubble assistantName="Shop helper" avatarUrl={null} text="Hello! How can I help?" />
      </ol>,
    );
    expect(screen.queryByRole('list', { name: 'Sources' })).toBeNull();
  });
});
