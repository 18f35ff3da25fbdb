import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILTER_DEPTH, MAX_FILTER_TERMS } from '../data-api/filter-budget';
import { gql, type TestViewer, viewerToken } from '../testing/graphql-client';
import { post } from '../testing/knowledge';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Findings 1, 2 and 5 of the hardening probe: one account's filters froze every tenant (an `or` of
 * 60,000 terms was accepted; 2,000 nested `not` answered 500), the data API skipped the REST API's
 * validation (1 MB names, temperature -5), and a client-chosen id told a stranger which ids exist.
 */
const LIST = 'query($f: ModelAssistantFilterInput) { listAssistants(filter: $f) { items { id } } }';
const orOf = (terms: number) => ({ or: Array.from({ length: terms }, (_, i) => ({ assistantName: { contains: `term ${i}` } })) });
const nested = (depth: number) => {
  let filter: Record<string, unknown> = { assistantName: { eq: 'x' } };
  for (let i = 0; i < depth; i++) filter = { not: filter };
  return filter;
};

describe('what one GraphQL operation may ask for', () => {
  let t: TestApp;
  let alice: TestViewer;
  let bob: TestViewer;

  beforeAll(async () => {
    t = await createTestApp({ GRAPHQL_RATE_LIMIT: '1000' });
    alice = await viewerToken(t, 'alice@shop.test');
    bob = await viewerToken(t, 'bob@shop.test');
  });
  afterAll(() => t.close());

  it('refuses an or of 60,000 terms, and of one more than the limit, saying how many are allowed', async () => {
    for (const terms of [60_000, MAX_FILTER_TERMS + 1]) {
      const res = await gql(t, alice, LIST, { f: orOf(terms) });
      expect(res.errors?.[0]?.message).toBe(`The filter has more than ${MAX_FILTER_TERMS} conditions; use at most ${MAX_FILTER_TERMS}.`);
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    }
    const within = await gql(t, alice, LIST, { f: orOf(MAX_FILTER_TERMS) });
    expect(within.errors).toBeUndefined();
  });

  it('refuses a filter nested 2,000 deep with a clear error, as a variable or in the text, never a 500', async () => {
    const asVariable = await gql(t, alice, LIST, { f: nested(2000) });
    expect(asVariable.errors?.[0]?.message).toMatch(/nested too deeply|nested more than/i);
    expect(asVariable.errors?.[0]?.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');

    let literal = '{ assistantName: { eq: "x" } }';
    for (let i = 0; i < 2000; i++) literal = `{ not: ${literal} }`;
    const inText = await gql(t, alice, `{ listAssistants(filter: ${literal}) { items { id } } }`);
    expect(inText.errors?.[0]?.message).toMatch(/Token limit/);

    const justOver = await gql(t, alice, LIST, { f: nested(MAX_FILTER_DEPTH) });
    expect(justOver.errors?.[0]?.message).toMatch(new RegExp(`nested more than ${MAX_FILTER_DEPTH} levels`));
    const within = await gql(t, alice, LIST, { f: nested(MAX_FILTER_DEPTH - 1) });
    expect(within.errors).toBeUndefined();
  });

  it('bounds subscription filters the same way', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${alice.access}` },
      payload: {
        query: 'subscription($f: ModelSubscriptionAssistantFilterInput) { onCreateAssistant(filter: $f) { id } }',
        variables: { f: orOf(100) },
      },
    });
    expect(res.body).toContain(`at most ${MAX_FILTER_TERMS}`);
  });

  it('refuses a document of needless size by its cost', async () => {
    const fields = Array.from(
      { length: 20 },
      (_, i) =>
        `a${i}: listAssistants { items { id assistantName threads { items { id name messages { items { id content model } } } } } }`,
    );
    const res = await gql(t, alice, `{ ${fields.join(' ')} }`);
    expect(res.errors?.[0]?.message).toMatch(/Query Cost limit of 1000 exceeded/);
    const small = await gql(t, alice, `{ ${fields.slice(0, 2).join(' ')} }`);
    expect(small.errors).toBeUndefined();
  });

  it('applies the REST rules to data API writes: names, lengths and ranges', async () => {
    const huge = 'x'.repeat(1_000_000);
    const store = await gql(t, alice, 'mutation($i: CreateStoreInput!) { createStore(input: $i) { id } }', { i: { name: huge } });
    const rest = await post(t, alice, '/api/store/create/', { name: huge });
    expect(rest.status).toBe(400);
    expect(store.errors?.[0]?.message).toBe(`name: ${rest.body?.name[0]}`);

    const cold = await gql(t, alice, 'mutation($i: CreateAssistantInput!) { createAssistant(input: $i) { id } }', {
      i: { assistantName: 'Cold', temperature: -5 },
    });
    const restCold = await post(t, alice, '/api/assistant/create/', { assistantName: 'Cold', temperature: -5 });
    expect(restCold.status).toBe(400);
    expect(cold.errors?.[0]?.message).toBe(`temperature: ${restCold.body?.temperature[0]}`);
    expect(cold.errors?.[0]?.extensions?.fields).toEqual({ temperature: restCold.body?.temperature });

    const assistant = await gql(t, alice, 'mutation { createAssistant(input: { assistantName: "Warm" }) { id } }');
    const assistantId = assistant.data?.createAssistant.id;
    const thread = await gql(t, alice, `mutation { createThread(input: { assistantID: "${assistantId}", name: "Chat" }) { id } }`);
    const longName = await gql(t, alice, 'mutation($i: UpdateThreadInput!) { updateThread(input: $i) { id } }', {
      i: { id: thread.data?.createThread.id, name: huge },
    });
    expect(longName.errors?.[0]?.message).toMatch(/^name: Ensure this field has no more than 200 characters\.$/);

    const fn = await gql(t, alice, 'mutation { createFunction(input: { name: "lookup" }) { id } }');
    const longCode = await gql(t, alice, 'mutation($i: UpdateFunctionInput!) { updateFunction(input: $i) { id } }', {
      i: { id: fn.data?.createFunction.id, code: huge },
    });
    expect(longCode.errors?.[0]?.message).toMatch(/^code: Ensure this field has no more than 100000 characters\.$/);

    const names = await gql(t, alice, '{ listStores { items { name } } listAssistants { items { assistantName temperature } } }');
    expect(names.data?.listStores.items).toEqual([]);
    expect(names.data?.listAssistants.items).toEqual([{ assistantName: 'Warm', temperature: null }]);
  });

  it('chooses ids itself: a client-sent id is refused alike whether or not another owner uses it', async () => {
    const mine = await gql(t, alice, 'mutation { createStore(input: { name: "Alice’s" }) { id } }');
    const aliceId = mine.data?.createStore.id as string;
    const taken = await gql(t, bob, `mutation { createStore(input: { id: "${aliceId}", name: "Probe" }) { id } }`);
    const free = await gql(t, bob, 'mutation { createStore(input: { id: "8e0f4a4e-4a57-4a59-9d5e-1f2a3b4c5d6e", name: "Probe" }) { id } }');
    expect(taken.errors?.[0]?.message).toBe('The id of a new item is chosen by the server: leave it out.');
    expect(free.errors?.[0]?.message).toBe(taken.errors?.[0]?.message);
    const bobStores = await gql(t, bob, '{ listStores { items { id } } }');
    expect(bobStores.data?.listStores.items).toEqual([]);
  });
});

describe('one account’s heavy queries', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ GRAPHQL_RATE_LIMIT: '5' });
  });
  afterAll(() => t.close());

  it('are limited per account on /graphql, answered in GraphQL’s shape, and leave other accounts alone', async () => {
    const heavy = await viewerToken(t, 'heavy@shop.test');
    const other = await viewerToken(t, 'other@shop.test');
    for (let i = 0; i < 5; i++) expect((await gql(t, heavy, '{ listStores { items { id } } }')).errors).toBeUndefined();
    const throttled = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${heavy.access}` },
      payload: { query: '{ listStores { items { id } } }' },
    });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().errors[0]).toMatchObject({
      message: expect.stringMatching(/^Request was throttled/),
      extensions: { code: 'RATE_LIMITED' },
    });
    expect((await gql(t, other, '{ listStores { items { id } } }')).errors).toBeUndefined();
  });
});

