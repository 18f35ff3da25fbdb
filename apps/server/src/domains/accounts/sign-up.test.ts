import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailConfirmations, users } from '../../db/schema/users';
import { confirmationKeyFor, lastMailTo, login, signUp, signUpAndConfirm } from '../../testing/account-flows';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { hashConfirmationKey } from './email-confirmation-key';
import { isFirstUser } from './sign-up-user';

describe('sign-up and e-mail verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
    // The install's operator exists, so these sign-ups are regular accounts (the first one would be staff).
    await createVerifiedUser(t, { email: 'operator@shop.com', staff: true });
  });
  afterAll(() => t.close());

  it('takes a new user from sign-up through the mailed link to a signed-in session', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users/create/',
      payload: { email: 'ann@shop.com', password: 'correct horse' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ email: 'ann@shop.com', tier: 'basic' });

    const mail = lastMailTo(t, 'ann@shop.com');
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.text).toContain('The link is valid for 3 days.');
    expect(mail.link).toMatch(/^http:\/\/aisle\.test\/users\/verify-email\?key=[\w-]{40,}$/);
    expect(mail.text).toContain(mail.link);

    // Not verified yet: the right password gets the message the web app turns into its warning.
    const early = await login(t, 'ann@shop.com', 'correct horse');
    expect(early.statusCode).toBe(401);
    expect(early.json()).toEqual({ detail: 'Email is not verified.' });

    const confirmed = await t.app.inject(`/api/accounts/confirm-email/${confirmationKeyFor(t, 'ann@shop.com')}/`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ detail: 'Email successfully verified.' });

    const signedIn = await login(t, 'ann@shop.com', 'correct horse');
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json();
    expect(body).toEqual({
      access: expect.any(String),
      refresh: expect.any(String),
      user: { email: 'ann@shop.com', is_staff: false, tier: 'basic', user_avatar_url: null, language: 'en' },
    });

    const refreshed = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: body.refresh } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user).toEqual({ admin: false, email: 'ann@shop.com', tier: 'basic', user_avatar_url: null, language: 'en' });

    // Rotation: the refresh token that was just used is spent.
    const reused = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: body.refresh } });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });

    const verified = await t.app.inject({ method: 'POST', url: '/api/token/verify/', payload: { token: refreshed.json().access } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({});
    const decoded = await t.app.inject({ method: 'POST', url: '/api/token/decode/', payload: { token: refreshed.json().access } });
    expect(decoded.json()).toMatchObject({ token_type: 'access', email: 'ann@shop.com', is_staff: false, exp: expect.any(Number) });
  });

  it('stores e-mails trimmed and lower-cased, so the same address cannot sign up twice', async () => {
    expect(await signUp(t, '  Bob@Shop.COM ', 'password-bob')).toEqual({ email: 'bob@shop.com', tier: 'basic' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/create/',
      payload: { email: 'BOB@shop.com', password: 'another-password' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ email: ['A user with that email already exists.'] });
    expect(await t.services.db.select().from(users).where(eq(users.email, 'bob@shop.com'))).toHaveLength(1);
  });

  it('lets two simultaneous sign-ups for one e-mail create a single account', async () => {
    const payload = { email: 'race@shop.com', password: 'password-race' };
    const results = await Promise.all([0, 1].map(() => t.app.inject({ method: 'POST', url: '/api/users/create/', payload })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await t.services.db.select().from(users).where(eq(users.email, 'race@shop.com'))).toHaveLength(1);
  });

  it('refuses weak passwords and malformed e-mails with field messages, creating nobody', async () => {
    const short = await t.app.inject({ method: 'POST', url: '/api/users/create/', payload: { email: 'carl@shop.com', password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ password: ['This password is too short. It must contain at least 8 characters.'] });

    const numeric = await t.app.inject({
      method: 'POST',
      url: '/api/users/create/',
      payload: { email: 'carl@shop.com', password: '1234567890' },
    });
    expect(numeric.json()).toEqual({ password: ['This password is entirely numeric.'] });

    const badEmail = await t.app.inject({
      method: 'POST',
      url: '/api/users/create/',
      payload: { email: 'not-an-email', password: 'good password' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toEqual({ email: ['Enter a valid email address.'] });

    expect(await t.services.db.select().from(users).where(eq(users.email, 'carl@shop.com'))).toHaveLength(0);
    expect(t.mails.some((m) => m.to === 'carl@shop.com')).toBe(false);
  });

  it('stores only a hash of the verification key', async () => {
    await signUp(t, 'dora@shop.com', 'password-dora');
    const key = confirmationKeyFor(t, 'dora@shop.com');
    const rows = await t.services.db.select().from(emailConfirmations);
    expect(rows.some((r) => r.keyHash === key)).toBe(false);
    expect(rows.some((r) => r.keyHash === hashConfirmationKey(key))).toBe(true);
  });

  it('rejects unknown and expired verification keys with the same message', async () => {
    const unknown = await t.app.inject('/api/accounts/confirm-email/not-a-real-key/');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: 'Invalid or expired token.' });

    await signUp(t, 'finn@shop.com', 'password-finn');
    const key = confirmationKeyFor(t, 'finn@shop.com');
    await t.services.db
      .update(emailConfirmations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailConfirmations.keyHash, hashConfirmationKey(key)));
    const expired = await t.app.inject(`/api/accounts/confirm-email/${key}/`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: 'Invalid or expired token.' });
    expect((await login(t, 'finn@shop.com', 'password-finn')).json()).toEqual({ detail: 'Email is not verified.' });
  });

  it('says an address is already verified when its link is followed again, even once the link has expired', async () => {
    await signUpAndConfirm(t, 'eve@shop.com', 'password-eve');
    const key = confirmationKeyFor(t, 'eve@shop.com');
    const again = await t.app.inject(`/api/accounts/confirm-email/${key}/`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ detail: 'This email address is already verified.', already_verified: true });

    await t.services.db
      .update(emailConfirmations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailConfirmations.keyHash, hashConfirmationKey(key)));
    const later = await t.app.inject(`/api/accounts/confirm-email/${key}/`);
    expect(later.json()).toEqual({ detail: 'This email address is already verified.', already_verified: true });
    expect((await login(t, 'eve@shop.com', 'password-eve')).statusCode).toBe(200);
  });

  it('gives the same 401 for a wrong password, an unknown e-mail and a deactivated account', async () => {
    await signUpAndConfirm(t, 'gus@shop.com', 'password-gus');
    const expected = { detail: 'No active account found with the given credentials' };

    const wrong = await login(t, 'gus@shop.com', 'password-wrong');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(expected);

    const unknown = await login(t, 'nobody@shop.com', 'password-gus');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(expected);

    await t.services.db.update(users).set({ isActive: false }).where(eq(users.email, 'gus@shop.com'));
    const inactive = await login(t, 'gus@shop.com', 'password-gus');
    expect(inactive.statusCode).toBe(401);
    expect(inactive.json()).toEqual(expected);
  });

  it('signs in whatever case the e-mail is typed in, and records the sign-in time', async () => {
    await signUpAndConfirm(t, 'hana@shop.com', 'password-hana');
    const res = await login(t, ' HANA@Shop.com ', 'password-hana');
    expect(res.statusCode).toBe(200);
    const [row] = await t.services.db.select().from(users).where(eq(users.email, 'hana@shop.com'));
    expect(row?.lastLogin).toBeInstanceOf(Date);
    expect(Date.now() - (row?.lastLogin?.getTime() ?? 0)).toBeLessThan(60_000);
  });
});

