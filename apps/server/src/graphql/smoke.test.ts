import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, viewerToken } from '../testing/graphql-client';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  it('works', async () => {
    const v = await viewerToken(t, 'a@x.test');
    const created = await gql(t, v, 'mutation($i: CreateWizardInput!){ createWizard(input:$i){ id ownerEmail currentStep completed shopifyConfigurationUpdated createdAt } }', { i: { completed: true } });
    console.log(JSON.stringify(created));
    const list = await gql(t, v, '{ listWizards(limit: 999){ items { id completed } nextToken } }');
    console.log(JSON.stringify(list));
    const a = await gql(t, v, 'mutation($i: CreateAssistantInput!){ createAssistant(input:$i){ id assistantName tool_resources storeRetrievalSettings } }', { i: { assistantName: 'Bob', tool_resources: JSON.stringify({ a: 1 }) } });
    console.log(JSON.stringify(a));
    const th = await gql(t, v, 'mutation($i: CreateThreadInput!){ createThread(input:$i){ id assistantID assistant { assistantName } } }', { i: { assistantID: a.data?.createAssistant.id } });
    console.log(JSON.stringify(th));
    const q = await gql(t, v, 'query($id: ID!){ getAssistant(id:$id){ threads { items { id } } } threadsByAssistantID(assistantID:$id){ items { id } } }', { id: a.data?.createAssistant.id });
    console.log(JSON.stringify(q));
    const bad = await gql(t, null, '{ listWizards { items { id } } }');
    console.log(JSON.stringify(bad));
    expect(created.data).toBeTruthy();
  });
});
