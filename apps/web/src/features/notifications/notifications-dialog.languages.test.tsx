import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import type { NotificationItem } from './notification-counts';
import { NotificationsDialog } from './notifications-dialog';

const collection = vi.hoisted(() => ({
  state: 'initialised' as 'loading' | 'initialised',
  items: [] as NotificationItem[],
}));
vi.mock('@/app/auth/auth-provider', () => ({ useAuth: () => ({ user: { email: 'ann@shop.test' } }) }));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: null }) }));
vi.mock('@/app/startup-data/startup-data-provider', () => ({
  startupQueryKey: (name: string, email: string | undefined) => ['startup', name, email ?? ''],
  useCollection: () => ({ status: { state: collection.state }, items: collection.items }),
}));

// Midday UTC: the same calendar day in every time zone a test machine might be in.
const CREATED_AT = '2026-11-03T12:00:00.000Z';

const notification = (id: string, title: string, userHasRead: boolean): NotificationItem => ({
  id,
  createdAt: CREATED_AT,
  updatedAt: CREATED_AT,
  ownerEmail: 'ann@shop.test',
  title,
  content: null,
  userHasRead,
  presignedGet: null,
});

function renderDialog() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NotificationsDialog />
    </QueryClientProvider>,
  );
}

const languages = [
  {
    language: 'ja',
    bell: '通知',
    bellUnread: '通知（未読2件）',
    title: '通知',
    unread: '未読の通知が2件あります',
    caughtUp: '未読の通知はありません',
    markAll: 'すべて既読にする',
    markRead: '既読にする',
    new: '新着',
    loading: '通知を読み込んでいます…',
    empty: '通知はありません。',
    close: '閉じる',
    // 2026/11/03: year first, as Japanese dates read.
    date: '2026/11/03',
  },
  {
    language: 'th',
    bell: 'การแจ้งเตือน',
    bellUnread: 'การแจ้งเตือน (ยังไม่ได้อ่าน 2)',
    title: 'การแจ้งเตือน',
    unread: 'ยังไม่ได้อ่าน 2 รายการ',
    caughtUp: 'อ่านครบทุกรายการแล้ว',
    markAll: 'อ่านแล้วทั้งหมด',
    markRead: 'ทำเครื่องหมายว่าอ่านแล้ว',
    new: 'ใหม่',
    loading: 'กำลังโหลดการแจ้งเตือน...',
    empty: 'ไม่มีการแจ้งเตือน',
    close: 'ปิด',
    // 3 พ.ย. 2569: the Thai month, and the Buddhist era year.
    date: '3 พ.ย. 2569',
  },
] as const;

describe.each(languages)('the notifications dialog in $language', (texts) => {
  beforeEach(async () => {
    collection.state = 'initialised';
    collection.items = [];
    await act(() => i18n.changeLanguage(texts.language));
  });

  it('names the bell, the unread count, the actions and the date in the merchant’s language', async () => {
    collection.items = [
      notification('a', 'Store ready', false),
      notification('b', 'Assistant updated', false),
      notification('c', 'Credit added', true),
    ];
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: texts.bellUnread }));
    const dialog = screen.getByRole('dialog', { name: texts.title });
    expect(within(dialog).getByText(texts.unread)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: texts.markAll })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: texts.markRead })).toHaveLength(2);
    expect(within(dialog).getAllByText(texts.new)).toHaveLength(2);
    // The merchant's own titles stay as they are.
    expect(within(dialog).getByText('Store ready')).toBeInTheDocument();
    const times = dialog.querySelectorAll('time');
    expect(times).toHaveLength(3);
    for (const time of times) expect(time.textContent).toContain(texts.date);
    expect(within(dialog).getByRole('button', { name: texts.close })).toBeInTheDocument();
  });

  it('says it is loading, and claims nothing is unread only once the list is read', async () => {
    collection.state = 'loading';
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: texts.bell }));
    expect(screen.getByRole('dialog', { name: texts.title })).toHaveAccessibleDescription(texts.loading);
    expect(screen.queryByText(texts.caughtUp)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: texts.empty })).not.toBeInTheDocument();
  });

  it('shows its empty state, all caught up', async () => {
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: texts.bell }));
    expect(screen.getByRole('heading', { name: texts.empty })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: texts.title })).toHaveAccessibleDescription(texts.caughtUp);
    expect(screen.queryByText(texts.loading)).not.toBeInTheDocument();
  });
});
