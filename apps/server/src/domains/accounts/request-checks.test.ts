import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { bearer } from '../../testing/account-flows';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';

describe('malformed requests to the accounts API', () => {
  let t: TestApp;
  const createUser = (payload: string | object | undefined, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/users/create/', payload, headers });

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000', BODY_LIMIT: '16384' });
  });
  afterAll(() => t.close());

  async function expectNobodyCreated() {
    expect(await t.services.db.select().from(users)).toHaveLength(0);
    expect(t.mails).toHaveLength(0);
  }

  it('asks for a body when there is none', async () => {
    for (const url of ['/api/users/create/', '/api/token/', '/api/token/refresh/', '/api/users/password-reset-confirm/']) {
      const res = await t.app.inject({ method: 'POST', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ detail: 'A request body is required.' });
    }
    const emptyJson = await createUser('', { 'content-type': 'application/json' });
    expect(emptyJson.statusCode).toBe(400);
    expect(emptyJson.json()).toEqual({ detail: 'A request body is required.' });
    await expectNobodyCreated();
  });

  it('names each missing or mistyped field', async () => {
    const missing = await createUser({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ email: ['This field is required.'], password: ['This field is required.'] });

    // The web app shows a field's first message (spec §8); zod may add a length message after it.
    const wrongTypes = await createUser({ email: 5, password: ['secret123'] });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json().email).toEqual(['Expected string, received number.']);
    expect(wrongTypes.json().password[0]).toBe('Expected string, received array.');

    const login = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: 'a@b.co', password: null } });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ password: ['Expected string, received null.'] });

    const notObject = await createUser('["a@b.co", "secret123"]', { 'content-type': 'application/json' });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json()).toEqual({ non_field_errors: ['Expected object, received array.'] });
    await expectNobodyCreated();
  });

  it('refuses a 10,000-character e-mail with a length message', async () => {
    const res = await createUser({ email: `${'a'.repeat(10_000)}@shop.com`, password: 'secret123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Ensure this field has no more than 254 characters.'] });

    const longPassword = await createUser({ email: 'a@shop.com', password: 'p'.repeat(5000) });
    expect(longPassword.json()).toEqual({ password: ['Ensure this field has no more than 1024 characters.'] });

    const longToken = await t.app.inject({ method: 'POST', url: '/api/token/verify/', payload: { token: 't'.repeat(5000) } });
    expect(longToken.statusCode).toBe(400);
    expect(longToken.json()).toEqual({ token: ['Ensure this field has no more than 4096 characters.'] });
    await expectNobodyCreated();
  });

  it('says which content types it understands', async () => {
    const res = await createUser('email=a@b.co&password=secret123', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'Unsupported media type "application/x-www-form-urlencoded" in request.' });
    await expectNobodyCreated();
  });

  it('reports broken JSON as such', async () => {
    const res = await createUser('{"email": "a@b.co", "password": ', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'JSON parse error: the request body is not valid JSON.' });
    await expectNobodyCreated();
  });

  it('refuses bodies over BODY_LIMIT with 413', async () => {
    const res = await createUser({ email: 'a@shop.com', password: 'secret123', padding: 'x'.repeat(20_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Request body is too large.' });
    await expectNobodyCreated();
  });

  it('documents every accounts call in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    const expected: [string, string][] = [
      ['/api/token/', 'post'],
      ['/api/token/refresh/', 'post'],
      ['/api/token/verify/', 'post'],
      ['/api/token/decode/', 'post'],
      ['/api/users/create/', 'post'],
      ['/api/accounts/confirm-email/{key}/', 'get'],
      ['/api/users/password-reset-request/', 'post'],
      ['/api/users/password-reset-confirm/', 'post'],
      ['/api/users/', 'get'],
      ['/api/users/{id}/', 'get'],
      ['/api/users/update-avatar-url/', 'post'],
      ['/api/users/upload-avatar-url/', 'post'],
      ['/api/users/resend-verification/', 'post'],
      ['/api/users/update-language/', 'post'],
      ['/api/users/change-password/', 'post'],
      ['/api/users/change-email/', 'post'],
      ['/api/users/delete-account/', 'post'],
    ];
    for (const [path, method] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.summary).toBeTruthy();
      expect(operation.tags?.length).toBeGreaterThan(0);
    }
    expect(doc.paths['/api/token/'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(doc.paths['/api/users/password-reset-confirm/'].post.requestBody.content['application/json'].schema.required).toEqual([
      'uid',
      'token',
      'new_password',
    ]);
  });
});

describe('rate limit on authentication calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('throttles sign-in after AUTH_RATE_LIMIT attempts a minute, in the spec error shape', async () => {
    const attempt = () => t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: 'x@shop.com', password: 'guess-123' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
    const throttled = await attempt();
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ detail: expect.stringMatching(/^Request was throttled\. Expected available in \d+ seconds\.$/) });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts each call separately and leaves unthrottled calls alone', async () => {
    const reset = () => t.app.inject({ method: 'POST', url: '/api/users/password-reset-request/', payload: { email: 'x@shop.com' } });
    for (let i = 0; i < 3; i += 1) expect((await reset()).statusCode).toBe(200);
    expect((await reset()).statusCode).toBe(429);
    for (let i = 0; i < 5; i += 1) {
      const verify = await t.app.inject({ method: 'POST', url: '/api/token/verify/', payload: { token: 'x' } });
      expect(verify.statusCode).toBe(401);
    }
  });

  it('throttles sign-up, refresh and password-reset confirmation too', async () => {
    const calls = [
      () => t.app.inject({ method: 'POST', url: '/api/users/create/', payload: { email: 'bad', password: 'x' } }),
      () => t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: 'x' } }),
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/password-reset-confirm/',
          payload: { uid: 'x', token: 'y', new_password: 'secret123' },
        }),
    ];
    for (const call of calls) {
      for (let i = 0; i < 3; i += 1) expect((await call()).statusCode).not.toBe(429);
      expect((await call()).statusCode).toBe(429);
    }
  });

  it('throttles resending the verification e-mail like sign-up', async () => {
    const resend = () => t.app.inject({ method: 'POST', url: '/api/users/resend-verification/', payload: { email: 'x@shop.com' } });
    for (let i = 0; i < 3; i += 1) expect((await resend()).statusCode).toBe(200);
    const throttled = await resend();
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().detail).toMatch(/^Request was throttled\./);
  });

  it('throttles the account settings calls per account: guessing one account’s password does not slow another down', async () => {
    const guesser = await createVerifiedUser(t);
    const neighbour = await createVerifiedUser(t);
    const calls: [string, (token: string) => object][] = [
      ['/api/users/change-password/', () => ({ current_password: 'guess-password', new_password: 'new-password-9' })],
      ['/api/users/change-email/', () => ({ password: 'guess-password', new_email: 'elsewhere@shop.com' })],
      ['/api/users/delete-account/', () => ({ password: 'guess-password' })],
      ['/api/users/update-language/', () => ({ language: 'ja' })],
    ];
    for (const [url, body] of calls) {
      const call = (token: string) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload: body(token) });
      for (let i = 0; i < 3; i += 1) expect((await call(guesser.access)).statusCode, url).not.toBe(429);
      expect((await call(guesser.access)).statusCode, url).toBe(429);
      expect((await call(neighbour.access)).statusCode, url).not.toBe(429);
    }
    expect((await t.services.db.select().from(users)).map((user) => user.email)).toContain(guesser.email);
  });
});
