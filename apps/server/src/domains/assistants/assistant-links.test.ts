import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantCustomUserTemplates, assistantFunctions, assistantStores, assistantTemplates, templates } from '../../db/schema';
import { createAssistant, seedLinkTargets } from '../../testing/assistants';
import { gql, type TestViewer, viewerToken } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';

type Targets = Awaited<ReturnType<typeof seedLinkTargets>>;

/** The four link calls: path segment, body field, join table. */
const kinds = [
  { path: 'function', key: 'functionId', table: assistantFunctions, column: assistantFunctions.assistantId, noun: 'Function' },
  { path: 'store', key: 'storeId', table: assistantStores, column: assistantStores.assistantId, noun: 'Store' },
  { path: 'template', key: 'templateId', table: assistantTemplates, column: assistantTemplates.assistantId, noun: 'Template' },
  {
    path: 'custom-user-template',
    key: 'customUserTemplateId',
    table: assistantCustomUserTemplates,
    column: assistantCustomUserTemplates.assistantId,
    noun: 'Custom user template',
  },
] as const;

describe('assistant links', () => {
  let t: TestApp;
  let alice: TestViewer;
  let bob: TestViewer;
  let mine: Targets;
  let theirs: Targets;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await viewerToken(t, 'alice@shop.test');
    bob = await viewerToken(t, 'bob@shop.test');
    mine = await seedLinkTargets(t, alice.email);
    theirs = await seedLinkTargets(t, bob.email);
  });
  afterAll(() => t.close());

  const linksOf = async (kind: (typeof kinds)[number], assistantId: string) =>
    (await t.services.db.select().from(kind.table).where(eq(kind.column, assistantId))) as Record<string, unknown>[];

  describe.each(kinds)('$path', (kind) => {
    it('links once (201, then 200 with the same link) and unlinks (204, then 404)', async () => {
      const assistantId = await createAssistant(t, alice);
      const body = { assistantId, [kind.key]: mine[kind.key] };
      const added = await post(t, alice, `/api/assistant/${kind.path}-add/`, body);
      expect(added.status).toBe(201);
      expect(added.body).toEqual({
        id: expect.any(String),
        ownerEmail: alice.email,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        assistantId,
        [kind.key]: mine[kind.key],
      });
      const again = await post(t, alice, `/api/assistant/${kind.path}-add/`, body);
      expect(again).toEqual({ status: 200, body: added.body });
      expect(await linksOf(kind, assistantId)).toHaveLength(1);

      expect(await post(t, alice, `/api/assistant/${kind.path}-remove/`, body)).toEqual({ status: 204, body: null });
      expect(await linksOf(kind, assistantId)).toEqual([]);
      const gone = await post(t, alice, `/api/assistant/${kind.path}-remove/`, body);
      expect(gone.status).toBe(404);
      expect(gone.body?.detail).toMatch(/is not linked to the assistant\.$/);
    });

    it('refuses another merchant’s assistant, and their own rows unless public, changing nothing', async () => {
      const assistantId = await createAssistant(t, alice);
      const bobsAssistant = await createAssistant(t, bob);
      const notFound = { status: 404, body: { detail: 'Assistant not found.' } };
      expect(await post(t, alice, `/api/assistant/${kind.path}-add/`, { assistantId: bobsAssistant, [kind.key]: mine[kind.key] })).toEqual(
        notFound,
      );
      expect(await linksOf(kind, bobsAssistant)).toEqual([]);

      const foreign = await post(t, alice, `/api/assistant/${kind.path}-add/`, { assistantId, [kind.key]: theirs[kind.key] });
      if (kind.key === 'templateId') {
        // Templates are public: any signed-in merchant may link one.
        expect(foreign.status).toBe(201);
      } else {
        expect(foreign).toEqual({ status: 404, body: { detail: `${kind.noun} not found.` } });
        expect(await linksOf(kind, assistantId)).toEqual([]);
      }
      const missing = await post(t, alice, `/api/assistant/${kind.path}-add/`, { assistantId, [kind.key]: crypto.randomUUID() });
      expect(missing).toEqual({ status: 404, body: { detail: `${kind.noun} not found.` } });

      // Bob cannot remove Alice's link by naming her assistant.
      await post(t, alice, `/api/assistant/${kind.path}-add/`, { assistantId, [kind.key]: mine[kind.key] });
      const before = await linksOf(kind, assistantId);
      expect(await post(t, bob, `/api/assistant/${kind.path}-remove/`, { assistantId, [kind.key]: mine[kind.key] })).toEqual(notFound);
      expect(await linksOf(kind, assistantId)).toEqual(before);
    });

    it('validates both ids', async () => {
      const res = await post(t, alice, `/api/assistant/${kind.path}-add/`, { assistantId: 'x' });
      expect(res).toEqual({ status: 400, body: { assistantId: ['Must be a valid UUID.'], [kind.key]: ['This field is required.'] } });
      expect((await post(t, null, `/api/assistant/${kind.path}-remove/`, {})).status).toBe(401);
    });
  });

  it('does not link a template that is no longer active', async () => {
    const assistantId = await createAssistant(t, alice);
    const [retired] = await t.services.db.insert(templates).values({ name: 'Retired', active: false }).returning();
    expect(await post(t, alice, '/api/assistant/template-add/', { assistantId, templateId: retired?.id })).toEqual({
      status: 404,
      body: { detail: 'Template not found.' },
    });
  });

  it('shows the links on the assistant in the data API', async () => {
    const assistantId = await createAssistant(t, alice);
    await post(t, alice, '/api/assistant/store-add/', { assistantId, storeId: mine.storeId });
    await post(t, alice, '/api/assistant/function-add/', { assistantId, functionId: mine.functionId });
    const res = await gql(
      t,
      alice,
      `query($id: ID!) { getAssistant(id: $id) { stores { items { storeId } } functions { items { functionId } } templates { items { id } } } }`,
      { id: assistantId },
    );
    expect(res.data?.getAssistant).toEqual({
      stores: { items: [{ storeId: mine.storeId }] },
      functions: { items: [{ functionId: mine.functionId }] },
      templates: { items: [] },
    });
  });
});
