import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailConfirmations, users } from '../../db/schema/users';
import { bearer, confirmationKeyFor, lastMailTo, login } from '../../testing/account-flows';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';

const RESENT = { detail: 'If this address is waiting for verification, a new link is on its way.' };
const WRONG_CURRENT = { current_password: ['Your old password was entered incorrectly. Please enter it again.'] };
const INVALID_TOKEN = { detail: 'Token is invalid or expired', code: 'token_not_valid' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  await createVerifiedUser(t, { email: 'operator@shop.com', staff: true });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
const me = (id: string, token: string) => t.app.inject({ url: `/api/users/${id}/`, headers: bearer(token) });
const mailsTo = (email: string) => t.mails.filter((mail) => mail.to === email).length;

describe('resend the verification e-mail', () => {
  const resend = (payload: unknown) => post('/api/users/resend-verification/', payload);

  it('sends a new link in the account’s language; only the newest link works', async () => {
    const created = await post('/api/users/create/', { email: 'yui@shop.jp', password: 'password-yui', language: 'ja' });
    expect(created.statusCode).toBe(201);
    const firstKey = confirmationKeyFor(t, 'yui@shop.jp');

    const res = await resend({ email: ' YUI@shop.jp ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(RESENT);
    expect(mailsTo('yui@shop.jp')).toBe(2);
    const mail = lastMailTo(t, 'yui@shop.jp');
    expect(mail.subject).toBe('メールアドレスのご確認');
    const newKey = confirmationKeyFor(t, 'yui@shop.jp');
    expect(newKey).not.toBe(firstKey);

    const old = await t.app.inject(`/api/accounts/confirm-email/${firstKey}/`);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ detail: 'Invalid or expired token.' });
    expect((await login(t, 'yui@shop.jp', 'password-yui')).json()).toEqual({ detail: 'Email is not verified.' });

    const confirmed = await t.app.inject(`/api/accounts/confirm-email/${newKey}/`);
    expect(confirmed.json()).toEqual({ detail: 'Email successfully verified.' });
    expect((await login(t, 'yui@shop.jp', 'password-yui')).statusCode).toBe(200);
  });

  it('answers the same and sends nothing for verified, unknown and deactivated addresses', async () => {
    const verified = await createVerifiedUser(t, { email: 'verified@shop.com' });
    await post('/api/users/create/', { email: 'inactive@shop.com', password: 'password-inactive' });
    await t.services.db.update(users).set({ isActive: false }).where(eq(users.email, 'inactive@shop.com'));
    const before = t.mails.length;
    for (const email of [verified.email, 'nobody@shop.com', 'inactive@shop.com', 'not-even-an-address']) {
      const res = await resend({ email });
      expect(res.statusCode, email).toBe(200);
      expect(res.json()).toEqual(RESENT);
    }
    expect(t.mails.length).toBe(before);
  });

  it('refuses bad bodies with field errors and sends nothing', async () => {
    await post('/api/users/create/', { email: 'pending@shop.com', password: 'password-pending' });
    const keysBefore = await t.services.db.select().from(emailConfirmations);
    const before = t.mails.length;
    const bodies: [unknown, string][] = [
      [{}, 'This field is required.'],
      [{ email: 5 }, 'Expected string, received number.'],
      [{ email: '' }, 'This field may not be blank.'],
      [{ email: `pending\u0000@shop.com` }, 'Null characters are not allowed.'],
      [{ email: `${'a'.repeat(10_000)}@shop.com` }, 'Ensure this field has no more than 254 characters.'],
    ];
    for (const [body, message] of bodies) {
      const res = await resend(body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ email: [message] });
    }
    expect(t.mails.length).toBe(before);
    expect(await t.services.db.select().from(emailConfirmations)).toEqual(keysBefore);
  });
});

