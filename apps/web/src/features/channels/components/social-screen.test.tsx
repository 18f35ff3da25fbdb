import type { ChannelAccount, ChannelSummary, SocialSummary } from '@aisle/contracts/channels';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { SocialScreen } from './social-screen';

vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'ann@shop.test' }, sessionStore: { getValidAccessToken: async () => 'T' } }),
}));
vi.mock('@/app/startup-data/startup-data-provider', () => ({
  useCollection: () => ({
    status: { state: 'initialised' },
    items: [{ id: '0b6f2c1e-5d4a-4f3b-9c2d-1e0f9a8b7c6d', assistantName: 'Shop helper' }],
  }),
}));

const LAST_MESSAGE = '2026-11-23T10:00:00.000Z';

const account = (change: Partial<ChannelAccount>): ChannelAccount => ({
  id: 'acc-1',
  channel: 'line',
  externalAccountId: 'U1',
  name: 'Ann’s Shop',
  pictureUrl: null,
  status: 'connected',
  assistantId: '0b6f2c1e-5d4a-4f3b-9c2d-1e0f9a8b7c6d',
  assistantName: 'Shop helper',
  tokenState: 'valid',
  tokenExpiresAt: null,
  tokenProblem: null,
  connectedAt: LAST_MESSAGE,
  lastWebhookAt: LAST_MESSAGE,
  lastMessageAt: LAST_MESSAGE,
  lastSendError: null,
  lastSendErrorAt: null,
  ...change,
});

const channel = (change: Partial<ChannelSummary> & Pick<ChannelSummary, 'channel' | 'label'>): ChannelSummary => ({
  configured: true,
  unavailableReason: null,
  webhookUrl: null,
  verifyToken: null,
  accounts: [],
  ...change,
});

const social: SocialSummary = {
  channels: [
    channel({ channel: 'instagram', label: 'Instagram' }),
    channel({
      channel: 'messenger',
      label: 'Messenger',
      accounts: [
        account({
          id: 'acc-2',
          channel: 'messenger',
          name: 'Ann Page',
          status: 'available',
          assistantId: null,
          assistantName: null,
          tokenState: 'expiring',
          tokenExpiresAt: new Date(Date.now() + 3 * 86_400_000 - 60_000).toISOString(),
        }),
      ],
    }),
    channel({
      channel: 'line',
      label: 'LINE',
      webhookUrl: 'https://aisle.test/api/line/webhook/abc/',
      accounts: [account({})],
    }),
  ],
};

