import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataClient } from '@/testing/fake-data-client';
import { SharePanel } from './share-panel';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof fakeDataClient> | null }));
vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'ann@shop.test' }, sessionStore: { getValidAccessToken: async () => 'T' } }),
}));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: fake.current?.client ?? null }) }));

const theme = { primaryColor: '#18181b', primaryTextColor: '#ffffff' };
const share = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  createdAt: '2026-11-01T10:00:00.000Z',
  originalAssistantID: 'assistant-1',
  assistantName: 'Shop helper',
  isActive: true,
  expiresAt: null,
  shareToken: `tok-${id}`,
  theme,
  ...extra,
});
const origin = window.location.origin;

function renderPanel(shares: ReturnType<typeof share>[]) {
  fake.current = fakeDataClient({ listSharedAssistants: () => ({ items: shares, nextToken: null }) });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SharePanel assistant={{ id: 'assistant-1', assistantName: 'Shop helper' }} />
    </QueryClientProvider>,
  );
  return fake.current;
}

const respond = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the share panel', () => {
  it('lists the assistant’s links with their status, link and widget snippet', async () => {
    const client = renderPanel([share('s1'), share('s2', { isActive: false }), share('s3', { expiresAt: '2020-01-01T00:00:00.000Z' })]);
    const items = await screen.findAllByRole('listitem', { name: /Share link created/ });
    expect(client.request.mock.calls[0]?.[1]).toMatchObject({ filter: { originalAssistantID: { eq: 'assistant-1' } } });
    expect(items.map((item) => item.querySelector('[data-slot="status-chip"]')?.textContent)).toEqual(['Active', 'Off', 'Expired']);
    const [first] = items as [HTMLElement];
    expect(within(first).getByTestId('share-link')).toHaveTextContent(`${origin}/shared/chat?token=tok-s1`);
    expect(within(first).getByTestId('widget-snippet')).toHaveTextContent(`<script src="${origin}/widget.js?token=tok-s1" async></script>`);
    expect(within(first).getByRole('link', { name: 'Open chat' })).toHaveAttribute('href', `${origin}/shared/chat?token=tok-s1`);
    expect(within(first).getByText('Never expires', { exact: false })).toBeInTheDocument();
  });

  it('copies the link and the snippet', async () => {
    renderPanel([share('s1')]);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith(`${origin}/shared/chat?token=tok-s1`);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy snippet' }));
    expect(writeText).toHaveBeenLastCalledWith(`<script src="${origin}/widget.js?token=tok-s1" async></script>`);
  });

  it('creates a link with the chosen colours, opening the form at once while there is none', async () => {
    renderPanel([]);
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      respond(201, {
        ...share('s9'),
        ownerEmail: 'ann@shop.test',
        updatedAt: 'x',
        shareToken: { token: 'tok-s9' },
        status: null,
        log: null,
      }),
    );
    const form = await screen.findByRole('form', { name: 'New share link' });
    expect(within(screen.getByRole('figure', { name: 'Theme preview' })).getByText('Shop helper')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Create share link' }));
    expect(await screen.findByTestId('share-link')).toHaveTextContent('token=tok-s9');
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/shared-assistant/create/');
    expect(JSON.parse(init.body as string)).toEqual({ assistantId: 'assistant-1', expiresAt: null, theme });
  });

  it('refuses an expiry in the past before asking the server', async () => {
    renderPanel([]);
    const fetch = vi.spyOn(globalThis, 'fetch');
    const form = await screen.findByRole('form', { name: 'New share link' });
    const expiry = within(form).getByLabelText('Expires (optional)');
    await userEvent.type(expiry, '2020-01-01T10:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Create share link' }));
    expect(await within(form).findByText('Enter a date and time in the future.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('turns a link off at once, and back on when the server refuses', async () => {
    const client = renderPanel([share('s1')]);
    let fail = true;
    client.handlers.updateSharedAssistant = ({ input }) => {
      if (fail) throw new Error('Unauthorized');
      return share('s1', { isActive: (input as { isActive: boolean }).isActive });
    };
    const error = vi.spyOn(toast, 'error');
    const toggle = await screen.findByRole('switch', { name: 'Visitors can chat' });
    await userEvent.click(toggle);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Unauthorized'));
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(client.request.mock.calls.at(-1)?.[1]).toEqual({ input: { id: 's1', isActive: false } });

    fail = false;
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(screen.getByText('Off', { selector: '[data-slot="status-chip"]' })).toBeInTheDocument();
  });

  it('deletes a link only after confirming', async () => {
    renderPanel([share('s1')]);
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(respond(204));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete share link?' });
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete link' }));
    await waitFor(() => expect(screen.queryByTestId('share-link')).toBeNull());
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/shared-assistant/delete/');
    expect(JSON.parse(init.body as string)).toEqual({ id: 's1' });
  });
});