describe('change password', () => {
  const change = (token: string, payload: unknown) => post('/api/users/change-password/', payload, token);

  it('sets the new password, ends every other session and keeps this one signed in with a fresh pair', async () => {
    const user = await createVerifiedUser(t, { email: 'paula@shop.com', password: 'old-password' });
    await t.app.inject({ method: 'POST', url: '/api/users/update-language/', headers: bearer(user.access), payload: { language: 'th' } });
    const otherDevice = (await login(t, 'paula@shop.com', 'old-password')).json();

    const res = await change(user.access, { current_password: 'old-password', new_password: 'new-password-1' });
    expect(res.statusCode, res.body).toBe(200);
    const pair = res.json();
    expect(pair).toEqual({
      access: expect.any(String),
      refresh: expect.any(String),
      user: { email: 'paula@shop.com', is_staff: false, tier: 'basic', user_avatar_url: null, language: 'th' },
    });

    // The new pair works, for calls and for a refresh.
    expect((await me(user.id, pair.access)).statusCode).toBe(200);
    const refreshed = await post('/api/token/refresh/', { refresh: pair.refresh });
    expect(refreshed.statusCode).toBe(200);

    // Every token from before is refused: this browser's old ones and the other device's.
    for (const token of [user.access, otherDevice.access]) {
      const res = await me(user.id, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID_TOKEN);
    }
    for (const refresh of [user.refresh, otherDevice.refresh]) {
      expect((await post('/api/token/refresh/', { refresh })).json()).toEqual(INVALID_TOKEN);
    }

    expect((await login(t, 'paula@shop.com', 'old-password')).statusCode).toBe(401);
    expect((await login(t, 'paula@shop.com', 'new-password-1')).statusCode).toBe(200);
  });

  it('refuses a wrong current password on its field, changing nothing and ending no session', async () => {
    const user = await createVerifiedUser(t, { password: 'right-password' });
    const [before] = await t.services.db.select().from(users).where(eq(users.id, user.id));
    const res = await change(user.access, { current_password: 'wrong-password', new_password: 'new-password-2' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(WRONG_CURRENT);
    const [after] = await t.services.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toEqual(before);
    expect((await me(user.id, user.access)).statusCode).toBe(200);
    expect((await login(t, user.email, 'right-password')).statusCode).toBe(200);
  });

  it('holds the new password to the sign-up rule, and refuses bad bodies, changing nothing', async () => {
    const user = await createVerifiedUser(t, { password: 'right-password' });
    const [before] = await t.services.db.select().from(users).where(eq(users.id, user.id));
    const bodies: [unknown, Record<string, string[]>][] = [
      [
        { current_password: 'right-password', new_password: 'short' },
        { new_password: ['This password is too short. It must contain at least 8 characters.'] },
      ],
      [{ current_password: 'right-password', new_password: '1234567890' }, { new_password: ['This password is entirely numeric.'] }],
      [{}, { current_password: ['This field is required.'], new_password: ['This field is required.'] }],
      [{ current_password: 'right-password' }, { new_password: ['This field is required.'] }],
      [{ current_password: 42, new_password: 'new-password-3' }, { current_password: ['Expected string, received number.'] }],
      [{ current_password: 'right-password', new_password: 'new\u0000password' }, { new_password: ['Null characters are not allowed.'] }],
      [
        { current_password: 'right-password', new_password: 'p'.repeat(10_000) },
        { new_password: ['Ensure this field has no more than 1024 characters.'] },
      ],
      [
        { current_password: 'r'.repeat(10_000), new_password: 'new-password-3' },
        { current_password: ['Ensure this field has no more than 1024 characters.'] },
      ],
    ];
    for (const [body, expected] of bodies) {
      const res = await change(user.access, body);
      expect(res.statusCode, JSON.stringify(expected)).toBe(400);
      expect(res.json()).toEqual(expected);
    }
    const [after] = await t.services.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toEqual(before);
    expect((await me(user.id, user.access)).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const res = await post('/api/users/change-password/', { current_password: 'x', new_password: 'new-password-4' });
    expect(res.statusCode).toBe(401);
  });
});
