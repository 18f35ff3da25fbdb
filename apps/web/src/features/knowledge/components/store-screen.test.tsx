import type { Store } from '@aisle/contracts/knowledge';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { fakeDataClient } from '@/testing/fake-data-client';
import type { StoreFile } from '../store-file';
import { StoreScreen } from './store-screen';

const state = vi.hoisted(() => ({
  client: null as ReturnType<typeof fakeDataClient> | null,
  stores: [] as unknown[],
}));
vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'ann@shop.test' }, sessionStore: { getValidAccessToken: async () => 'T' } }),
}));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: state.client?.client ?? null }) }));
vi.mock('@/app/startup-data/startup-data-provider', () => ({
  useCollection: () => ({ status: { state: 'initialised' }, items: state.stores }),
  startupQueryKey: (name: string, email: string | undefined) => ['startup', name, email ?? ''],
}));

const STORE_ID = '00000000-0000-4000-8000-000000000001';
const store: Store = {
  id: STORE_ID,
  ownerEmail: 'ann@shop.test',
  name: 'Help center',
  totalSize: 1_572_864,
  fileCount: 3,
  status: 'ready',
  retrievalMode: 'lexical',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
};

const file = (id: string, change: Partial<StoreFile>): StoreFile => ({
  id,
  ownerEmail: 'ann@shop.test',
  fileName: `${id}.md`,
  size: 2048,
  storeID: STORE_ID,
  contentType: 'text/markdown',
  status: 'ready',
  statusReason: null,
  progress: 100,
  passageCount: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...change,
});

async function renderScreen(language: 'ja' | 'th') {
  await act(() => i18n.changeLanguage(language));
  state.stores = [store];
  state.client = fakeDataClient({
    listFiles: () => ({
      items: [
        file('faq', { passageCount: 1200, createdAt: '2026-11-23T10:00:02.000Z' }),
        file('sizes', { status: 'processing', progress: 40, createdAt: '2026-11-23T10:00:01.000Z' }),
      ],
      nextToken: null,
    }),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <StoreScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the Store screen in Japanese and Thai', () => {
  it('speaks Japanese: the stores, the chosen store’s files with their progress, uploads and the retrieval test', async () => {
    await renderScreen('ja');
    expect(screen.getByRole('heading', { level: 1, name: 'ナレッジストア' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ストアを作成' })).toBeInTheDocument();
    const card = screen.getByRole('button', { name: /^Help center/ });
    expect(card).toHaveTextContent('準備完了');
    expect(card).toHaveTextContent('1.5 MB');
    expect(card).toHaveTextContent('3ファイル');
    expect(card).toHaveTextContent('キーワード検索');

    const files = await screen.findByRole('list', { name: 'ファイル' });
    expect(screen.getByText('2ファイル・1件準備完了')).toBeInTheDocument();
    const [faq, sizes] = within(files).getAllByRole('listitem');
    expect(faq).toHaveTextContent('2 KB · 抜粋1,200件');
    expect(sizes).toHaveTextContent('処理中');
    expect(sizes).toHaveTextContent('処理中 40%');
    expect(within(sizes as HTMLElement).getByRole('progressbar', { name: 'sizes.mdの処理進捗' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: '選択したファイルを削除' })).toBeDisabled();

    expect(screen.getByText('ここにファイルをドラッグ＆ドロップ')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '検索テスト' })).toBeInTheDocument();
    expect(screen.getByLabelText('質問')).toHaveAttribute('placeholder', '例：商品の返品期限はいつまでですか？');
    expect(screen.getByText('ここに結果が関連度の高い順に表示されます。')).toBeInTheDocument();
  });

  it('speaks Thai, down to the confirmation of deleting a file', async () => {
    await renderScreen('th');
    expect(screen.getByRole('heading', { level: 1, name: 'คลังความรู้' })).toBeInTheDocument();
    const card = screen.getByRole('button', { name: /^Help center/ });
    expect(card).toHaveTextContent('3 ไฟล์');
    expect(card).toHaveTextContent('ค้นหาด้วยคีย์เวิร์ด');

    const files = await screen.findByRole('list', { name: 'ไฟล์' });
    expect(within(files).getAllByRole('listitem')[0]).toHaveTextContent('1,200 ส่วนข้อความ');
    await userEvent.click(screen.getByRole('checkbox', { name: 'เลือก faq.md' }));
    expect(screen.getByText('เลือกแล้ว 1 รายการ')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'ลบรายการที่เลือก' }));
    const dialog = await screen.findByRole('dialog', { name: 'ลบ 1 ไฟล์ไหม' });
    expect(dialog).toHaveTextContent('“faq.md” และส่วนข้อความของไฟล์นี้จะถูกนำออกจาก “Help center” ผู้ช่วยจะค้นหาข้อมูลเหล่านี้ไม่พบอีก');
    expect(within(dialog).getByRole('button', { name: 'ลบ' })).toBeInTheDocument();
  });
});
