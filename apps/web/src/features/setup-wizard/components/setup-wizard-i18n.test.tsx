import { WIZARD_FLAGS } from '@aisle/contracts/setup-wizard';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import type { WizardRecord } from '../wizard-record';
import { SetupWizard } from './setup-wizard';

vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'owner@ann.myshopify.com' }, sessionStore: { getValidAccessToken: async () => 'token' } }),
}));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: { request: vi.fn() } }) }));

const record = (done: number, extra: Partial<WizardRecord> = {}): WizardRecord => ({
  id: 'w1',
  ownerEmail: 'owner@ann.myshopify.com',
  currentStep: 'NOT_STARTED',
  status: 'Working...',
  completed: false,
  ...Object.fromEntries(WIZARD_FLAGS.map((flag, index) => [flag, index < done])),
  ...extra,
});

describe('the setup wizard in Japanese and Thai', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers to start or skip in Japanese, and says when the start failed', async () => {
    await act(() => i18n.changeLanguage('ja'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    render(<SetupWizard record={undefined} onSkip={() => {}} />);
    expect(screen.getByRole('heading', { name: 'AIアシスタントを設定' })).toBeInTheDocument();
    expect(screen.getByText(/通常2～5分かかります。/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '今はスキップ' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'セットアップウィザードを開始' }));
    expect(await screen.findByRole('heading', { name: 'セットアップに失敗しました' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ウィザードをスキップ' })).toBeInTheDocument();
  });

  it('shows the progress checklist in Japanese', async () => {
    await act(() => i18n.changeLanguage('ja'));
    render(<SetupWizard record={record(4)} onSkip={() => {}} />);
    expect(screen.getByTestId('wizard-percentage')).toHaveTextContent('30%');
    const rows = screen.getByRole('list', { name: 'セットアップの手順' }).querySelectorAll('li');
    expect(rows[0]).toHaveTextContent('ページを取得しました');
    expect(rows[3]).toHaveTextContent('ベクトルストアを作成しました');
    expect(rows[3]).toHaveTextContent('処理中...');
    expect(rows[9]).toHaveTextContent('Shopifyの設定を更新しました');
    expect(screen.getAllByText('完了')).toHaveLength(3);
  });

  it('shows the progress checklist and a failed run in Thai', async () => {
    await act(() => i18n.changeLanguage('th'));
    const { unmount } = render(<SetupWizard record={record(2)} onSkip={() => {}} />);
    expect(screen.getByRole('heading', { name: 'ตั้งค่าผู้ช่วย AI ของคุณ' })).toBeInTheDocument();
    expect(screen.getByTestId('wizard-percentage')).toHaveTextContent('20%');
    expect(screen.getByText('ดึงข้อมูลหน้าเว็บแล้ว')).toBeInTheDocument();
    expect(screen.getByText('อัปเดตการตั้งค่า Shopify แล้ว')).toBeInTheDocument();
    expect(screen.getAllByText('เสร็จแล้ว')).toHaveLength(2);
    unmount();

    render(<SetupWizard record={record(2, { status: 'Failed' })} onSkip={() => {}} />);
    expect(screen.getByRole('heading', { name: 'ตั้งค่ายังไม่เสร็จ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ข้ามตัวช่วยตั้งค่า' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ลองอีกครั้ง' })).toBeInTheDocument();
  });
});
