import type { Assistant } from '@aisle/contracts/assistants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { fakeDataClient } from '@/testing/fake-data-client';
import { ChatScreen } from './chat-screen';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof fakeDataClient> | null }));
vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({
    user: { email: 'ann@shop.test' },
    sessionStore: { getValidAccessToken: async () => 'T', refreshAccessToken: async () => 'T' },
  }),
}));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: fake.current?.client ?? null }) }));
vi.mock('@/app/startup-data/startup-data-provider', () => ({
  useCollection: () => ({ status: { state: 'ready' }, items: [assistant] }),
}));

const assistant = {
  id: 'a1',
  assistantName: 'Shop helper',
  model: 'gpt-5-mini',
  assistantUserQA: [],
  assistantAvatarUrl: null,
  userAvatarUrl: null,
} as unknown as Assistant;

const NOW = new Date('2026-11-20T10:30:00.000Z');
const thread = (id: string, name: string, updatedAt: string) => ({
  id,
  name,
  assistantID: 'a1',
  lastResponseID: null,
  createdAt: updatedAt,
  updatedAt,
});
const stored = (id: string, senderType: string, content: string, llmUsage: unknown = null) => ({
  id,
  content,
  senderType,
  provider: null,
  model: null,
  llmUsage,
  createdAt: '2026-11-03T10:00:00.000Z',
});
const usage = {
  provider: 'openai',
  model: 'gpt-5-mini',
  inputTokens: 12_345,
  outputTokens: 25,
  cachedInputTokens: 0,
  costUsd: 0.0004,
  priced: true,
  pricingAsOf: '2026-11-01',
  citations: [],
};

/** The Chat screen with two chats (one still called by the default name, from November 3) and a priced reply. */
async function renderChat(language: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await act(() => i18n.changeLanguage(language));
  fake.current = fakeDataClient({
    threadsByAssistantID: () => ({
      items: [thread('t1', 'New chat', '2026-11-03T10:00:00.000Z'), thread('t2', 'Returns policy', NOW.toISOString())],
      nextToken: null,
    }),
    messagesByThreadID: () => ({
      items: [stored('q1', 'user', 'How long do I have to return an item?'), stored('r1', 'assistant', '30 days.', usage)],
      nextToken: null,
    }),
  });
  render(
    <MemoryRouter initialEntries={['/chat?assistant=a1']}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ChatScreen />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the Chat screen in other languages', () => {
  it('speaks Japanese, with Japanese dates, token counts and cost', async () => {
    await renderChat('ja');
    const chats = await screen.findByRole('list', { name: 'チャット' });
    const unnamed = within(chats).getByRole('listitem', { name: '新しいチャット' });
    expect(within(unnamed).getByText('11月3日')).toBeInTheDocument();
    expect(within(chats).getByRole('button', { name: 'Returns policyの操作' })).toBeInTheDocument();
    // In the chats panel and in the header bar (small screens).
    expect(screen.getAllByRole('button', { name: '新しいチャット' })).toHaveLength(2);
    expect(screen.getByTestId('chat-title')).toHaveTextContent('新しいチャット');

    expect(await screen.findByText('入力 1.2万・出力 25・$0.0004')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'あなたのメッセージ' })).toHaveTextContent('How long do I have to return an item?');
    expect(screen.getByRole('listitem', { name: 'Shop helperのメッセージ' })).toHaveTextContent('30 days.');
    expect(screen.getByLabelText('メッセージ')).toHaveAttribute('placeholder', 'Shop helperにメッセージを送信…');
    expect(screen.getByText('Enterで送信・Shift+Enterで改行')).toBeInTheDocument();
  });

  it('speaks Thai, with Thai dates, token counts and cost', async () => {
    await renderChat('th');
    const chats = await screen.findByRole('list', { name: 'แชท' });
    const unnamed = within(chats).getByRole('listitem', { name: 'แชทใหม่' });
    expect(within(unnamed).getByText('3 พ.ย.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'แชทใหม่' })).toHaveLength(2);

    expect(await screen.findByText('อินพุต 12.3K · เอาต์พุต 25 · US$0.0004')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'ข้อความของคุณ' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'ข้อความจาก Shop helper' })).toHaveTextContent('30 days.');
    expect(screen.getByLabelText('ข้อความ')).toHaveAttribute('placeholder', 'ส่งข้อความถึง Shop helper…');
  });
});
