import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import { gql, type TestViewer, viewerToken } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';

const fullAssistant = {
  assistantName: 'Alpine helper',
  instructions: 'Answer questions about orders, sizes and returns. Be brief.',
  model: 'local:extractive',
  temperature: 0.4,
  topP: 0.9,
  tools: [{ type: 'file_search' }],
  tool_resources: { file_search: { store_ids: [] } },
  storeRetrievalSettings: { passagesPerTurn: 4, minimumScore: 0.2 },
  isSafeGuardOn: true,
  safeGuardInstruction: 'Never discuss competitors.',
  useCase: 'customer-support',
  assistantAvatarUrl: 'https://cdn.shop.test/bot.png',
  userAvatarUrl: '',
  assistantUserQA: [
    { question: 'Where is my order?', answer: 'Give the tracking link from the order page.' },
    { question: 'Do you ship abroad?' },
  ],
  status: 'active',
  log: '',
};

describe('assistant API', () => {
  let t: TestApp;
  let alice: TestViewer;
  let bob: TestViewer;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await viewerToken(t, 'alice@shop.test');
    bob = await viewerToken(t, 'bob@shop.test');
  });
  afterAll(() => t.close());

  const row = async (id: string) => (await t.services.db.select().from(assistants).where(eq(assistants.id, id)))[0];
  const count = async (email: string) => (await t.services.db.select().from(assistants).where(eq(assistants.ownerEmail, email))).length;

  it('creates an assistant with every field and answers the data API’s shape', async () => {
    const res = await post(t, alice, '/api/assistant/create/', fullAssistant);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...fullAssistant, ownerEmail: alice.email, inputTokens: 0, outputTokens: 0, isShared: false });
    expect(res.body?.__typename).toBeUndefined();
    const id = res.body?.id as string;

    const viaGraphql = await gql(
      t,
      alice,
      `query($id: ID!) { getAssistant(id: $id) { id assistantName model tool_resources updatedAt } }`,
      { id },
    );
    expect(viaGraphql.data?.getAssistant).toMatchObject({ id, assistantName: 'Alpine helper', model: 'local:extractive' });
    expect(JSON.parse(viaGraphql.data?.getAssistant.tool_resources)).toEqual(fullAssistant.tool_resources);
    expect(viaGraphql.data?.getAssistant.updatedAt).toBe(res.body?.updatedAt);
  });

  it('fills in the server’s defaults when only a name is given', async () => {
    const res = await post(t, alice, '/api/assistant/create/', { assistantName: '  Minimal  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      assistantName: 'Minimal',
      model: 'local:extractive',
      tools: [],
      tool_resources: {},
      storeRetrievalSettings: { passagesPerTurn: 6, minimumScore: 0 },
      assistantUserQA: [],
      isSafeGuardOn: false,
      temperature: null,
      topP: null,
    });
  });

  it('offers only the models this installation can reach, defaulting to its default model', async () => {
    const refused = await post(t, alice, '/api/assistant/create/', { assistantName: 'x', model: 'openai:gpt-4o-mini' });
    expect(refused).toEqual({ status: 400, body: { model: ['"openai:gpt-4o-mini" is not a valid choice.'] } });

    const withOpenAi = await createTestApp({ OPENAI_API_KEY: 'sk-test' });
    try {
      const carol = await viewerToken(withOpenAi, 'carol@shop.test');
      const created = await post(withOpenAi, carol, '/api/assistant/create/', { assistantName: 'Networked' });
      expect(created.body?.model).toBe('openai:gpt-4.1-mini');
      const id = created.body?.id as string;
      expect((await post(withOpenAi, carol, '/api/assistant/edit/', { id, model: 'openai:gpt-4o' })).body?.model).toBe('openai:gpt-4o');
      expect((await post(withOpenAi, carol, '/api/assistant/edit/', { id, model: 'local:extractive' })).body?.model).toBe(
        'local:extractive',
      );
      expect(await post(withOpenAi, carol, '/api/assistant/edit/', { id, model: 'anthropic:claude-haiku-4-5' })).toEqual({
        status: 400,
        body: { model: ['"anthropic:claude-haiku-4-5" is not a valid choice.'] },
      });
    } finally {
      await withOpenAi.close();
    }
  });

  it('edits any subset of fields and leaves the rest alone', async () => {
    const id = await createAssistant(t, alice, fullAssistant);
    const before = await row(id);
    const res = await post(t, alice, '/api/assistant/edit/', { id, temperature: 1.5, storeRetrievalSettings: { passagesPerTurn: 10 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ...fullAssistant,
      id,
      temperature: 1.5,
      storeRetrievalSettings: { passagesPerTurn: 10, minimumScore: 0 },
    });
    expect(new Date(res.body?.updatedAt).getTime()).toBeGreaterThanOrEqual(before?.updatedAt.getTime() ?? 0);

    const renamed = await post(t, alice, '/api/assistant/edit/', {
      id,
      assistantName: 'Renamed',
      assistantUserQA: [],
      userAvatarUrl: 'http://x.test/u.png',
    });
    expect(renamed.body).toMatchObject({
      assistantName: 'Renamed',
      assistantUserQA: [],
      userAvatarUrl: 'http://x.test/u.png',
      temperature: 1.5,
    });
  });

  it('ignores fields only the server sets (owner, token counts, sharing)', async () => {
    const res = await post(t, alice, '/api/assistant/create/', {
      assistantName: 'Sneaky',
      ownerEmail: bob.email,
      inputTokens: 999,
      isShared: true,
    });
    expect(res.body).toMatchObject({ ownerEmail: alice.email, inputTokens: 0, isShared: false });
    const id = res.body?.id as string;
    await post(t, alice, '/api/assistant/edit/', { id, ownerEmail: bob.email, outputTokens: 5 });
    expect(await row(id)).toMatchObject({ ownerEmail: alice.email, outputTokens: 0 });
  });

  it('deletes an assistant', async () => {
    const id = await createAssistant(t, alice);
    expect(await post(t, alice, '/api/assistant/delete/', { id })).toEqual({ status: 204, body: null });
    expect(await row(id)).toBeUndefined();
    expect(await post(t, alice, '/api/assistant/delete/', { id })).toEqual({ status: 404, body: { detail: 'Assistant not found.' } });
  });

  describe('bad input', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['blank name', { assistantName: '   ' }, 'assistantName'],
      ['missing name', { instructions: 'x' }, 'assistantName'],
      ['name too long', { assistantName: 'x'.repeat(201) }, 'assistantName'],
      ['temperature 3', { temperature: 3 }, 'temperature'],
      ['temperature as text', { temperature: 'warm' }, 'temperature'],
      ['topP -1', { topP: -1 }, 'topP'],
      ['non-URL avatar', { assistantAvatarUrl: 'not a url' }, 'assistantAvatarUrl'],
      ['script avatar', { userAvatarUrl: 'javascript:alert(1)' }, 'userAvatarUrl'],
      ['21 suggested questions', { assistantUserQA: Array.from({ length: 21 }, (_, i) => ({ question: `Q${i}?` })) }, 'assistantUserQA'],
      ['blank suggested question', { assistantUserQA: [{ question: ' ' }] }, 'assistantUserQA.0.question'],
      ['tools as an object', { tools: { type: 'file_search' } }, 'tools'],
      ['tool_resources as a list', { tool_resources: [] }, 'tool_resources'],
      ['too many passages', { storeRetrievalSettings: { passagesPerTurn: 21 } }, 'storeRetrievalSettings.passagesPerTurn'],
      ['negative minimum score', { storeRetrievalSettings: { minimumScore: -0.1 } }, 'storeRetrievalSettings.minimumScore'],
      ['safeguard as text', { isSafeGuardOn: 'yes' }, 'isSafeGuardOn'],
      ['safeguard instruction too long', { safeGuardInstruction: 'x'.repeat(4001) }, 'safeGuardInstruction'],
      ['instructions too long', { instructions: 'x'.repeat(32_001) }, 'instructions'],
      ['model without provider', { model: 'gpt-4o' }, 'model'],
      ['useCase as number', { useCase: 7 }, 'useCase'],
    ];

    it.each(cases)('create refuses %s with a field error and stores nothing', async (_name, fields, field) => {
      const before = await count(alice.email);
      const body = 'assistantName' in fields || _name === 'missing name' ? fields : { assistantName: 'Valid', ...fields };
      const res = await post(t, alice, '/api/assistant/create/', body);
      expect(res.status).toBe(400);
      expect(res.body?.[field]?.[0], JSON.stringify(res.body)).toEqual(expect.any(String));
      expect(await count(alice.email)).toBe(before);
    });

    it.each(cases.filter(([name]) => name !== 'missing name'))('edit refuses %s and changes nothing', async (_name, fields, field) => {
      const id = await createAssistant(t, alice, fullAssistant);
      const before = await row(id);
      const res = await post(t, alice, '/api/assistant/edit/', { id, ...fields });
      expect(res.status).toBe(400);
      expect(res.body?.[field]?.[0], JSON.stringify(res.body)).toEqual(expect.any(String));
      expect(await row(id)).toEqual(before);
    });

    it('speaks the spec’s messages', async () => {
      expect(await post(t, alice, '/api/assistant/create/', { assistantName: '' })).toEqual({
        status: 400,
        body: { assistantName: ['This field may not be blank.'] },
      });
      expect(await post(t, alice, '/api/assistant/create/', { assistantName: 'x', temperature: 3, topP: -1 })).toEqual({
        status: 400,
        body: {
          temperature: ['Ensure this value is less than or equal to 2.'],
          topP: ['Ensure this value is greater than or equal to 0.'],
        },
      });
      expect(await post(t, alice, '/api/assistant/create/', {})).toEqual({
        status: 400,
        body: { assistantName: ['This field is required.'] },
      });
      const many = await post(t, alice, '/api/assistant/create/', {
        assistantName: 'x',
        assistantUserQA: Array.from({ length: 21 }, () => ({ question: 'Q?' })),
      });
      expect(many.body).toEqual({ assistantUserQA: ['Ensure this field has no more than 20 elements.'] });
      const avatar = await post(t, alice, '/api/assistant/create/', { assistantName: 'x', assistantAvatarUrl: 'nope' });
      expect(avatar.body).toEqual({ assistantAvatarUrl: ['Enter a valid URL.'] });
      expect((await post(t, alice, '/api/assistant/edit/', { id: 'nope' })).body).toEqual({ id: ['Must be a valid UUID.'] });
    });
  });

  it('answers 401 before looking at the body', async () => {
    for (const url of ['/api/assistant/create/', '/api/assistant/edit/', '/api/assistant/delete/', '/api/thread/create/']) {
      const res = await post(t, null, url, { temperature: 'bad' });
      expect(res.status, url).toBe(401);
      expect(res.body?.detail).toBe('Authentication credentials were not provided.');
    }
  });

  it('treats another merchant’s assistant as missing and changes nothing', async () => {
    const id = await createAssistant(t, alice, fullAssistant);
    const before = await row(id);
    expect(await post(t, bob, '/api/assistant/edit/', { id, assistantName: 'Mine now' })).toEqual({
      status: 404,
      body: { detail: 'Assistant not found.' },
    });
    expect(await post(t, bob, '/api/assistant/delete/', { id })).toEqual({ status: 404, body: { detail: 'Assistant not found.' } });
    expect(await post(t, bob, '/api/assistant/edit/', { id: crypto.randomUUID(), assistantName: 'x' })).toEqual({
      status: 404,
      body: { detail: 'Assistant not found.' },
    });
    expect(await row(id)).toEqual(before);
  });
});
