import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, lastMailTo, login } from '../../testing/account-flows';
import { collect, listen, wsClient } from '../../testing/graphql-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { provisionUser } from './provision-user';

const ENDED = { detail: 'Token is invalid or expired', code: 'token_not_valid' };

/** Issue 28, finding 7: sessions end at once when the password is set or the staff flag removed. */
describe('ending sessions', () => {
  let t: TestApp;
  const signature = (access: string) => t.app.inject({ url: '/api/users/reply-signature/', headers: bearer(access) });
  const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  it('refuses the access and refresh tokens from before a password reset, and a new sign-in works', async () => {
    const user = await createVerifiedUser(t, { email: 'rosa@shop.com', password: 'old-password' });
    expect((await signature(user.access)).statusCode).toBe(200);

    await t.app.inject({ method: 'POST', url: '/api/users/password-reset-request/', payload: { email: user.email } });
    const link = new URL(lastMailTo(t, user.email).link ?? '');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/users/password-reset-confirm/',
      payload: { uid: link.searchParams.get('uid'), token: link.searchParams.get('token'), new_password: 'new-password' },
    });
    expect(confirmed.statusCode).toBe(200);

    const oldAccess = await signature(user.access);
    expect(oldAccess.statusCode).toBe(401);
    expect(oldAccess.json()).toEqual(ENDED);
    const verified = await t.app.inject({ method: 'POST', url: '/api/token/verify/', payload: { token: user.access } });
    expect(verified.statusCode).toBe(401);
    expect((await refresh(user.refresh)).json()).toEqual(ENDED);

    const fresh = await login(t, user.email, 'new-password');
    expect(fresh.statusCode).toBe(200);
    const pair = fresh.json() as { access: string; refresh: string };
    expect((await signature(pair.access)).statusCode).toBe(200);
    const rotated = await refresh(pair.refresh);
    expect(rotated.statusCode).toBe(200);
    expect((await signature((rotated.json() as { access: string }).access)).statusCode).toBe(200);
  });

  it('ends the sessions of a staff user whose staff flag the operator removes (npm run user:create without --staff)', async () => {
    const staff = await createVerifiedUser(t, { staff: true });
    const list = await t.app.inject({ url: '/api/users/', headers: bearer(staff.access) });
    expect(list.statusCode).toBe(200);

    await provisionUser({ db: t.services.db, tokens: t.services.tokens, email: staff.email, password: 'demoted-password', isStaff: false });

    const stale = await t.app.inject({ url: '/api/users/', headers: bearer(staff.access) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual(ENDED);
    expect((await refresh(staff.refresh)).json()).toEqual(ENDED);

    const again = await login(t, staff.email, 'demoted-password');
    expect(again.statusCode).toBe(200);
    const { access, user } = again.json() as { access: string; user: { is_staff: boolean } };
    expect(user.is_staff).toBe(false);
    expect((await t.app.inject({ url: '/api/users/', headers: bearer(access) })).statusCode).toBe(403);
  });

  it('closes the live connection opened with a token from before, and leaves other users’ open', async () => {
    const port = await listen(t);
    const [user, bystander] = [await createVerifiedUser(t), await createVerifiedUser(t)];
    const closes = new Map<string, number>();
    const open = (who: { email: string; access: string }) => {
      const client = wsClient(
        port,
        { ...who, isStaff: false },
        { on: { closed: (event) => closes.set(who.email, (event as { code: number }).code) } },
      );
      const feed = collect(client, 'subscription { onCreateStore { id } }');
      return { client, feed };
    };
    const [mine, theirs] = [open(user), open(bystander)];
    // Both sockets are up once each has seen a store of its own created (subscribing takes a
    // moment after the socket opens: create stores until one is heard of).
    for (const [who, live] of [
      [user, mine],
      [bystander, theirs],
    ] as const) {
      const deadline = Date.now() + 10_000;
      while (live.feed.events.length === 0) {
        if (Date.now() > deadline) throw new Error(`no live event for ${who.email}: ${JSON.stringify(live.feed.errors)}`);
        await t.app.inject({ method: 'POST', url: '/api/store/create/', headers: bearer(who.access), payload: { name: 'Live' } });
        await new Promise((r) => setTimeout(r, 100));
      }
    }

    await provisionUser({ db: t.services.db, tokens: t.services.tokens, email: user.email, password: 'changed-password', isStaff: false });
    const deadline = Date.now() + 5_000;
    while (!closes.has(user.email) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(closes.get(user.email)).toBe(4401);
    expect(closes.has(bystander.email)).toBe(false);
    await Promise.all([mine.client.dispose(), theirs.client.dispose()]);
  });

  it('leaves the sessions of other users alone', async () => {
    const bystander = await createVerifiedUser(t);
    const other = await createVerifiedUser(t);
    await provisionUser({ db: t.services.db, tokens: t.services.tokens, email: other.email, password: 'another-password', isStaff: false });
    expect((await signature(bystander.access)).statusCode).toBe(200);
    expect((await refresh(bystander.refresh)).statusCode).toBe(200);
  });
});
