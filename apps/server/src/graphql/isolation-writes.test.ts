import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../data-api/model-store';
import { gql, type TestViewer, viewerToken } from '../testing/graphql-client';
import { createInput, operationsOf, ownedModels, publicModels, sampleValue, selection, updatableField } from '../testing/model-operations';
import type { TestApp } from '../testing/test-app';
import { twoMerchants } from '../testing/two-merchants';

/** A second user can change, delete or claim none of the first user's rows. */
describe('isolation: writes', () => {
  let t: TestApp;
  let alice: TestViewer;
  let bob: TestViewer;
  let aliceRows: Record<string, Item>;
  let bobRows: Record<string, Item>;

  beforeAll(async () => {
    ({ t, alice, bob, aliceRows, bobRows } = await twoMerchants());
  });
  afterAll(() => t.close());

  const fetchAsOwner = async (modelName: string, get: string, fields: string) =>
    (await gql(t, alice, `query($id: ID!) { ${get}(id: $id) { ${fields} } }`, { id: aliceRows[modelName]?.id })).data?.[get];

  const writableModels = ownedModels.filter((m) => operationsOf(m).mutations.length > 0);
  describe.each(writableModels.map((m) => [m.name, m] as const))('%s', (_name, model) => {
    const ops = operationsOf(model);
    const fields = selection(model);
    const n = model.name;

    if (model.update !== 'none') {
      it(`update${n} on another user's row is refused and changes nothing`, async () => {
        const before = await fetchAsOwner(n, ops.get, fields);
        const field = updatableField(model);
        const input: Item = { id: aliceRows[n]?.id };
        if (field) input[field.name] = sampleValue(field, bobRows);
        const res = await gql(t, bob, `mutation($i: Update${n}Input!) { update${n}(input: $i) { id } }`, { i: input });
        expect(res.errors?.[0]?.message).toBe('Unauthorized');
        expect(await fetchAsOwner(n, ops.get, fields)).toEqual(before);
      });

      it(`update${n} cannot hand a row to another owner`, async () => {
        const res = await gql(t, bob, `mutation($i: Update${n}Input!) { update${n}(input: $i) { id } }`, {
          i: { id: bobRows[n]?.id, ownerEmail: alice.email },
        });
        expect(res.errors?.[0]?.message).toBe('Unauthorized');
      });
    }

    if (model.delete !== 'none') {
      it(`delete${n} on another user's row is refused and the row stays`, async () => {
        const res = await gql(t, bob, `mutation($i: Delete${n}Input!) { delete${n}(input: $i) { id } }`, { i: { id: aliceRows[n]?.id } });
        expect(res.errors?.[0]?.message).toBe('Unauthorized');
        expect(await fetchAsOwner(n, ops.get, 'id')).toEqual({ id: aliceRows[n]?.id });
      });
    }

    if (model.create !== 'none') {
      it(`create${n} refuses a client-sent ownerEmail that is not the caller's`, async () => {
        const res = await gql(t, bob, `mutation($i: Create${n}Input!) { create${n}(input: $i) { id } }`, {
          i: { ...createInput(model, bobRows), ownerEmail: alice.email },
        });
        expect(res.errors?.[0]?.message).toBe('Unauthorized');
        const listed = await gql(t, alice, `{ ${ops.list} { items { id } } }`);
        expect(listed.data?.[ops.list].items).toEqual([{ id: aliceRows[n]?.id }]);
      });

      const ownedRefs = model.fields.filter((f) => f.ref && ownedModels.some((m) => m.name === f.ref));
      if (ownedRefs.length) {
        it(`create${n} refuses links to another user's rows`, async () => {
          for (const ref of ownedRefs) {
            const input = { ...createInput(model, bobRows), [ref.name]: aliceRows[ref.ref as string]?.id };
            const res = await gql(t, bob, `mutation($i: Create${n}Input!) { create${n}(input: $i) { id } }`, { i: input });
            expect(res.errors?.[0]?.message, ref.name).toBe('Unauthorized');
          }
        });
      }

      it(`create${n} stores the row under the caller's e-mail`, async () => {
        // Links are unique per pair: free the seeded one before linking the same rows again.
        const isLink = model.fields.filter((f) => !f.readonly).every((f) => f.ref);
        if (isLink) await gql(t, bob, `mutation($i: Delete${n}Input!) { delete${n}(input: $i) { id } }`, { i: { id: bobRows[n]?.id } });
        const res = await gql(t, bob, `mutation($i: Create${n}Input!) { create${n}(input: $i) { id ownerEmail } }`, {
          i: createInput(model, bobRows),
        });
        expect(res.errors).toBeUndefined();
        expect(res.data?.[`create${n}`].ownerEmail).toBe(bob.email);
      });
    }
  });

  describe.each(publicModels.map((m) => [m.name, m] as const))('%s (written by staff only)', (_name, model) => {
    const n = model.name;
    it(`create${n}, update${n} and delete${n} are refused to non-staff users and allowed to staff`, async () => {
      const staff = await viewerToken(t, 'staff@aisle.test', true);
      const input = createInput(model, aliceRows);
      const refused = await gql(t, bob, `mutation($i: Create${n}Input!) { create${n}(input: $i) { id } }`, { i: input });
      expect(refused.errors?.[0]?.message).toBe('Unauthorized');
      const field = updatableField(model);
      const update = { id: aliceRows[n]?.id, ...(field ? { [field.name]: sampleValue(field, aliceRows) } : {}) };
      const upd = await gql(t, bob, `mutation($i: Update${n}Input!) { update${n}(input: $i) { id } }`, { i: update });
      expect(upd.errors?.[0]?.message).toBe('Unauthorized');
      const del = await gql(t, bob, `mutation($i: Delete${n}Input!) { delete${n}(input: $i) { id } }`, { i: { id: aliceRows[n]?.id } });
      expect(del.errors?.[0]?.message).toBe('Unauthorized');

      const created = await gql(t, staff, `mutation($i: Create${n}Input!) { create${n}(input: $i) { id } }`, { i: input });
      expect(created.errors).toBeUndefined();
      const removed = await gql(t, staff, `mutation($i: Delete${n}Input!) { delete${n}(input: $i) { id } }`, {
        i: { id: created.data?.[`create${n}`].id },
      });
      expect(removed.data?.[`delete${n}`].id).toBe(created.data?.[`create${n}`].id);
    });
  });
});
