import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { bearer, confirmationKeyFor, lastMailTo, login } from '../../testing/account-flows';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { describeDuration } from './describe-duration';

describe('describeDuration', () => {
  it('says a lifetime the way each language does', () => {
    expect(describeDuration(3 * 86_400)).toBe('3 days');
    expect(describeDuration(86_400, 'en')).toBe('1 day');
    expect(describeDuration(5_400, 'en')).toBe('90 minutes');
    expect(describeDuration(90, 'en')).toBe('90 seconds');
    expect(describeDuration(3 * 86_400, 'ja')).toBe('3日間');
    expect(describeDuration(86_400, 'ja')).toBe('1日間');
    expect(describeDuration(7_200, 'ja')).toBe('2時間');
    expect(describeDuration(1_800, 'ja')).toBe('30分間');
    expect(describeDuration(45, 'ja')).toBe('45秒間');
    expect(describeDuration(3 * 86_400, 'th')).toBe('3 วัน');
    expect(describeDuration(3_600, 'th')).toBe('1 ชั่วโมง');
    expect(describeDuration(600, 'th')).toBe('10 นาที');
  });
});

describe("the account's language", () => {
  let t: TestApp;
  const signUp = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/users/create/', payload: payload as object, headers });
  const setLanguage = (token: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/users/update-language/', headers: bearer(token), payload: payload as object });
  const languageOf = async (email: string) => (await t.services.db.select().from(users).where(eq(users.email, email)))[0]?.language;
  const confirm = async (email: string) => {
    const res = await t.app.inject(`/api/accounts/confirm-email/${confirmationKeyFor(t, email)}/`);
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
    await createVerifiedUser(t, { email: 'operator@shop.com', staff: true });
  });
  afterAll(() => t.close());

  it('writes the verification mail in the language chosen at sign-up, and shows it at sign-in and refresh', async () => {
    const res = await signUp({ email: 'aiko@shop.jp', password: 'password-aiko', language: 'ja' }, { 'accept-language': 'th' });
    expect(res.statusCode, res.body).toBe(201);
    const mail = lastMailTo(t, 'aiko@shop.jp');
    expect(mail.subject).toBe('メールアドレスのご確認');
    expect(mail.text).toContain('このリンクは3日間有効です。');
    expect(mail.text).toContain(mail.link);
    await confirm('aiko@shop.jp');

    const signedIn = await login(t, 'aiko@shop.jp', 'password-aiko');
    expect(signedIn.json().user).toEqual({ email: 'aiko@shop.jp', is_staff: false, tier: 'basic', user_avatar_url: null, language: 'ja' });
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: signedIn.json().refresh } });
    expect(refreshed.json().user).toEqual({ admin: false, email: 'aiko@shop.jp', tier: 'basic', user_avatar_url: null, language: 'ja' });
  });

  it("takes the browser's Accept-Language when the form sends none", async () => {
    await signUp({ email: 'somchai@shop.co.th', password: 'password-somchai' }, { 'accept-language': 'fr-FR;q=0.9, th-TH, en;q=0.5' });
    const mail = lastMailTo(t, 'somchai@shop.co.th');
    expect(mail.subject).toBe('ยืนยันอีเมลของคุณ');
    expect(mail.text).toContain('ลิงก์นี้มีอายุ 3 วัน');
    expect(await languageOf('somchai@shop.co.th')).toBe('th');

    await signUp({ email: 'jean@shop.fr', password: 'password-jean' }, { 'accept-language': 'fr-FR, de;q=0.8' });
    expect(lastMailTo(t, 'jean@shop.fr').subject).toBe('Confirm your e-mail address');
    expect(await languageOf('jean@shop.fr')).toBe('en');

    await signUp({ email: 'nobody-said@shop.com', password: 'password-nobody' });
    expect(await languageOf('nobody-said@shop.com')).toBe('en');
  });

  it('refuses a language Aisle does not speak at sign-up, creating nobody', async () => {
    for (const language of ['fr', 'JA', '', 5, null, 'ja\u0000', 'x'.repeat(10_000)]) {
      const res = await signUp({ email: 'lang-test@shop.com', password: 'password-lang', language });
      expect(res.statusCode, JSON.stringify(language)).toBe(400);
      expect(Object.keys(res.json())).toEqual(['language']);
    }
    expect(await languageOf('lang-test@shop.com')).toBeUndefined();
    expect(t.mails.some((mail) => mail.to === 'lang-test@shop.com')).toBe(false);
  });

  it('saves a new language; later mails (password reset) and sign-ins use it', async () => {
    const user = await createVerifiedUser(t, { email: 'ken@shop.jp' });
    const res = await setLanguage(user.access, { language: 'ja' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ language: 'ja' });
    expect((await login(t, 'ken@shop.jp', user.password)).json().user.language).toBe('ja');

    await t.app.inject({ method: 'POST', url: '/api/users/password-reset-request/', payload: { email: 'ken@shop.jp' } });
    const reset = lastMailTo(t, 'ken@shop.jp');
    expect(reset.subject).toBe('パスワードの再設定');
    expect(reset.text).toContain('このリンクは1回限り、1日間有効です。');

    expect((await setLanguage(user.access, { language: 'th' })).json()).toEqual({ language: 'th' });
    await t.app.inject({ method: 'POST', url: '/api/users/password-reset-request/', payload: { email: 'ken@shop.jp' } });
    expect(lastMailTo(t, 'ken@shop.jp').subject).toBe('รีเซ็ตรหัสผ่านของคุณ');
    expect(lastMailTo(t, 'ken@shop.jp').text).toContain('มีอายุ 1 วัน');

    expect((await setLanguage(user.access, { language: 'en' })).json()).toEqual({ language: 'en' });
    await t.app.inject({ method: 'POST', url: '/api/users/password-reset-request/', payload: { email: 'ken@shop.jp' } });
    expect(lastMailTo(t, 'ken@shop.jp').subject).toBe('Reset your password');
    expect(lastMailTo(t, 'ken@shop.jp').text).toContain('is valid for 1 day.');
  });

  it('changes only the caller’s language, and nothing on a bad body', async () => {
    const mine = await createVerifiedUser(t);
    const other = await createVerifiedUser(t);
    await setLanguage(mine.access, { language: 'th' });
    expect(await languageOf(other.email)).toBe('en');

    const bad: [unknown, string][] = [
      [{}, 'This field is required.'],
      [{ language: 5 }, ''],
      [{ language: 'xx' }, 'Choose one of: en, ja, th.'],
      [{ language: 'ja\u0000' }, ''],
      [{ language: 'j'.repeat(10_000) }, ''],
      [{ language: ['ja'] }, ''],
    ];
    for (const [body, message] of bad) {
      const res = await setLanguage(mine.access, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 50)).toBe(400);
      const fields = res.json() as Record<string, string[]>;
      expect(Object.keys(fields)).toEqual(['language']);
      if (message) expect(fields.language?.[0]).toBe(message);
    }
    expect(await languageOf(mine.email)).toBe('th');

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/users/update-language/', payload: { language: 'ja' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
