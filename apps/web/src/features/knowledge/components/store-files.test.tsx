import { FILES_PER_CALL_MAX, STORE_NAME_MAX_LENGTH, type Store } from '@aisle/contracts/knowledge';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataClient } from '@/testing/fake-data-client';
import type { StoreFile } from '../store-file';
import { StoreScreen } from './store-screen';

const state = vi.hoisted(() => ({
  client: null as ReturnType<typeof fakeDataClient> | null,
  stores: [] as unknown[],
  deleteFiles: null as ((token: string | null, storeId: string, ids: string[]) => Promise<{ deleted: string[] }>) | null,
  downloadFile: null as ((token: string | null, storeId: string, fileId: string) => Promise<{ url: string; expiresAt: string }>) | null,
}));
vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'ann@shop.test' }, sessionStore: { getValidAccessToken: async () => 'T' } }),
}));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: state.client?.client ?? null }) }));
vi.mock('@/app/startup-data/startup-data-provider', () => ({
  useCollection: () => ({ status: { state: 'initialised' }, items: state.stores }),
  startupQueryKey: (name: string, email: string | undefined) => ['startup', name, email ?? ''],
}));
vi.mock('../api/stores-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/stores-api')>()),
  deleteFiles: (token: string | null, storeId: string, ids: string[]) => state.deleteFiles?.(token, storeId, ids),
  downloadFile: (token: string | null, storeId: string, fileId: string) => state.downloadFile?.(token, storeId, fileId),
}));

const STORE_ID = '00000000-0000-4000-8000-000000000001';
const store = (change: Partial<Store> = {}): Store => ({
  id: STORE_ID,
  ownerEmail: 'ann@shop.test',
  name: 'Help center',
  totalSize: 16_384,
  fileCount: 6,
  status: 'attention',
  retrievalMode: 'lexical',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...change,
});

let order = 0;
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
  passageCount: 3,
  createdAt: `2026-11-23T10:00:${String(59 - order++).padStart(2, '0')}.000Z`,
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...change,
});

function renderScreen(files: StoreFile[], storeChange: Partial<Store> = {}) {
  state.stores = [store(storeChange)];
  state.client = fakeDataClient({ listFiles: () => ({ items: files, nextToken: null }) });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <StoreScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const failed = (id: string) => file(id, { status: 'failed', statusReason: 'This PDF is encrypted.', passageCount: 0, progress: 0 });
// Uploads another tab started and never finished: the server does not count them as the store's files yet.
const unfinished = (id: string) => file(id, { status: 'uploading', progress: 0, passageCount: null });

describe('a store’s file counts', () => {
  it('say the same number on the store card, in the store’s header and over its file list', async () => {
    renderScreen([
      file('faq', {}),
      file('sizes', {}),
      file('returns', {}),
      file('shipping', {}),
      failed('catalogue'),
      failed('lookbook'),
      unfinished('draft-1'),
      unfinished('draft-2'),
    ]);
    await screen.findByRole('list', { name: 'Files' });
    expect(screen.getByText('6 files · 4 ready · 2 failed · 2 uploading')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Help center/ })).toHaveTextContent('6 files');
    expect(screen.getByRole('heading', { level: 2, name: 'Help center' }).closest('header')).toHaveTextContent('6 files');
  });

  it('follow the list when the store’s own count has not caught up yet', async () => {
    renderScreen([file('faq', {}), file('sizes', {}), failed('catalogue')], { fileCount: 5 });
    await screen.findByText('3 files · 2 ready · 1 failed');
    expect(screen.getByRole('button', { name: /^Help center/ })).toHaveTextContent('3 files');
    expect(screen.getByRole('heading', { level: 2, name: 'Help center' }).closest('header')).toHaveTextContent('3 files');
  });
});

describe('removing a store’s failed files', () => {
  it('removes every failed file at once, after a confirmation, with one delete-files call', async () => {
    const deleteFiles = vi.fn(async (_token: string | null, _storeId: string, ids: string[]) => ({ deleted: ids }));
    state.deleteFiles = deleteFiles;
    renderScreen([file('faq', {}), failed('catalogue'), file('sizes', {}), failed('lookbook'), failed('price-list')]);
    await screen.findByRole('list', { name: 'Files' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove failed files (3)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove 3 failed files?' });
    expect(dialog).toHaveTextContent('catalogue.md, lookbook.md, price-list.md will be removed from “Help center”.');
    expect(deleteFiles).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(deleteFiles).toHaveBeenCalledOnce();
    expect(deleteFiles).toHaveBeenCalledWith('T', STORE_ID, ['catalogue', 'lookbook', 'price-list']);
  });

  it('sends more failed files than one call takes in several calls', async () => {
    const deleteFiles = vi.fn(async (_token: string | null, _storeId: string, ids: string[]) => ({ deleted: ids }));
    state.deleteFiles = deleteFiles;
    const many = Array.from({ length: FILES_PER_CALL_MAX + 5 }, (_, index) => failed(`broken-${index}`));
    renderScreen(many, { fileCount: many.length });
    await userEvent.click(await screen.findByRole('button', { name: `Remove failed files (${many.length})` }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(deleteFiles.mock.calls.map(([, , ids]) => ids.length)).toEqual([FILES_PER_CALL_MAX, 5]);
    expect(deleteFiles.mock.calls.flatMap(([, , ids]) => ids).sort()).toEqual(many.map((item) => item.id).sort());
  });

  it('offers nothing to remove when no file failed', async () => {
    renderScreen([file('faq', {}), file('sizes', { status: 'processing', progress: 40, passageCount: null })], { status: 'indexing' });
    await screen.findByRole('list', { name: 'Files' });
    expect(screen.queryByRole('button', { name: /Remove failed files/ })).not.toBeInTheDocument();
  });
});

describe('the store name field', () => {
  it('takes at most the contract’s limit and says so when it is reached', async () => {
    renderScreen([]);
    await userEvent.click(screen.getByRole('button', { name: 'New store' }));
    const input = within(await screen.findByRole('dialog')).getByLabelText('Store name');
    expect(input).toHaveAttribute('maxLength', String(STORE_NAME_MAX_LENGTH));
    // 250 characters: most pasted, the rest typed on top.
    await userEvent.paste('a'.repeat(240));
    await userEvent.type(input, 'a'.repeat(10));
    expect(input).toHaveValue('a'.repeat(200));
    expect(screen.getByText('Limit reached: 200 characters')).toBeInTheDocument();
  });
});

describe('downloading a store’s file', () => {
  it('opens the download link the server gives for a file whose bytes are in, and offers none for an unfinished upload', async () => {
    const asked: [string | null, string, string][] = [];
    state.downloadFile = async (token, storeId, fileId) => {
      asked.push([token, storeId, fileId]);
      return { url: 'https://bucket.example/files/faq?X-Amz-Signature=abc', expiresAt: '2026-11-23T10:05:00.000Z' };
    };
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      renderScreen([file('faq', {}), unfinished('draft')]);
      await userEvent.click(await screen.findByRole('button', { name: 'Download faq.md' }));
      expect(asked).toEqual([['T', STORE_ID, 'faq']]);
      expect(assign).toHaveBeenCalledWith('https://bucket.example/files/faq?X-Amz-Signature=abc');
      expect(screen.queryByRole('button', { name: 'Download draft.md' })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