describe('while one account keeps the database busy', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ GRAPHQL_RATE_LIMIT: '10000' });
  });
  afterAll(() => t.close());

  it('the server stays alive and another account’s small query does not wait for the whole burst', async () => {
    const heavy = await viewerToken(t, 'heavy@shop.test');
    const quiet = await viewerToken(t, 'quiet@shop.test');
    const instructions = 'Answer questions about orders, shipping and returns politely. '.repeat(300);
    for (let i = 0; i < 150; i++) {
      const res = await post(t, heavy, '/api/assistant/create/', { assistantName: `Heavy ${i}`, instructions });
      expect(res.status).toBe(201);
    }
    await post(t, quiet, '/api/assistant/create/', { assistantName: 'Quiet' });
    const filter = { or: Array.from({ length: MAX_FILTER_TERMS }, (_, i) => ({ instructions: { contains: `needle ${i}` } })) };

    const finished: string[] = [];
    const burst = Promise.all(
      Array.from({ length: 30 }, () =>
        gql(t, heavy, 'query($f: ModelAssistantFilterInput) { listAssistants(filter: $f, limit: 999) { items { id } } }', { f: filter }),
      ),
    ).then(() => finished.push('burst'));
    // Let the burst reach the database first.
    await new Promise((resolve) => setImmediate(resolve));
    const health = t.app.inject({ method: 'GET', url: '/healthz' }).then((res) => {
      expect(res.statusCode).toBe(200);
      finished.push('healthz');
    });
    const small = gql(t, quiet, '{ listAssistants { items { assistantName } } }').then((res) => {
      expect(res.data?.listAssistants.items).toEqual([{ assistantName: 'Quiet' }]);
      finished.push('other account');
    });
    await Promise.all([burst, health, small]);
    expect(finished.at(-1)).toBe('burst');
  });
});
