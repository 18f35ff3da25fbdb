import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { ProfileSettings } from './profile-settings';
import { ReplySignatureSettings } from './reply-signature-settings';

vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({
    user: { email: 'sam@shop.test', tier: 'pro', admin: false, user_avatar_url: null },
    sessionStore: { getValidAccessToken: async () => 'T' },
  }),
}));

const team = { signed_as: 'team', display_name: '', shop_name: '', signature: 'The shop’s team' };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const speak = (language: string) => act(async () => void (await i18n.changeLanguage(language)));

function renderAccount() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ProfileSettings />
      <ReplySignatureSettings />
    </QueryClientProvider>,
  );
}

describe('/account: profile and reply signature', () => {
  it('in Japanese', async () => {
    await speak('ja');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(team));
    renderAccount();
    expect(screen.getByRole('heading', { name: 'プロフィール' })).toBeInTheDocument();
    expect(screen.getByText('ログイン中のアカウント')).toBeInTheDocument();
    expect(screen.getByText('proプラン')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '画像を変更' })).toBeInTheDocument();
    const section = within(await screen.findByRole('region', { name: '返信の署名' }));
    expect(await section.findByRole('radio', { name: 'ショップのスタッフ' })).toBeChecked();
    expect(section.getByRole('status')).toHaveTextContent('買い物客には「ショップのスタッフ」の署名で返信が表示されます。');
    expect(section.getByLabelText('表示名')).toHaveAttribute('placeholder', '例：山田 花子');
    expect(section.getByRole('button', { name: '保存' })).toBeDisabled();
  });

  it('in Thai', async () => {
    await speak('th');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(team));
    renderAccount();
    expect(screen.getByRole('heading', { name: 'โปรไฟล์' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'เปลี่ยนรูปโปรไฟล์' })).toBeInTheDocument();
    const section = within(await screen.findByRole('region', { name: 'ลงชื่อในการตอบกลับเป็น' }));
    expect(await section.findByRole('radio', { name: 'ทีมงานของร้าน' })).toBeChecked();
    expect(section.getByRole('radio', { name: 'ชื่อร้านของคุณ' })).not.toBeChecked();
    expect(section.getByRole('status')).toHaveTextContent('ลูกค้าจะเห็นการตอบกลับของคุณลงชื่อว่า “ทีมงานของร้าน”');
  });
});
