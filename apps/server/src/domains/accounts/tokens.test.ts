import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema/users';
import { bearer, login } from '../../testing/account-flows';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { createTokenSigner } from './tokens';

const INVALID = { detail: 'Token is invalid or expired', code: 'token_not_valid' };

describe('token calls', () => {
  let t: TestApp;
  const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
  const verify = (token: string) => t.app.inject({ method: 'POST', url: '/api/token/verify/', payload: { token } });
  const decode = (token: string) => t.app.inject({ method: 'POST', url: '/api/token/decode/', payload: { token } });

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  it('signs staff in with is_staff at login and admin at refresh', async () => {
    const staff = await createVerifiedUser(t, { email: 'boss@shop.com', password: 'password-boss', staff: true });
    const res = await login(t, staff.email, staff.password);
    expect(res.json().user).toEqual({ email: 'boss@shop.com', is_staff: true, tier: 'basic', user_avatar_url: null, language: 'en' });
    expect((await refresh(res.json().refresh)).json().user).toEqual({
      admin: true,
      email: 'boss@shop.com',
      tier: 'basic',
      user_avatar_url: null,
      language: 'en',
    });
  });

  it('records each refresh token and revokes the used one when rotating', async () => {
    const user = await createVerifiedUser(t);
    const first = await decode(user.refresh);
    const rotated = await refresh(user.refresh);
    expect(rotated.statusCode).toBe(200);
    const second = await decode(rotated.json().refresh);
    const rows = await t.services.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    const byJti = new Map(rows.map((r) => [r.jti, r]));
    expect(byJti.get(first.json().jti)?.revokedAt).toBeInstanceOf(Date);
    expect(byJti.get(second.json().jti)?.revokedAt).toBeNull();

    // The new refresh token keeps working, once; the chain can go on.
    const again = await refresh(rotated.json().refresh);
    expect(again.statusCode).toBe(200);
    expect((await refresh(rotated.json().refresh)).json()).toEqual(INVALID);
  });

  it('lets only one of two simultaneous refreshes with the same token succeed', async () => {
    const user = await createVerifiedUser(t);
    const results = await Promise.all([refresh(user.refresh), refresh(user.refresh)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const outstanding = await t.services.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(outstanding.filter((r) => r.revokedAt === null)).toHaveLength(1);
  });

  it('refuses to refresh with an access token, garbage, a forged or an expired token', async () => {
    const user = await createVerifiedUser(t);
    for (const token of [user.access, 'garbage', `${user.refresh.slice(0, -4)}AAAA`]) {
      const res = await refresh(token);
      expect(res.statusCode, token).toBe(401);
      expect(res.json()).toEqual(INVALID);
    }
    const forger = createTokenSigner({
      secret: 'another-secret-another-secret-another-secret',
      accessLifetimeSeconds: 300,
      refreshLifetimeSeconds: 3600,
    });
    const forged = await forger.sign('refresh', { userId: user.id, email: user.email, isStaff: true, tokenVersion: 0 });
    expect((await refresh(forged.token)).json()).toEqual(INVALID);

    const past = pastSigner(t);
    const expired = await past.sign('refresh', { userId: user.id, email: user.email, isStaff: false, tokenVersion: 0 });
    expect((await refresh(expired.token)).statusCode).toBe(401);
  });

  it('refuses to refresh for a user deactivated since signing in', async () => {
    const user = await createVerifiedUser(t);
    await t.services.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const res = await refresh(user.refresh);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID);
  });

  it('verifies and decodes valid access and refresh tokens', async () => {
    const user = await createVerifiedUser(t, { email: 'vera@shop.com' });
    for (const token of [user.access, user.refresh]) {
      const verified = await verify(token);
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({});
    }
    const claims = (await decode(user.refresh)).json();
    expect(claims).toEqual({
      token_type: 'refresh',
      jti: expect.any(String),
      user_id: user.id,
      email: 'vera@shop.com',
      is_staff: false,
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    expect(claims.exp - claims.iat).toBe(t.services.env.REFRESH_TOKEN_LIFETIME);
    const access = (await decode(user.access)).json();
    expect(access.token_type).toBe('access');
    expect(access.exp - access.iat).toBe(t.services.env.ACCESS_TOKEN_LIFETIME);
  });

  it('no longer verifies or decodes a refresh token that was rotated away', async () => {
    const user = await createVerifiedUser(t);
    await refresh(user.refresh);
    for (const call of [verify, decode]) {
      const res = await call(user.refresh);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID);
    }
  });

  it('rejects expired and malformed tokens on verify and decode', async () => {
    const user = await createVerifiedUser(t);
    const expired = await pastSigner(t).sign('access', { userId: user.id, email: user.email, isStaff: false, tokenVersion: 0 });
    for (const token of [expired.token, 'not.a.jwt', 'x']) {
      for (const call of [verify, decode]) {
        const res = await call(token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(INVALID);
      }
    }
  });

  it('stops accepting an access token on authenticated calls once it expires', async () => {
    const user = await createVerifiedUser(t);
    const expired = await pastSigner(t).sign('access', { userId: user.id, email: user.email, isStaff: false, tokenVersion: 0 });
    const res = await t.app.inject({ url: `/api/users/${user.id}/`, headers: bearer(expired.token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID);
    expect((await t.app.inject({ url: `/api/users/${user.id}/`, headers: bearer(user.access) })).statusCode).toBe(200);
  });
});

describe('short access-token lifetime', () => {
  it('expires access tokens after ACCESS_TOKEN_LIFETIME seconds while the refresh token still works', async () => {
    // Two seconds, not one: expiry is checked in whole seconds, so a one-second token signed just
    // before a second ticks over could already count as expired on its first use.
    const t = await createTestApp({ ACCESS_TOKEN_LIFETIME: '2' });
    try {
      const user = await createVerifiedUser(t);
      expect((await t.app.inject({ url: `/api/users/${user.id}/`, headers: bearer(user.access) })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 3100));
      const stale = await t.app.inject({ url: `/api/users/${user.id}/`, headers: bearer(user.access) });
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toEqual(INVALID);
      const renewed = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: user.refresh } });
      expect(renewed.statusCode).toBe(200);
      expect((await t.app.inject({ url: `/api/users/${user.id}/`, headers: bearer(renewed.json().access) })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

/** The app's own secret, but a clock two days back: every token it signs is already expired. */
function pastSigner(t: TestApp) {
  const { env } = t.services;
  return createTokenSigner({
    secret: env.JWT_SECRET,
    accessLifetimeSeconds: env.ACCESS_TOKEN_LIFETIME,
    refreshLifetimeSeconds: env.REFRESH_TOKEN_LIFETIME,
    now: () => Date.now() - 2 * 86_400_000,
  });
}
