import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getModel } from '../data-api/model-registry';
import { insertItemAsSystem } from '../data-api/model-store';
import { gql, type TestViewer, viewerToken } from '../testing/graphql-client';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('data API mutations', () => {
  let t: TestApp;
  let me: TestViewer;

  beforeAll(async () => {
    t = await createTestApp();
    me = await viewerToken(t, 'merchant@shop.test');
  });
  afterAll(() => t.close());

  it('skips the wizard the way the client does: createWizard with completed true, then updateWizard', async () => {
    const created = await gql(
      t,
      me,
      `mutation { createWizard(input: { ownerEmail: "merchant@shop.test", currentStep: "NOT_STARTED", completed: true }) { id currentStep completed pagesRetrieved shopifyConfigurationUpdated ownerEmail } }`,
    );
    expect(created.data?.createWizard).toMatchObject({
      currentStep: 'NOT_STARTED',
      completed: true,
      pagesRetrieved: false,
      ownerEmail: me.email,
    });
    const id = created.data?.createWizard.id;
    const updated = await gql(
      t,
      me,
      `mutation($id: ID!) { updateWizard(input: { id: $id, completed: false }) { id completed updatedAt createdAt } }`,
      { id },
    );
    expect(updated.data?.updateWizard.completed).toBe(false);
    expect(Date.parse(updated.data?.updateWizard.updatedAt)).toBeGreaterThanOrEqual(Date.parse(updated.data?.updateWizard.createdAt));
    const listed = await gql(t, me, `{ listWizards(limit: 999) { items { id completed } } }`);
    expect(listed.data?.listWizards.items).toEqual([{ id, completed: false }]);
  });

  it('marks a notification read with updateNotification(id, userHasRead, ownerEmail)', async () => {
    const n = await insertItemAsSystem(t.services, getModel('Notification'), { ownerEmail: me.email, title: 'Export ready' });
    const res = await gql(t, me, `mutation($i: UpdateNotificationInput!) { updateNotification(input: $i) { id userHasRead title } }`, {
      i: { id: n.id, userHasRead: true, ownerEmail: me.email },
    });
    expect(res.data?.updateNotification).toEqual({ id: n.id, userHasRead: true, title: 'Export ready' });
  });

  it('keeps AWSJSON values as JSON strings on the wire and refuses invalid JSON', async () => {
    const qa = [{ question: 'Do you ship to Canada?', answer: 'Yes, in 5 days.' }];
    const res = await gql(
      t,
      me,
      `mutation($i: CreateAssistantInput!) { createAssistant(input: $i) { id assistantUserQA tool_resources } }`,
      {
        i: {
          assistantName: 'Shop helper',
          assistantUserQA: JSON.stringify(qa),
          tool_resources: JSON.stringify({ file_search: { vector_store_ids: [] } }),
        },
      },
    );
    expect(JSON.parse(res.data?.createAssistant.assistantUserQA)).toEqual(qa);
    expect(JSON.parse(res.data?.createAssistant.tool_resources)).toEqual({ file_search: { vector_store_ids: [] } });
    const bad = await gql(t, me, `mutation { createAssistant(input: { assistantName: "x", tools: "{not json" }) { id } }`);
    expect(bad.errors?.[0]?.message).toMatch(/Invalid AWSJSON/);
  });

  it('checks what an AWSJSON text holds like any input: depth, NUL (the fuzz campaign found 500s)', async () => {
    const create = (metadata: string) =>
      gql(t, me, 'mutation($i: CreateConversationInput!) { createConversation(input: $i) { id } }', { i: { name: 'Deep', metadata } });
    const deep = await create(`${'['.repeat(5_000)}${']'.repeat(5_000)}`);
    expect(deep.errors?.[0]?.message).toMatch(
      /^Variable "\$i" got invalid value .*Invalid AWSJSON at "0\.0\.0.*": Nested too deeply \(at most 32 levels\)\./,
    );
    expect(deep.errors?.[0]?.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
    const nul = await create('{"note":"a\\u0000b"}');
    expect(nul.errors?.[0]?.message).toMatch(/Invalid AWSJSON at "note": Null characters are not allowed\./);
    const fine = await create(JSON.stringify({ nested: { a: [1, { b: 'ok' }] } }));
    expect(fine.errors).toBeUndefined();
  });

  it('stores an AWSJSON object written as a literal in the operation’s text (the fuzz campaign found a 500)', async () => {
    const res = await gql(
      t,
      me,
      'mutation { createConversation(input: { name: "Inline", metadata: { topic: "orders", tags: ["a"], nested: {} } }) { metadata } }',
    );
    expect(res.errors).toBeUndefined();
    expect(JSON.parse(res.data?.createConversation.metadata)).toEqual({ topic: 'orders', tags: ['a'], nested: {} });
  });

  it('refuses server-managed fields and missing required fields, changing nothing', async () => {
    const created = await gql(t, me, `mutation { createAssistant(input: { assistantName: "Counter" }) { id inputTokens } }`);
    const id = created.data?.createAssistant.id;
    const forged = await gql(t, me, `mutation($id: ID!) { updateAssistant(input: { id: $id, inputTokens: 0, outputTokens: 0 }) { id } }`, {
      id,
    });
    expect(forged.errors?.[0]?.message).toMatch(/inputTokens/);
    const nameless = await gql(t, me, `mutation { createAssistant(input: { instructions: "hi" }) { id } }`);
    expect(nameless.errors?.[0]?.message).toMatch(/assistantName/);
    const nulled = await gql(t, me, `mutation($id: ID!) { updateAssistant(input: { id: $id, assistantName: null }) { id } }`, { id });
    expect(nulled.errors?.[0]?.message).toBe('assistantName cannot be null.');
    const after = await gql(t, me, `query($id: ID!) { getAssistant(id: $id) { assistantName } }`, { id });
    expect(after.data?.getAssistant.assistantName).toBe('Counter');
  });

  it('refuses null for a field the database keeps non-null, on create and update (the fuzz campaign found 500s)', async () => {
    const count = async () => ((await gql(t, me, '{ listWizards { items { id } } }')).data?.listWizards.items ?? []).length;
    const before = await count();
    const created = await gql(t, me, 'mutation { createWizard(input: { blogsRetrieved: null }) { id } }');
    expect(created.errors?.[0]).toMatchObject({ message: 'blogsRetrieved cannot be null.', extensions: { code: 'BAD_REQUEST' } });
    const wizard = await gql(t, me, 'mutation { createWizard(input: { currentStep: "NOT_STARTED" }) { id completed } }');
    const id = wizard.data?.createWizard.id;
    const nulled = await gql(t, me, 'mutation($id: ID!) { updateWizard(input: { id: $id, completed: null }) { id } }', { id });
    expect(nulled.errors?.[0]?.message).toBe('completed cannot be null.');
    const after = await gql(t, me, 'query($id: ID!) { getWizard(id: $id) { completed } }', { id });
    expect(after.data?.getWizard.completed).toBe(false);
    expect(await count()).toBe(before + 1);
  });

  it('applies mutation conditions and reports a failed one', async () => {
    const created = await gql(t, me, `mutation { createStore(input: { name: "Catalog" }) { id } }`);
    const id = created.data?.createStore.id;
    const failed = await gql(
      t,
      me,
      `mutation($id: ID!) { updateStore(input: { id: $id, name: "Renamed" }, condition: { name: { eq: "Other" } }) { id } }`,
      {
        id,
      },
    );
    expect(failed.errors?.[0]).toMatchObject({
      message: 'The conditional request failed.',
      extensions: { errorType: 'ConditionalCheckFailedException' },
    });
    const ok = await gql(
      t,
      me,
      `mutation($id: ID!) { updateStore(input: { id: $id, name: "Renamed" }, condition: { name: { eq: "Catalog" } }) { name } }`,
      {
        id,
      },
    );
    expect(ok.data?.updateStore.name).toBe('Renamed');
    // Deleting a store also removes its files' bytes, so it is POST /api/store/delete/, not a mutation.
    const deleted = await gql(t, me, `mutation($id: ID!) { deleteStore(input: { id: $id }) { id } }`, { id });
    expect(deleted.errors?.[0]?.message).toMatch(/deleteStore/);
  });

  it('links custom user templates to template functions and lists them by template', async () => {
    const staff = await viewerToken(t, 'staff@aisle.test', true);
    const template = await gql(t, staff, `mutation { createTemplate(input: { name: "Orders", active: true }) { id } }`);
    const fn = await gql(t, staff, `mutation($t: ID!) { createTemplateFunction(input: { name: "track_order", templateID: $t }) { id } }`, {
      t: template.data?.createTemplate.id,
    });
    const mine = await gql(t, me, `mutation { createCustomUserTemplate(input: { name: "My flow" }) { id } }`);
    const cut = mine.data?.createCustomUserTemplate.id;
    const link = await gql(
      t,
      me,
      `mutation($c: ID!, $f: ID!) { createUserTemplateFunctions(input: { customUserTemplateId: $c, templateFunctionId: $f }) { id templateFunction { name } } }`,
      {
        c: cut,
        f: fn.data?.createTemplateFunction.id,
      },
    );
    expect(link.data?.createUserTemplateFunctions.templateFunction.name).toBe('track_order');
    const again = await gql(
      t,
      me,
      `mutation($c: ID!, $f: ID!) { createUserTemplateFunctions(input: { customUserTemplateId: $c, templateFunctionId: $f }) { id } }`,
      {
        c: cut,
        f: fn.data?.createTemplateFunction.id,
      },
    );
    expect(again.errors?.[0]?.message).toBe('An item with this key already exists.');
    const byCut = await gql(
      t,
      me,
      `query($c: ID!) { userTemplateFunctionsByCustomUserTemplateId(customUserTemplateId: $c) { items { id } } }`,
      { c: cut },
    );
    expect(byCut.data?.userTemplateFunctionsByCustomUserTemplateId.items).toEqual([{ id: link.data?.createUserTemplateFunctions.id }]);
    const removed = await gql(t, me, `mutation($c: ID!) { deleteCustomUserTemplate(input: { id: $c }) { id } }`, { c: cut });
    expect(removed.data?.deleteCustomUserTemplate.id).toBe(cut);
    const gone = await gql(
      t,
      me,
      `query($c: ID!) { userTemplateFunctionsByCustomUserTemplateId(customUserTemplateId: $c) { items { id } } }`,
      { c: cut },
    );
    expect(gone.data?.userTemplateFunctionsByCustomUserTemplateId.items).toEqual([]);
  });

  it('refuses a reference to a row that does not exist', async () => {
    const res = await gql(t, me, `mutation { createThread(input: { assistantID: "6f1c1a52-0000-4000-8000-000000000000" }) { id } }`);
    expect(res.errors?.[0]?.message).toBe('Unauthorized');
  });

  it('refuses queries nested too deep or with too many aliases, and allows ordinary ones', async () => {
    const deep = `{ listThreads { items { assistant { threads { items { assistant { threads { items { assistant { id } } } } } } } } } }`;
    expect((await gql(t, me, deep)).errors?.[0]?.message).toMatch(/depth/i);
    const aliases = `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: listStores { items { id } }`).join(' ')} }`;
    expect((await gql(t, me, aliases)).errors?.[0]?.message).toMatch(/aliases/i);
    const normal = `{ listAssistants { items { id threads { items { messages { items { id } } } } } } }`;
    expect((await gql(t, me, normal)).errors).toBeUndefined();
  });
});
