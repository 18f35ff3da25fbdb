import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../testing/assistants';
import { collect, gql, listen, type TestViewer, viewerToken, wsClient } from '../testing/graphql-client';
import { post } from '../testing/knowledge';
import { shareAssistant, visitor } from '../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Finding 3 of the hardening probe: a NUL byte or a lone surrogate in any string answered 500
 * (Postgres refuses `\u0000`) on 33 REST routes and 10 GraphQL operations, several without login.
 * Now every such input gets a 400 naming the field, and nothing is written.
 */
const NUL = 'a\u0000b';
const SURROGATE = 'a\ud800b';

describe('strings Postgres cannot store', () => {
  let t: TestApp;
  let owner: TestViewer;
  let shareToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await viewerToken(t, 'owner@shop.test');
    const assistantId = await createAssistant(t, owner);
    shareToken = (await shareAssistant(t, owner, assistantId)).shareToken.token;
  });
  afterAll(() => t.close());

  const publicCalls: [string, (bad: string) => Record<string, unknown>][] = [
    ['/api/token/', (bad) => ({ email: `x${bad}@shop.test`, password: 'secret-secret' })],
    ['/api/users/password-reset-request/', (bad) => ({ data: { email: `x${bad}@shop.test` } })],
    ['/api/users/create/', (bad) => ({ email: 'new@shop.test', password: `pw-${bad}-long-enough` })],
    ['/api/shared-chat/decode-shared-token/', (bad) => ({ token: bad })],
    ['/api/shared-chat/message/', (bad) => ({ token: shareToken, message: `Hello ${bad}` })],
    ['/api/shared-chat/stream/', (bad) => ({ token: shareToken, message: `Hello ${bad}` })],
    ['/api/shared-chat/thread/', (bad) => ({ token: shareToken, visitorToken: bad })],
    ['/api/shared-chat/events/', (bad) => ({ token: shareToken, visitorToken: bad })],
  ];

  for (const [label, bad] of [
    ['a NUL byte', NUL],
    ['a lone surrogate', SURROGATE],
  ] as const) {
    it.each(publicCalls)(`answers %s with 400 for ${label}, without logging in`, async (url, body) => {
      const res = await t.app.inject({ method: 'POST', url, payload: body(bad) });
      expect(res.statusCode, res.body).toBe(400);
      const fields = res.json() as Record<string, string[]>;
      const [field, messages] = Object.entries(fields)[0] ?? [];
      expect(field).not.toBe('detail');
      expect(messages?.[0]).toMatch(label === 'a NUL byte' ? /Null characters are not allowed/ : /lone surrogate/);
    });
  }

  it('names the nested field and stores nothing on a signed-in call', async () => {
    const res = await post(t, owner, '/api/store/create/', { name: `Help ${NUL}` });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ name: ['Null characters are not allowed.'] });
    const stores = await gql(t, owner, '{ listStores { items { id } } }');
    expect(stores.data?.listStores.items).toEqual([]);
  });

  it('checks query strings and path parameters too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/variables/?page=1${encodeURIComponent(NUL)}`,
      headers: { authorization: `Bearer ${owner.access}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ page: ['Null characters are not allowed.'] });
    const byId = await t.app.inject({
      method: 'GET',
      url: `/api/variables/${encodeURIComponent(NUL)}/`,
      headers: { authorization: `Bearer ${owner.access}` },
    });
    expect(byId.statusCode).toBe(400);
  });

  it('refuses a GraphQL mutation whose variables hold a NUL, with the variable’s path, and writes nothing', async () => {
    const res = await gql(t, owner, 'mutation($i: CreateStoreInput!) { createStore(input: $i) { id } }', { i: { name: NUL } });
    expect(res.errors?.[0]?.message).toBe('Variable "$i" at "name": Null characters are not allowed.');
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const stores = await gql(t, owner, '{ listStores { items { id } } }');
    expect(stores.data?.listStores.items).toEqual([]);
  });

  it('refuses a lone surrogate written into the operation’s text', async () => {
    const res = await gql(t, owner, `mutation { createStore(input: { name: "${SURROGATE}" }) { id } }`);
    expect(res.errors?.[0]?.message).toMatch(/The operation's text: .*lone surrogate/);
  });

  it('refuses bad variables of a WebSocket subscription too', async () => {
    const port = await listen(t);
    const client = wsClient(port, owner);
    try {
      const sub = collect(client, 'subscription($f: ModelSubscriptionStoreFilterInput) { onCreateStore(filter: $f) { id } }', {
        f: { name: { eq: NUL } },
      });
      await expect.poll(() => sub.errors.length).toBeGreaterThan(0);
      expect(JSON.stringify(sub.errors)).toContain('Null characters are not allowed.');
    } finally {
      await client.dispose();
    }
  });

  it('answers a visitor’s message with a NUL byte without creating a thread', async () => {
    const res = await visitor(t, 'message', { token: shareToken, message: NUL });
    expect(res.status).toBe(400);
    const threads = await gql(t, owner, '{ listSharedThreads { items { id } } }');
    expect(threads.data?.listSharedThreads?.items ?? []).toEqual([]);
  });
});
