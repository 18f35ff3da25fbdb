import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../data-api/model-store';
import { gql, type TestViewer } from '../testing/graphql-client';
import { operationsOf, ownedModels, publicModels, selection } from '../testing/model-operations';
import type { TestApp } from '../testing/test-app';
import { twoMerchants } from '../testing/two-merchants';

/** A second user can read none of the first user's rows, through any query of the data API. */
describe('isolation: reads', () => {
  let t: TestApp;
  let alice: TestViewer;
  let bob: TestViewer;
  let aliceRows: Record<string, Item>;
  let bobRows: Record<string, Item>;

  beforeAll(async () => {
    ({ t, alice, bob, aliceRows, bobRows } = await twoMerchants());
  });
  afterAll(() => t.close());

  describe.each(ownedModels.map((m) => [m.name, m] as const))('%s', (_name, model) => {
    const ops = operationsOf(model);

    it(`${ops.get} returns null for another user's row and the row for its owner`, async () => {
      const query = `query($id: ID!) { ${ops.get}(id: $id) { id ownerEmail } }`;
      const asBob = await gql(t, bob, query, { id: aliceRows[model.name]?.id });
      expect(asBob.errors).toBeUndefined();
      expect(asBob.data?.[ops.get]).toBeNull();
      const asAlice = await gql(t, alice, query, { id: aliceRows[model.name]?.id });
      expect(asAlice.data?.[ops.get]).toMatchObject({ id: aliceRows[model.name]?.id, ownerEmail: alice.email });
    });

    it(`${ops.list} lists only the caller's rows, even when filtering for another owner`, async () => {
      const all = await gql(t, bob, `{ ${ops.list}(limit: 1000) { items { ${selection(model)} } nextToken } }`);
      const items = all.data?.[ops.list].items as Item[];
      expect(items.map((i) => i.id)).toEqual([bobRows[model.name]?.id]);
      const probing = await gql(t, bob, `query($f: Model${model.name}FilterInput) { ${ops.list}(filter: $f) { items { id } } }`, {
        f: { ownerEmail: { eq: alice.email } },
      });
      expect(probing.data?.[ops.list].items).toEqual([]);
    });

    for (const index of model.indexes ?? []) {
      it(`${index.query} gives nothing of another user's`, async () => {
        const hashType = index.hashField === 'ownerEmail' ? 'String!' : 'ID!';
        const query = `query($h: ${hashType}) { ${index.query}(${index.hashField}: $h) { items { id } nextToken } }`;
        if (index.hashField === 'ownerEmail') {
          const res = await gql(t, bob, query, { h: alice.email });
          expect(res.errors?.[0]?.message).toBe('Unauthorized');
          expect(res.data?.[index.query] ?? null).toBeNull();
          const own = await gql(t, bob, query, { h: bob.email });
          expect(own.data?.[index.query].items.map((i: Item) => i.id)).toEqual([bobRows[model.name]?.id]);
        } else {
          const parent = aliceRows[model.name]?.[index.hashField];
          const res = await gql(t, bob, query, { h: parent });
          expect(res.errors).toBeUndefined();
          expect(res.data?.[index.query].items).toEqual([]);
          const own = await gql(t, alice, query, { h: parent });
          expect(own.data?.[index.query].items.map((i: Item) => i.id)).toEqual([aliceRows[model.name]?.id]);
        }
      });
    }
  });

  describe.each(publicModels.map((m) => [m.name, m] as const))('%s (readable by every signed-in user)', (_name, model) => {
    const ops = operationsOf(model);
    it(`${ops.get} and ${ops.list} are readable by everyone signed in, and by nobody else`, async () => {
      const got = await gql(t, bob, `query($id: ID!) { ${ops.get}(id: $id) { id } }`, { id: aliceRows[model.name]?.id });
      expect(got.data?.[ops.get]).toEqual({ id: aliceRows[model.name]?.id });
      const listed = await gql(t, bob, `{ ${ops.list}(limit: 1000) { items { id } } }`);
      // Both test rows, whoever made them (the seeded templates are listed too).
      const ids = ((listed.data?.[ops.list].items ?? []) as Item[]).map((item) => item.id);
      expect(ids).toEqual(expect.arrayContaining([aliceRows[model.name]?.id, bobRows[model.name]?.id]));
      const anonymous = await gql(t, null, `{ ${ops.list} { items { id } } }`);
      expect(anonymous.errors?.[0]?.message).toBe('Unauthorized');
    });
  });

  it('nested connections of a public row show only the caller’s own links', async () => {
    const query = `query($id: ID!) { getTemplate(id: $id) { assistants { items { id ownerEmail } } templateFunctions { items { id } } } }`;
    const asBob = await gql(t, bob, query, { id: aliceRows.Template?.id });
    expect(asBob.data?.getTemplate.assistants.items).toEqual([]);
    expect(asBob.data?.getTemplate.templateFunctions.items).toEqual([{ id: aliceRows.TemplateFunction?.id }]);
    const asAlice = await gql(t, alice, query, { id: aliceRows.Template?.id });
    expect(asAlice.data?.getTemplate.assistants.items).toEqual([{ id: aliceRows.AssistantTemplate?.id, ownerEmail: alice.email }]);
  });

  it('a request without a valid token reads nothing', async () => {
    const forged = { ...bob, access: `${bob.access.slice(0, -4)}AAAA` };
    for (const viewer of [null, forged]) {
      const res = await gql(t, viewer, `{ listAssistants { items { id } } }`);
      expect(res.errors?.[0]?.message).toBe('Unauthorized');
      expect(res.data?.listAssistants ?? null).toBeNull();
    }
  });
});
