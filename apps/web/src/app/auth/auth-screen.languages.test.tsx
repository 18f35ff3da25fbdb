import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertArea } from '@/components/alerts/alert-area';
import { alertStore } from '@/components/alerts/alert-store';
import { i18n } from '@/i18n/i18n';
import { AuthProvider } from './auth-provider';
import { AuthScreen } from './auth-screen';

function renderScreen() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <AuthProvider>
        <Routes>
          <Route path="/" element={<AuthScreen />} />
        </Routes>
      </AuthProvider>
      <AlertArea />
    </MemoryRouter>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What a merchant reads on the first screen, in each language Aisle ships besides English. */
const languages = [
  {
    language: 'ja',
    title: 'おかえりなさい',
    subtitle: 'ログインしてAIの活用を続けましょう',
    google: 'Googleで続行（近日公開）',
    email: 'メールアドレス',
    password: 'パスワード',
    signIn: 'ログイン',
    forgot: 'パスワードをお忘れですか？',
    toSignUp: '無料アカウントを作成',
    toSignIn: 'アカウントにログイン',
    signUpTitle: '新規登録',
    confirmPassword: 'パスワード（確認）',
    createAccount: 'アカウントを作成',
    mismatch: 'パスワードが一致しません',
    resetTitle: 'パスワードの再設定',
    backToLogin: 'ログイン画面に戻る',
    unverifiedTitle: 'メールアドレスの確認が必要です',
    unverified: 'メールアドレスが確認されていません。受信トレイに届いた確認メールをご確認ください。',
    close: '閉じる',
  },
  {
    language: 'th',
    title: 'ยินดีต้อนรับกลับมา',
    subtitle: 'เข้าสู่ระบบเพื่อใช้งาน AI ต่อ',
    google: 'ดำเนินการต่อด้วย Google (เร็วๆ นี้)',
    email: 'อีเมล',
    password: 'รหัสผ่าน',
    signIn: 'เข้าสู่ระบบ',
    forgot: 'ลืมรหัสผ่าน?',
    toSignUp: 'สร้างบัญชีฟรี',
    toSignIn: 'เข้าสู่ระบบบัญชีของคุณ',
    signUpTitle: 'สมัครใช้งาน',
    confirmPassword: 'ยืนยันรหัสผ่าน',
    createAccount: 'สร้างบัญชี',
    mismatch: 'รหัสผ่านไม่ตรงกัน',
    resetTitle: 'รีเซ็ตรหัสผ่าน',
    backToLogin: 'กลับไปหน้าเข้าสู่ระบบ',
    unverifiedTitle: 'ต้องยืนยันอีเมล',
    unverified: 'อีเมลของคุณยังไม่ได้รับการยืนยัน โปรดตรวจสอบอีเมลยืนยันในกล่องจดหมาย',
    close: 'ปิด',
  },
] as const;

describe.each(languages)('the authentication screen in $language', (texts) => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage(texts.language));
  });
  afterEach(() => act(() => alertStore.clear()));

  it('reads the sign-in, sign-up and reset modes in the merchant’s language', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderScreen();
    expect(screen.getByRole('heading', { name: texts.title })).toBeInTheDocument();
    expect(screen.getByText(texts.subtitle)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: texts.google })).toBeDisabled();
    expect(screen.getByLabelText(texts.email)).toBeInTheDocument();
    expect(screen.getByLabelText(texts.password)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: texts.signIn })).toBeInTheDocument();
    expect(screen.queryByText('Welcome Back')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: texts.toSignUp }));
    expect(screen.getByRole('heading', { name: texts.signUpTitle })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(texts.email), 'ann@shop.test');
    await userEvent.type(screen.getByLabelText(texts.password), 'correct horse 1');
    await userEvent.type(screen.getByLabelText(texts.confirmPassword), 'correct horse 2');
    await userEvent.click(screen.getByRole('button', { name: texts.createAccount }));
    expect(screen.getByRole('alert')).toHaveTextContent(texts.mismatch);
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: texts.toSignIn }));
    await userEvent.click(screen.getByRole('button', { name: texts.forgot }));
    expect(screen.getByRole('heading', { name: texts.resetTitle })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: texts.backToLogin }));
    expect(screen.getByRole('heading', { name: texts.title })).toBeInTheDocument();
  });

  it('shows the spec §8 alert in the merchant’s language, with a translated close button', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(401, { detail: 'Email is not verified.' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderScreen();
    await userEvent.type(screen.getByLabelText(texts.email), 'ann@shop.test');
    await userEvent.type(screen.getByLabelText(texts.password), 'secret words');
    await userEvent.click(screen.getByRole('button', { name: texts.signIn }));
    expect(await screen.findByText(texts.unverifiedTitle)).toBeInTheDocument();
    expect(screen.getByText(texts.unverified)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: texts.close }));
    expect(screen.queryByText(texts.unverified)).not.toBeInTheDocument();
  });
});