describe('sign-up when the verification mail cannot be sent', () => {
  it('answers 500 and leaves the e-mail free to sign up again', async () => {
    const t = await createTestApp();
    try {
      t.services.mailer.send = async () => {
        throw new Error('SMTP down');
      };
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/create/',
        payload: { email: 'ivy@shop.com', password: 'password-ivy' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().detail).toMatch(/could not be sent/);
      expect(await t.services.db.select().from(users).where(eq(users.email, 'ivy@shop.com'))).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});

describe('the first account of a fresh install', () => {
  it('becomes staff; later sign-ups do not', async () => {
    const t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
    try {
      await signUpAndConfirm(t, 'founder@shop.com', 'password-founder');
      await signUpAndConfirm(t, 'second@shop.com', 'password-second');
      const founder = await login(t, 'founder@shop.com', 'password-founder');
      expect(founder.json().user).toMatchObject({ email: 'founder@shop.com', is_staff: true });
      const second = await login(t, 'second@shop.com', 'password-second');
      expect(second.json().user).toMatchObject({ email: 'second@shop.com', is_staff: false });
      // Staff can list everyone; the second account cannot.
      const list = (token: string) => t.app.inject({ url: '/api/users/', headers: { authorization: `Bearer ${token}` } });
      expect((await list(founder.json().access)).statusCode).toBe(200);
      expect((await list(second.json().access)).statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('makes exactly one staff member of simultaneous first sign-ups', async () => {
    const t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
    try {
      // Two sign-up transactions at once, the first holding its new user uncommitted for a while:
      // the second decides only once the first has committed, and so is not first.
      const { db } = t.services;
      const order: string[] = [];
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let checked = () => {};
      const firstChecked = new Promise<void>((resolve) => {
        checked = resolve;
      });
      const first = db.transaction(async (tx) => {
        const isFirst = await isFirstUser(tx);
        await tx.insert(users).values({ email: 'held@shop.com', passwordHash: '!', isStaff: isFirst });
        checked();
        await held;
        order.push('first commits');
        return isFirst;
      });
      await firstChecked;
      const second = db.transaction(async (tx) => {
        const isFirst = await isFirstUser(tx);
        order.push('second decides');
        return isFirst;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      expect(await first).toBe(true);
      expect(await second).toBe(false);
      expect(order).toEqual(['first commits', 'second decides']);
      await db.delete(users);

      // The same through the API.
      const emails = ['one@shop.com', 'two@shop.com', 'three@shop.com', 'four@shop.com'];
      const results = await Promise.all(
        emails.map((email) => t.app.inject({ method: 'POST', url: '/api/users/create/', payload: { email, password: 'same-password' } })),
      );
      expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
      const rows = await t.services.db.select({ email: users.email, isStaff: users.isStaff }).from(users);
      expect(rows).toHaveLength(4);
      expect(rows.filter((row) => row.isStaff)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('is not staff when the install already has a user (made by `user:create` or a shop)', async () => {
    const t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
    try {
      await createVerifiedUser(t, { email: 'operator@shop.com', staff: true });
      await signUpAndConfirm(t, 'newcomer@shop.com', 'password-newcomer');
      expect((await login(t, 'newcomer@shop.com', 'password-newcomer')).json().user.is_staff).toBe(false);
    } finally {
      await t.close();
    }
  });
});
