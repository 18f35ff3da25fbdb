import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { lastMailTo, login } from '../../testing/account-flows';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { encodeUid, makePasswordResetToken } from './password-reset-token';

const SENT = { detail: 'Password reset e-mail has been sent.' };
const DONE = { detail: 'Password reset successful. You can now log in.' };
const INVALID = { detail: 'Invalid or expired token.' };

describe('password reset', () => {
  let t: TestApp;
  const requestReset = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/users/password-reset-request/', payload: payload as object });
  const confirmReset = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/users/password-reset-confirm/', payload: payload as object });

  /** Asks for a reset of `email` as typed and returns the uid and token from the mailed link. */
  async function resetLink(email: string) {
    expect((await requestReset({ email })).json()).toEqual(SENT);
    const link = new URL(lastMailTo(t, email.trim().toLowerCase()).link ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://aisle.test/users/reset-password');
    return { uid: link.searchParams.get('uid') ?? '', token: link.searchParams.get('token') ?? '' };
  }

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = t.mails.length;
    const res = await requestReset({ email: 'ghost@shop.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENT);
    expect(t.mails.length).toBe(before);
  });

  it('sends no link for a deactivated account', async () => {
    const user = await createVerifiedUser(t);
    await t.services.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const before = t.mails.length;
    expect((await requestReset({ email: user.email })).json()).toEqual(SENT);
    expect(t.mails.length).toBe(before);
  });

  it('resets the password once with the mailed link and signs the user out everywhere', async () => {
    const user = await createVerifiedUser(t, { email: 'rita@shop.com', password: 'old-password' });
    const { uid, token } = await resetLink(' RITA@shop.com');
    expect(lastMailTo(t, 'rita@shop.com').text).toContain('valid for 1 day');

    const res = await confirmReset({ uid, token, new_password: 'new-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DONE);

    expect((await login(t, 'rita@shop.com', 'old-password')).statusCode).toBe(401);
    expect((await login(t, 'rita@shop.com', 'new-password')).statusCode).toBe(200);

    // The refresh token from before the reset is revoked.
    const oldRefresh = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: user.refresh } });
    expect(oldRefresh.statusCode).toBe(401);
    expect(oldRefresh.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });

    // The link is single-use.
    const again = await confirmReset({ uid, token, new_password: 'third-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
    expect((await login(t, 'rita@shop.com', 'new-password')).statusCode).toBe(200);
  });

  it('accepts the bodies wrapped in "data" as spec §7 writes them', async () => {
    await createVerifiedUser(t, { email: 'sam@shop.com', password: 'old-password' });
    expect((await requestReset({ data: { email: 'sam@shop.com' } })).json()).toEqual(SENT);
    const link = new URL(lastMailTo(t, 'sam@shop.com').link ?? '');
    const res = await confirmReset({
      data: { uid: link.searchParams.get('uid'), token: link.searchParams.get('token'), new_password: 'wrapped-password' },
    });
    expect(res.json()).toEqual(DONE);
    expect((await login(t, 'sam@shop.com', 'wrapped-password')).statusCode).toBe(200);
  });

  it('invalidates an older link once a newer one was used', async () => {
    await createVerifiedUser(t, { email: 'tom@shop.com' });
    const first = await resetLink('tom@shop.com');
    const second = await resetLink('tom@shop.com');
    expect((await confirmReset({ ...second, new_password: 'second-password' })).json()).toEqual(DONE);
    expect((await confirmReset({ ...first, new_password: 'first-password' })).json()).toEqual(INVALID);
  });

  it('refuses a weak new password with a field message and keeps the link usable', async () => {
    await createVerifiedUser(t, { email: 'uma@shop.com', password: 'old-password' });
    const link = await resetLink('uma@shop.com');
    const weak = await confirmReset({ ...link, new_password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ new_password: ['This password is too short. It must contain at least 8 characters.'] });
    expect((await confirmReset({ ...link, new_password: 'long-enough' })).json()).toEqual(DONE);
  });

  it('refuses tampered, foreign, malformed and expired links with the same message', async () => {
    const victim = await createVerifiedUser(t, { email: 'vic@shop.com', password: 'old-password' });
    await createVerifiedUser(t, { email: 'mal@shop.com' });
    const own = await resetLink('mal@shop.com');
    const { env } = t.services;
    const [row] = await t.services.db.select().from(users).where(eq(users.id, victim.id));
    if (!row) throw new Error('victim row missing');
    const expired = makePasswordResetToken(row, {
      secret: env.JWT_SECRET,
      lifetimeSeconds: env.PASSWORD_RESET_LIFETIME,
      nowMs: Date.now() - (env.PASSWORD_RESET_LIFETIME + 60) * 1000,
    });
    const attempts = [
      { uid: encodeUid(victim.id), token: own.token }, // someone else's token
      { uid: encodeUid(victim.id), token: `${own.token.slice(0, -1)}${own.token.endsWith('0') ? '1' : '0'}` },
      { uid: encodeUid(victim.id), token: expired },
      { uid: 'not-base64-of-a-uuid', token: own.token },
      { uid: encodeUid('00000000-0000-4000-8000-000000000000'), token: own.token },
      { uid: encodeUid(victim.id), token: 'zzz' },
    ];
    for (const attempt of attempts) {
      const res = await confirmReset({ ...attempt, new_password: 'hijacked-password' });
      expect(res.statusCode, JSON.stringify(attempt)).toBe(400);
      expect(res.json()).toEqual(INVALID);
    }
    expect((await login(t, 'vic@shop.com', 'old-password')).statusCode).toBe(200);
  });

  it('does not mark an unverified account verified', async () => {
    await t.app.inject({ method: 'POST', url: '/api/users/create/', payload: { email: 'wes@shop.com', password: 'old-password' } });
    const link = await resetLink('wes@shop.com');
    expect((await confirmReset({ ...link, new_password: 'new-password' })).json()).toEqual(DONE);
    expect((await login(t, 'wes@shop.com', 'new-password')).json()).toEqual({ detail: 'Email is not verified.' });
  });

  it('requires every field', async () => {
    const res = await confirmReset({ uid: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ token: ['This field is required.'], new_password: ['This field is required.'] });
    const empty = await requestReset({});
    expect(empty.json()).toEqual({ email: ['This field is required.'] });
  });
});
