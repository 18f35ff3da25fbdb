import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { linenShirt, mug } from '@/components/product-cards/product-card-fixtures';
import { i18n } from '@/i18n/i18n';
import { orderActionsOf } from '../message-commerce';
import { message } from '../testing/inbox-fixtures';
import { ThreadMessage } from './thread-messages';

const order = {
  name: '#1001',
  placedAt: '2026-11-20T10:00:00Z',
  financialStatus: 'PAID',
  fulfillmentStatus: 'FULFILLED',
  cancelled: false,
  items: [],
  tracking: [],
};
const call = (toolCallId: string, name: string, input: unknown, output?: unknown, ok: boolean | 'running' = true) => ({
  toolCallId,
  name,
  input,
  ...(ok === 'running' ? {} : { ok }),
  ...(output === undefined ? {} : { output }),
});

/** A bot reply that ran the built-in order help and named two products. */
const reply = (llmUsage: unknown) =>
  message('r1', 't1', 5, { senderType: 'assistant', content: 'Here is what I found.', llmUsage: JSON.stringify(llmUsage) });

function renderReply(llmUsage: unknown) {
  render(
    <ol>
      <ThreadMessage message={reply(llmUsage)} visitor="visitor-1" />
    </ol>,
  );
  // The reply's own item (in whichever language the interface speaks).
  return screen.getAllByRole('listitem')[0] as HTMLElement;
}

describe('what the shopper saw and what the order help did, in the inbox thread', () => {
  it('shows the products the shopper saw as the same cards, without a cart', () => {
    const bubble = renderReply({ provider: 'local', products: [linenShirt, mug, { title: 1 }] });
    const list = within(bubble).getByRole('list', { name: 'Products' });
    // The malformed third one is left out.
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    const shirt = within(bubble).getByRole('article', { name: 'Linen shirt' });
    expect(within(shirt).getByRole('img', { name: 'Linen shirt' })).toHaveAttribute('src', 'https://cdn.example/linen-shirt.jpg');
    expect(within(shirt).getByTestId('product-price')).toHaveTextContent('$48.00');
    expect(within(shirt).getByRole('link', { name: /View Linen shirt/ })).toBeInTheDocument();
    expect(within(bubble).queryByRole('button', { name: /to cart/ })).toBeNull();
    expect(within(bubble).queryByRole('link', { name: /to cart/ })).toBeNull();
  });

  it('shows each order tool as one line with its outcome, never the code the shopper typed', () => {
    const bubble = renderReply({
      provider: 'openai',
      toolCalls: [
        call('c0', 'lookup_weather', { city: 'Paris' }, { ok: 1 }),
        call('c1', 'order_status', { orderNumber: '1001', contact: 'ann@example.com' }, { outcome: 'not_found' }),
        call('c2', 'order_status', { orderNumber: '1001', contact: 'jo@example.com' }, JSON.stringify({ outcome: 'status', order })),
        call(
          'c3',
          'start_return',
          { orderNumber: '#1001', contact: 'jo@example.com' },
          { outcome: 'code_sent', sentTo: 'j•••@example.com' },
        ),
        call(
          'c4',
          'start_return',
          { orderNumber: '#1001', contact: 'jo@example.com', code: '493817' },
          { outcome: 'code_wrong', triesLeft: 4 },
        ),
        call(
          'c5',
          'start_return',
          { orderNumber: '#1001', contact: 'jo@example.com', code: '493818' },
          { outcome: 'done', action: 'return', order },
        ),
        call(
          'c6',
          'change_shipping_address',
          { orderNumber: '1001', contact: 'jo@example.com', code: '493818', address: { address1: '1 Main St' } },
          { outcome: 'not_possible', reason: 'already_fulfilled' },
        ),
        call('c7', 'resend_order_confirmation', { orderNumber: '1001', contact: 'jo@example.com' }, undefined, false),
        call('c8', 'order_status', { orderNumber: '1002', contact: 'x@example.com' }, undefined, 'running'),
      ],
    });
    const lines = within(bubble).getByRole('list', { name: 'Order help' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([
      'Order status·No order matched #1001',
      'Order status·Order #1001 looked up',
      'Return·Code sent to j•••@example.com',
      'Return·Wrong code entered',
      'Return·Return started for #1001',
      'Address change·Not possible for #1001: already shipped',
      'Confirmation·Order help failed',
      'Order status·Checking order #1002…',
    ]);
    expect(bubble.textContent).not.toContain('493817');
    expect(bubble.textContent).not.toContain('493818');
    expect(bubble.textContent).not.toContain('1 Main St');
    expect(bubble.textContent).not.toContain('jo@example.com');
  });

  it('speaks the interface’s language', async () => {
    await act(() => i18n.changeLanguage('ja'));
    const bubble = renderReply({ toolCalls: [call('c1', 'order_status', { orderNumber: '1001' }, { outcome: 'status', order })] });
    expect(within(bubble).getByRole('list', { name: '注文サポート' })).toHaveTextContent('注文 #1001 を照会しました');
  });

  it('reads nothing from a reply without order help or products', () => {
    expect(orderActionsOf(null)).toEqual([]);
    expect(orderActionsOf('not json')).toEqual([]);
    expect(orderActionsOf({ toolCalls: [{ name: 'order_status' }] })).toEqual([]);
    const bubble = renderReply({ provider: 'local' });
    expect(within(bubble).queryByRole('list')).toBeNull();
  });
});
