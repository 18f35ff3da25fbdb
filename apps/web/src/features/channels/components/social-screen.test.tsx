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
  useCollection: () => ({ status: { state: 'initialised' }, items: [{ id: 'a1', assistantName: 'Shop helper' }] }),
}));

const LAST_MESSAGE = '2026-11-23T10:00:00.000Z';

const account = (change: Partial<ChannelAccount>): ChannelAccount => ({
  id: 'acc-1',
  channel: 'line',
  externalAccountId: 'U1',
  name: 'Ann’s Shop',
  pictureUrl: null,
  status: 'connected',
  assistantId: 'a1',
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
