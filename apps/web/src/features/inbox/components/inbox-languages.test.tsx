import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { fakeDataClient } from '@/testing/fake-data-client';
import { at, rawMessage, rawThread } from '../testing/inbox-fixtures';
import { InboxScreen } from './inbox-screen';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof fakeDataClient> | null }));
vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'ann@shop.test' }, sessionStore: { getValidAccessToken: async () => 'T' } }),
}));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: fake.current?.client ?? null }) }));

const share = {
  id: 'share-1',
  originalAssistantID: 'assistant-1',
  assistantName: 'Shop helper',
  isActive: true,
  expiresAt: null,
  shareToken: 'tok-123',
};

/** The Conversations screen at 10:30 UTC, with a thread from 5 minutes ago (open) and one from October. */
async function renderInbox(language: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(at(30)));
  await act(() => i18n.changeLanguage(language));
  const open = rawThread('a', 25, {
    origin: 'widget',
    needsHuman: true,
    needsHumanReason: 'asked',
    lastVisitorMessageAt: at(20),
    ownerLastReadAt: at(21),
    lastMessage: { items: [{ content: 'Is it in stock?', senderType: 'user', isManualResponse: false, createdAt: at(20) }] },
  });
  const older = rawThread('b', 0, { lastActivityAt: '2026-10-01T10:00:00.000Z', lastMessage: { items: [] } });
  fake.current = fakeDataClient({
    listUnansweredQuestions: () => ({ items: [], nextToken: null }),
    listSharedAssistants: () => ({ items: [share], nextToken: null }),
    sharedThreadsByOwnerEmailAndLastActivityAt: () => ({ items: [open, older], nextToken: null }),
    getSharedThread: () => open,
    sharedMessagesBySharedThreadID: () => ({
      items: [
        rawMessage('m1', 'a', 20, { content: 'Is it in stock?' }),
        rawMessage('m2', 'a', 21, { senderType: 'assistant', content: 'Yes, it is.' }),
      ],
      nextToken: null,
    }),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/conversations?thread=a']}>
        <InboxScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the Conversations screen in other languages', () => {
  it('speaks Japanese, with Japanese times and dates', async () => {
    await renderInbox('ja');
    expect(screen.getByRole('heading', { level: 1, name: '会話' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: '会話を検索' })).toHaveAttribute('placeholder', '会話を検索');
    expect(screen.getByRole('tab', { name: '未回答の質問' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '担当者対応が必要' })).toHaveAttribute('aria-pressed', 'false');

    const row = await screen.findByRole('listitem', { name: 'visitor-a' });
    expect(within(row).getByText('ウィジェット')).toBeInTheDocument();
    expect(within(row).getByText('5分')).toBeInTheDocument();
    // The row's name is what it shows, in the order shown (WCAG 2.5.3: speech users say what they see).
    expect(within(row).getByRole('button')).toHaveAccessibleName(
      /^visitor-a\s*5分.*Shop helper.*ウィジェット.*担当者対応が必要.*Is it in stock\?$/,
    );
    const october = screen.getByRole('listitem', { name: 'visitor-b' });
    expect(within(october).getByText('10月1日')).toBeInTheDocument();
    expect(within(october).getByText('メッセージはまだありません')).toBeInTheDocument();

    // The open conversation beside the list.
    expect(await screen.findByRole('button', { name: '自動返信を一時停止' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '要約' })).toBeInTheDocument();
    const notice = screen.getByRole('region', { name: '担当者対応が必要' });
    expect(notice).toHaveTextContent('お客様が担当者との会話を希望しました。');
    expect(within(notice).getByRole('button', { name: '対応済みにする' })).toBeInTheDocument();
    const reply = await screen.findByRole('listitem', { name: 'アシスタントのメッセージ' });
    expect(reply.querySelector('time')?.getAttribute('title')).toMatch(/^2026\/11\/03 \d{1,2}:21$/);
    expect(screen.getByLabelText('返信')).toHaveAttribute('placeholder', 'visitor-aさんに返信…');
    expect(screen.getByText('返信を送信すると、この会話の自動返信は一時停止されます。')).toBeInTheDocument();
  });

  it('speaks Thai, with Thai times and Buddhist-era dates', async () => {
    await renderInbox('th');
    expect(screen.getByRole('heading', { level: 1, name: 'บทสนทนา' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'ค้นหาบทสนทนา' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'คำถามที่ยังไม่ได้ตอบ' })).toBeInTheDocument();

    const row = await screen.findByRole('listitem', { name: 'visitor-a' });
    expect(within(row).getByText('วิดเจ็ต')).toBeInTheDocument();
    expect(within(row).getByText('5 นาที')).toBeInTheDocument();
    expect(within(row).getByText('ต้องการเจ้าหน้าที่')).toHaveTextContent('ต้องการเจ้าหน้าที่· ขอคุยกับเจ้าหน้าที่');
    const october = screen.getByRole('listitem', { name: 'visitor-b' });
    expect(within(october).getByText('1 ต.ค.')).toBeInTheDocument();

    expect(await screen.findByRole('button', { name: 'หยุดตอบกลับอัตโนมัติชั่วคราว' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'สรุป' })).toBeInTheDocument();
    const reply = await screen.findByRole('listitem', { name: 'ข้อความจาก ผู้ช่วย' });
    expect(reply.querySelector('time')?.getAttribute('title')).toMatch(/^3 พ\.ย\. 2569 \d{1,2}:21$/);
    expect(screen.getByRole('region', { name: 'ต้องการเจ้าหน้าที่' })).toHaveTextContent('ลูกค้าขอคุยกับเจ้าหน้าที่');
  });
});
