import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { bearer } from '../../testing/account-flows';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser, type TestUser } from '../../testing/users';
import { hashPassword } from './password-hashing';

const FORBIDDEN = { detail: 'You do not have permission to perform this action.' };
const NOT_FOUND = { detail: 'Not found.' };

describe('users list (staff only, paginated)', () => {
  let t: TestApp;
  let staff: TestUser;
  let regular: TestUser;
  const list = (query: string, token = staff.access) => t.app.inject({ url: `/api/users/${query}`, headers: bearer(token) });

  beforeAll(async () => {
    t = await createTestApp();
    staff = await createVerifiedUser(t, { email: 'admin@shop.com', staff: true });
    regular = await createVerifiedUser(t, { email: 'member@shop.com' });
    // 60 more users straight into the table: the list is what is under test, not sign-up.
    const passwordHash = await hashPassword('bulk-password');
    await t.services.db
      .insert(users)
      .values(Array.from({ length: 60 }, (_, i) => ({ email: `bulk${String(i).padStart(2, '0')}@shop.com`, passwordHash })));
  });
  afterAll(() => t.close());

  it('returns the first 50 of 62 users with a link to the next page', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.count).toBe(62);
    expect(page.results).toHaveLength(50);
    expect(page.next).toBe('http://aisle.test/api/users/?page=2');
    expect(page.previous).toBeNull();
    expect(page.results[0]).toEqual({
      id: staff.id,
      email: 'admin@shop.com',
      is_staff: true,
      tier: 'basic',
      available_usd: 0,
      user_avatar_url: null,
      email_verified: true,
      date_joined: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toMatch(/password/i);
  });

  it('follows next and previous through every user exactly once', async () => {
    const first = (await list('')).json();
    const second = await list('?page=2');
    expect(second.statusCode).toBe(200);
    const body = second.json();
    expect(body).toMatchObject({ count: 62, next: null, previous: 'http://aisle.test/api/users/' });
    expect(body.results).toHaveLength(12);
    const ids = new Set([...first.results, ...body.results].map((u: { id: string }) => u.id));
    expect(ids.size).toBe(62);
    expect((await list('?page=last')).json().results).toEqual(body.results);
  });

  it('answers 404 "Invalid page." for pages outside the list', async () => {
    for (const page of ['0', '3', '-1', 'abc', '1.5', '99999999999999999999']) {
      const res = await list(`?page=${page}`);
      expect(res.statusCode, page).toBe(404);
      expect(res.json()).toEqual({ detail: 'Invalid page.' });
    }
  });

  it('is forbidden to non-staff and needs a valid token', async () => {
    const member = await list('', regular.access);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual(FORBIDDEN);

    const anonymous = await t.app.inject('/api/users/');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });

    const bad = await list('', 'not-a-token');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });

    const refreshAsAccess = await list('', staff.refresh);
    expect(refreshAsAccess.statusCode).toBe(401);
  });

  it('goes by the current staff flag, not the one in a still-valid token', async () => {
    const demoted = await createVerifiedUser(t, { staff: true });
    await t.services.db.update(users).set({ isStaff: false }).where(eq(users.id, demoted.id));
    expect((await list('', demoted.access)).statusCode).toBe(403);
  });
});

describe('one user', () => {
  let t: TestApp;
  let staff: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  const get = (id: string, token: string) => t.app.inject({ url: `/api/users/${id}/`, headers: bearer(token) });

  beforeAll(async () => {
    t = await createTestApp();
    staff = await createVerifiedUser(t, { staff: true });
    alice = await createVerifiedUser(t, { email: 'alice@shop.com' });
    bob = await createVerifiedUser(t, { email: 'bob@shop.com' });
  });
  afterAll(() => t.close());

  it('shows users themselves', async () => {
    const res = await get(alice.id, alice.access);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: alice.id, email: 'alice@shop.com', is_staff: false, available_usd: 0, email_verified: true });
    expect(Object.keys(res.json()).sort()).toEqual([
      'available_usd',
      'date_joined',
      'email',
      'email_verified',
      'id',
      'is_staff',
      'tier',
      'user_avatar_url',
    ]);
    // Without the trailing slash too.
    expect((await t.app.inject({ url: `/api/users/${alice.id}`, headers: bearer(alice.access) })).statusCode).toBe(200);
  });

  it('hides other users behind the same 404 as unknown ids', async () => {
    for (const id of [bob.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' OR '1'='1"]) {
      const res = await get(encodeURIComponent(id), alice.access);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('shows anyone to staff, and 404s unknown ids for them too', async () => {
    const res = await get(bob.id, staff.access);
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('bob@shop.com');
    expect((await get('00000000-0000-4000-8000-000000000000', staff.access)).json()).toEqual(NOT_FOUND);
  });

  it('refuses a deactivated user whose access token has not expired yet', async () => {
    const gone = await createVerifiedUser(t);
    await t.services.db.update(users).set({ isActive: false }).where(eq(users.id, gone.id));
    const res = await get(gone.id, gone.access);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'User is inactive', code: 'user_inactive' });
  });

  it('sets an http(s) avatar URL and shows it at the next sign-in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-avatar-url/',
      headers: bearer(alice.access),
      payload: { avatar_url: 'https://cdn.example.com/alice.png' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: alice.id, user_avatar_url: 'https://cdn.example.com/alice.png' });
    const signIn = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: alice.email, password: alice.password } });
    expect(signIn.json().user.user_avatar_url).toBe('https://cdn.example.com/alice.png');
  });

  it('refuses avatar URLs that are not http(s) or are too long', async () => {
    const cases: [unknown, string][] = [
      ['javascript:alert(1)', 'Enter a valid http(s) URL.'],
      ['ftp://example.com/a.png', 'Enter a valid http(s) URL.'],
      ['not a url', 'Enter a valid http(s) URL.'],
      [`https://example.com/${'a'.repeat(2100)}`, 'Ensure this field has no more than 2048 characters.'],
      [42, 'Expected string, received number.'],
    ];
    for (const [avatar_url, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/update-avatar-url/',
        headers: bearer(bob.access),
        payload: { avatar_url },
      });
      expect(res.statusCode, String(avatar_url)).toBe(400);
      expect(res.json()).toEqual({ avatar_url: [message] });
    }
    expect((await get(bob.id, bob.access)).json().user_avatar_url).toBeNull();
  });

  it('needs a signed-in user to change an avatar', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-avatar-url/',
      payload: { avatar_url: 'https://example.com/a.png' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Authentication credentials were not provided.');
  });
});
