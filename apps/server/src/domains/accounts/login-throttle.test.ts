import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { FREE_FAILURES } from './login-throttle';

const THROTTLED = /^Request was throttled\. Expected available in \d+ seconds\.$/;

function signIn(t: TestApp, from: string, payload: { email: string; password: string }, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload,
    remoteAddress: from,
    headers: cookie ? { cookie } : {},
  });
}

/** The cookie part of the known-device Set-Cookie, as a browser or cookie jar sends it back. */
function deviceCookieOf(res: { headers: Record<string, unknown> }): string {
  const header = String(res.headers['set-cookie'] ?? '');
  expect(header).toMatch(/^aisle_device=[^;]+; .*HttpOnly/);
  return header.split(';')[0] as string;
}

/** Issue 28, finding 9: guessing one account's password from many addresses is throttled too. */
describe('per-account sign-in throttling', () => {
  let t: TestApp;

  beforeAll(async () => {
    // The per-address limit out of the way: every attempt below comes from its own address anyway.
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  it('refuses even the right password from a new address after repeated failures, and lets the owner’s known client in', async () => {
    const owner = await createVerifiedUser(t, { email: 'olga@shop.com', password: 'right-password' });
    const known = await signIn(t, '10.0.0.1', { email: owner.email, password: owner.password });
    expect(known.statusCode).toBe(200);
    const ownersCookie = deviceCookieOf(known);

    for (let i = 0; i < FREE_FAILURES; i++) {
      const res = await signIn(t, `10.1.0.${i + 1}`, { email: owner.email, password: `guess-${i}` });
      expect(res.statusCode).toBe(401);
    }
    const stranger = await signIn(t, '10.2.0.1', { email: owner.email, password: 'right-password' });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().detail).toMatch(THROTTLED);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);

    const ownerAgain = await signIn(t, '10.0.0.9', { email: owner.email, password: 'right-password' }, ownersCookie);
    expect(ownerAgain.statusCode).toBe(200);
    expect((ownerAgain.json() as { access: string }).access).toBeTruthy();
  });

  it('throttles e-mails without an account alike (a 429 does not tell whether an account exists)', async () => {
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect((await signIn(t, `10.3.0.${i + 1}`, { email: 'nobody@shop.com', password: 'guess' })).statusCode).toBe(401);
    }
    const refused = await signIn(t, '10.3.1.1', { email: 'nobody@shop.com', password: 'guess' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(THROTTLED);
  });

  it('does not honour a device marker from another account', async () => {
    const mine = await createVerifiedUser(t, { password: 'mine-password' });
    const target = await createVerifiedUser(t, { password: 'target-password' });
    const mineCookie = deviceCookieOf(await signIn(t, '10.4.0.1', { email: mine.email, password: mine.password }));
    for (let i = 0; i < FREE_FAILURES; i++) {
      await signIn(t, `10.4.1.${i + 1}`, { email: target.email, password: 'guess' }, mineCookie);
    }
    const res = await signIn(t, '10.4.2.1', { email: target.email, password: target.password }, mineCookie);
    expect(res.statusCode).toBe(429);
  });
});

describe('per-address sign-in limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('still refuses an address that tries too often, whatever the e-mails, and not the others', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await signIn(t, '10.9.0.1', { email: `someone-${i}@shop.com`, password: 'guess' })).statusCode).toBe(401);
    }
    const limited = await signIn(t, '10.9.0.1', { email: 'another@shop.com', password: 'guess' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(THROTTLED);
    expect((await signIn(t, '10.9.0.2', { email: 'another@shop.com', password: 'guess' })).statusCode).toBe(401);
  });
});
