import type { Assistant } from '@aisle/contracts/assistants';
import type { ModelOption } from '@aisle/contracts/models';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { emptyForm } from '../assistant-form';
import { expiryText, shareStatusChip } from '../share-links';
import { AssistantEditor } from './assistant-editor';
import { AssistantsEmptyState, AssistantsList } from './assistants-list';

// The cards read their test runs live; with no data client yet, a card has no test score line.
vi.mock('@/app/auth/auth-provider', () => ({ useAuth: () => ({ user: { email: 'ann@shop.test' } }) }));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: null }) }));

const models: ModelOption[] = [
  {
    id: 'local:extractive',
    provider: 'local',
    name: 'Built-in',
    pricing: { inputPerMillion: 0, outputPerMillion: 0, cachedInputPerMillion: 0, asOf: '2026-01-01', priced: true },
    default: true,
  },
  {
    id: 'openai:gpt-4o-mini',
    provider: 'openai',
    name: 'GPT-4o mini',
    pricing: { inputPerMillion: 0.15, outputPerMillion: 0.6, cachedInputPerMillion: 0.075, asOf: '2026-01-01', priced: true },
    default: false,
  },
];

const assistant = {
  id: 'a1',
  assistantName: 'Shop helper',
  useCase: null,
  status: null,
  isSafeGuardOn: true,
  assistantAvatarUrl: null,
  inputTokens: 12_500,
  outputTokens: 340,
} as unknown as Assistant;

function renderEditor() {
  render(
    <AssistantEditor
      open
      onOpenChange={() => {}}
      assistant={null}
      initial={emptyForm('local:extractive')}
      models={models}
      modelsLoading={false}
      options={{ store: [], function: [], template: [] }}
      onSave={vi.fn()}
    />,
  );
  return screen.getByRole('dialog');
}

function renderList() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AssistantsList
          cards={[{ assistant, modelName: 'GPT-4o mini', storeNames: [], questionCount: 2 }]}
          onEdit={() => {}}
          onDelete={() => {}}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const now = Date.parse('2026-11-03T10:00:00.000Z');

describe('the assistants screens in Japanese', () => {
  it('shows the editor’s sections, prices, counter and the contract’s messages in Japanese', async () => {
    await act(() => i18n.changeLanguage('ja'));
    const sheet = renderEditor();
    expect(within(sheet).getByRole('heading', { name: '新しいアシスタント' })).toBeInTheDocument();
    expect(within(sheet).getByRole('region', { name: '基本情報' })).toBeInTheDocument();
    expect(within(sheet).getByText('無料')).toBeInTheDocument();
    expect(within(sheet).getByText('100万トークンあたり 入力 $0.15・出力 $0.60')).toBeInTheDocument();
    expect(within(sheet).getByText('0 / 32,000')).toBeInTheDocument();
    expect(within(sheet).getByText('関数はまだありません。追加した関数がここに表示されます。')).toBeInTheDocument();
    await userEvent.click(within(sheet).getByRole('button', { name: '質問を追加' }));
    expect(within(sheet).getByLabelText('質問 1')).toBeInTheDocument();

    await userEvent.click(within(sheet).getByRole('button', { name: 'アシスタントを作成' }));
    expect(within(sheet).getAllByText('この項目は空欄にできません。').length).toBeGreaterThan(0);
    expect(within(sheet).getByText('強調表示された項目を確認してください。')).toBeInTheDocument();
    expect(within(sheet).getByLabelText('名前')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a card with its status, counts and compact token use in Japanese', async () => {
    await act(() => i18n.changeLanguage('ja'));
    renderList();
    const card = screen.getByRole('listitem', { name: 'Shop helper' });
    expect(within(card).getByText('ストアが必要')).toBeInTheDocument();
    expect(within(card).getByText('セーフガード有効')).toBeInTheDocument();
    expect(within(card).getByText('2件の質問')).toBeInTheDocument();
    expect(within(card).getByText('汎用アシスタント')).toBeInTheDocument();
    expect(within(card).getByText('入力 1.3万・出力 340 トークン')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Shop helperを編集' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Shop helperのテスト' })).toHaveTextContent('テスト');
  });

  it('dates share links the Japanese way', async () => {
    await act(() => i18n.changeLanguage('ja'));
    expect(shareStatusChip({ isActive: true, expiresAt: null }, now).label).toBe('有効');
    expect(expiryText(null, now)).toBe('無期限');
    expect(expiryText('2026-11-01T00:00:00.000Z', now)).toMatch(/^2026\/11\/01 \d{1,2}:\d{2}に期限切れ$/);
  });
});

describe('the assistants screens in Thai', () => {
  it('shows the editor in Thai', async () => {
    await act(() => i18n.changeLanguage('th'));
    const sheet = renderEditor();
    expect(within(sheet).getByRole('heading', { name: 'สร้างผู้ช่วยใหม่' })).toBeInTheDocument();
    expect(within(sheet).getByRole('region', { name: 'ข้อมูลพื้นฐาน' })).toBeInTheDocument();
    expect(within(sheet).getByText('ฟรี')).toBeInTheDocument();
    expect(within(sheet).getByText('อินพุต US$0.15 · เอาต์พุต US$0.60 ต่อ 1 ล้านโทเค็น')).toBeInTheDocument();
    expect(within(sheet).getByText('0 / 32,000')).toBeInTheDocument();
    await userEvent.click(within(sheet).getByRole('button', { name: 'สร้างผู้ช่วย' }));
    expect(within(sheet).getByText('ช่องนี้ต้องไม่เว้นว่าง')).toBeInTheDocument();
    expect(within(sheet).getByText('โปรดตรวจสอบช่องที่ไฮไลต์ไว้')).toBeInTheDocument();
  });

  it('shows a card and the empty state in Thai', async () => {
    await act(() => i18n.changeLanguage('th'));
    renderList();
    const card = screen.getByRole('listitem', { name: 'Shop helper' });
    expect(within(card).getByText('ต้องมีคลังความรู้')).toBeInTheDocument();
    expect(within(card).getByText('2 คำถาม')).toBeInTheDocument();
    expect(within(card).getByText('อินพุต 12.5K · เอาต์พุต 340 โทเค็น')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'แชทกับ Shop helper' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'ทดสอบ Shop helper' })).toBeInTheDocument();
    render(<AssistantsEmptyState hasStores={false} onCreate={() => {}} />);
    expect(screen.getByRole('heading', { name: 'สร้างผู้ช่วยคนแรกของคุณ' })).toBeInTheDocument();
    expect(screen.getByText(/เคล็ดลับ: สร้างคลังความรู้ก่อน/)).toBeInTheDocument();
  });

  it('dates share links in the Thai calendar', async () => {
    await act(() => i18n.changeLanguage('th'));
    expect(shareStatusChip({ isActive: false, expiresAt: null }, now).label).toBe('ปิด');
    expect(expiryText('2026-12-01T00:00:00.000Z', now)).toMatch(/^หมดอายุ 1 ธ\.ค\. 2569 /);
  });
});