async function renderScreen(language: 'ja' | 'th') {
  await act(() => i18n.changeLanguage(language));
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () => new Response(JSON.stringify(social), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/social?channel=messenger&found=2']}>
        <SocialScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the Social screen in Thai and Japanese', () => {
  it('speaks Thai: Facebook Login’s outcome, each channel’s state, accounts, token and LINE’s connect form', async () => {
    await renderScreen('th');
    expect(screen.getByRole('heading', { level: 1, name: 'โซเชียล' })).toBeInTheDocument();
    const line = await screen.findByRole('region', { name: /LINE/ });
    expect(screen.getByRole('status')).toHaveTextContent('Messenger: พบ 2 บัญชี เลือกผู้ช่วยที่จะตอบ แล้วกดเชื่อมต่อ');
    expect(within(line).getByTestId('channel-state')).toHaveTextContent('เชื่อมต่อแล้ว 1 บัญชี');
    expect(within(line).getByText('ตอบเพื่อนของ LINE Official Account ของคุณ')).toBeInTheDocument();
    const item = within(line).getByRole('listitem', { name: 'Ann’s Shop' });
    expect(within(item).getByTestId('account-status')).toHaveTextContent('เชื่อมต่อแล้ว · ตอบโดย Shop helper');
    // The date in Thai: Buddhist era, Thai month.
    const when = new Intl.DateTimeFormat('th', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(LAST_MESSAGE));
    expect(item).toHaveTextContent(`ข้อความล่าสุด: ${when} · Webhook ล่าสุด: ${when}`);
    expect(when).toContain('2569');
    expect(within(item).getByRole('button', { name: 'ยกเลิกการเชื่อมต่อ Ann’s Shop' })).toBeInTheDocument();
    expect(within(line).getByText(/^วาง URL นี้ในช่อง Webhook URL/)).toBeInTheDocument();
    expect(within(line).getByRole('form', { name: 'เชื่อมต่อแชนเนล LINE' })).toBeInTheDocument();
    expect(within(line).getByRole('button', { name: 'เชื่อมต่อ LINE' })).toBeInTheDocument();

    const messenger = screen.getByRole('region', { name: /Messenger/ });
    expect(within(messenger).getByTestId('channel-state')).toHaveTextContent('ยังไม่ได้เชื่อมต่อ');
    expect(within(messenger).getByRole('alert')).toHaveTextContent('โทเค็นจะหมดอายุใน 3 วัน เชื่อมต่ออีกครั้งเพื่อต่ออายุ');
    expect(within(messenger).getByRole('button', { name: 'เชื่อมต่อบัญชี Messenger อื่น' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'ปิด' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('speaks Japanese, down to the LINE form’s own checks and the disconnect confirmation', async () => {
    await renderScreen('ja');
    expect(screen.getByRole('heading', { level: 1, name: 'SNS連携' })).toBeInTheDocument();
    const line = await screen.findByRole('region', { name: /LINE/ });
    expect(screen.getByRole('status')).toHaveTextContent('Messenger：2件のアカウントが見つかりました。');
    const when = new Intl.DateTimeFormat('ja', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(LAST_MESSAGE));
    expect(within(line).getByRole('listitem', { name: 'Ann’s Shop' })).toHaveTextContent(`最終メッセージ：${when}・最終Webhook：${when}`);
    expect(when).toMatch(/^2026\/11\/2[234] /);
    const instagram = screen.getByRole('region', { name: /Instagram/ });
    expect(within(instagram).getByTestId('channel-state')).toHaveTextContent('未接続');
    expect(within(instagram).getByRole('button', { name: 'Instagramを接続' })).toBeInTheDocument();
    expect(within(instagram).getByRole('combobox', { name: 'Instagramのアシスタント' })).toHaveDisplayValue('Shop helper');

    await userEvent.click(within(line).getByRole('button', { name: 'LINEを接続' }));
    expect(within(line).getByText('チャネルIDを入力してください（「チャネル基本設定」に表示される数字です）。')).toBeInTheDocument();
    expect(within(line).getByText('この項目は必須です。')).toBeInTheDocument();

    await userEvent.click(within(line).getByRole('button', { name: 'Ann’s Shopの接続を解除' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ann’s Shopの接続を解除しますか？' });
    expect(dialog).toHaveTextContent('アシスタントはこのアカウントで応答しなくなり、Aisleのアクセス権は削除されます。');
  });
});

const META_OFF = 'Instagram, Messenger and WhatsApp are not configured on this server.';

/** A server just installed: no Meta app, PUBLIC_URL left at its default. */
const freshServer: SocialSummary = {
  channels: [
    channel({ channel: 'instagram', label: 'Instagram', configured: false, unavailableReason: META_OFF }),
    channel({ channel: 'messenger', label: 'Messenger', configured: false, unavailableReason: META_OFF }),
    channel({ channel: 'whatsapp', label: 'WhatsApp', configured: false, unavailableReason: META_OFF }),
    channel({ channel: 'line', label: 'LINE', webhookUrl: 'http://localhost:8000/api/line/webhook/' }),
  ],
};

function renderEnglish(summary: SocialSummary, answerPost?: (path: string) => Response) {
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    if (init?.method === 'POST' && answerPost) return answerPost(path);
    return new Response(JSON.stringify(summary), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/social']}>
        <SocialScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

describe('the Social screen on a server just installed', () => {
  it('tells the merchant what turns Instagram, Messenger and WhatsApp on, and that LINE works now', async () => {
    renderEnglish(freshServer);
    for (const name of ['Instagram', 'Messenger', 'WhatsApp']) {
      const card = await screen.findByRole('region', { name: new RegExp(name) });
      expect(within(card).getByTestId('channel-state')).toHaveTextContent('Not available');
      expect(card).toHaveTextContent(META_OFF);
      expect(card).toHaveTextContent(
        'The server’s operator turns them on: they create a Meta app (developers.facebook.com), set META_APP_ID, META_APP_SECRET and META_VERIFY_TOKEN on the server and restart it.',
      );
      expect(card).toHaveTextContent('“Configuration” in the project’s guide docs/running.md');
      for (const variable of ['META_APP_ID', 'META_APP_SECRET', 'META_VERIFY_TOKEN'])
        expect(within(card).getByText(variable).tagName).toBe('CODE');
      expect(card).toHaveTextContent('LINE needs no server setup: connect LINE now.');
      expect(within(card).getByRole('link', { name: 'connect LINE now' })).toHaveAttribute('href', '#channel-line');
    }
    // The link's target: the LINE card, with its form.
    const line = screen.getByRole('region', { name: /LINE/ });
    expect(line.querySelector('#channel-line')).not.toBeNull();
    expect(within(line).getByRole('form', { name: 'Connect a LINE channel' })).toBeInTheDocument();
  });

  it('warns that LINE cannot deliver to a localhost webhook URL, and names PUBLIC_URL', async () => {
    renderEnglish(freshServer);
    const line = await screen.findByRole('region', { name: /LINE/ });
    expect(within(line).getByTestId('webhook-url')).toHaveTextContent('http://localhost:8000/api/line/webhook/');
    const warning = within(line).getByTestId('webhook-url-warning');
    expect(warning).toHaveTextContent(
      'LINE only delivers to a public https address, and LINE cannot reach this one. Set PUBLIC_URL on the server to its public https address (for testing, a tunnel such as ngrok or cloudflared) and restart it; the URL above then changes to match.',
    );
    expect(within(warning).getByText('PUBLIC_URL').tagName).toBe('CODE');
  });

  it('says nothing more where the server is set up: a public https webhook URL, Meta configured', async () => {
    renderEnglish(social);
    const line = await screen.findByRole('region', { name: /LINE/ });
    expect(within(line).getByTestId('webhook-url')).toHaveTextContent('https://aisle.test/api/line/webhook/abc/');
    expect(within(line).queryByTestId('webhook-url-warning')).not.toBeInTheDocument();
    expect(screen.queryByText(/META_APP_ID/)).not.toBeInTheDocument();
  });

  it('shows what the server says when LINE cannot be reached, not a generic server error', async () => {
    const fetch = renderEnglish(
      freshServer,
      () =>
        new Response(JSON.stringify({ detail: 'LINE could not be reached. Try again in a moment.' }), {
          status: 502,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const line = await screen.findByRole('region', { name: /LINE/ });
    await userEvent.type(within(line).getByLabelText('Channel ID'), '1650000000');
    await userEvent.type(within(line).getByLabelText('Channel secret'), '0123456789abcdef0123456789abcdef');
    await userEvent.type(within(line).getByLabelText('Channel access token'), 'eyJhbGciOiJIUzI1NiJ9.abc+def/ghi=');
    await userEvent.click(within(line).getByRole('button', { name: 'Connect LINE' }));
    expect(await within(line).findByRole('alert')).toHaveTextContent('LINE could not be reached. Try again in a moment.');
    expect(line).not.toHaveTextContent('Internal server error');
    expect(fetch).toHaveBeenCalledWith('/api/line/connect/', expect.objectContaining({ method: 'POST' }));
  });
});
