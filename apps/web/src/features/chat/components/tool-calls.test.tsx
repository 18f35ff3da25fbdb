import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AssistantBubble } from './message-bubbles';

describe('tool calls in a reply', () => {
  it('shows each function used, opening to its arguments and result or error', async () => {
    render(
      <ol>
        <AssistantBubble
          assistantName="Shop helper"
          text="Order 1001 has shipped."
          citations={[]}
          toolCalls={[
            { toolCallId: 'a', name: 'order_status', input: { orderNumber: '1001' }, ok: true, output: { status: 'shipped' } },
            { toolCallId: 'b', name: 'shipping_rates', input: {}, ok: false, error: 'shipping_rates failed: the carrier API is down' },
          ]}
        />
      </ol>,
    );
    const list = screen.getByRole('list', { name: 'Functions used' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Used order_status'),
      expect.stringContaining('Used shipping_rates'),
    ]);
    expect(within(items[0] as HTMLElement).getByLabelText('Succeeded')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByLabelText('Failed')).toBeTruthy();

    await userEvent.click(within(items[0] as HTMLElement).getByText('order_status'));
    expect(within(items[0] as HTMLElement).getByText(/"orderNumber": "1001"/)).toBeVisible();
    expect(within(items[0] as HTMLElement).getByText(/"status": "shipped"/)).toBeVisible();
    await userEvent.click(within(items[1] as HTMLElement).getByText('shipping_rates'));
    expect(within(items[1] as HTMLElement).getByRole('alert').textContent).toBe('shipping_rates failed: the carrier API is down');
  });

  it('shows a running call with a spinner instead of the typing dots', () => {
    render(
      <ol>
        <AssistantBubble
          assistantName="Shop helper"
          text=""
          citations={[]}
          streaming
          toolCalls={[{ toolCallId: 'a', name: 'order_status', input: { orderNumber: '1001' } }]}
        />
      </ol>,
    );
    expect(screen.getByText(/Running/)).toBeTruthy();
    expect(screen.getByLabelText('Running')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Assistant is typing' })).toBeNull();
  });
});
