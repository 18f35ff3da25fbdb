import { describe, expect, it } from 'vitest';
import { fakeDataClient } from '@/testing/fake-data-client';
import { loadAllLinks } from './assistant-links-api';

describe('loading the assistants’ links', () => {
  it('reads every page of each kind and groups the linked ids by assistant', async () => {
    const fake = fakeDataClient({
      listAssistantStores: ({ nextToken }) =>
        nextToken
          ? { items: [{ id: 'l2', assistantId: 'a2', storeId: 's1' }], nextToken: null }
          : { items: [{ id: 'l1', assistantId: 'a1', storeId: 's1' }, null], nextToken: 'page-2' },
      listAssistantFunctions: () => ({ items: [{ id: 'l3', assistantId: 'a1', functionId: 'f1' }], nextToken: null }),
      listAssistantTemplates: () => ({
        items: [
          { id: 'l4', assistantId: 'a1', templateId: 't1' },
          { id: 'l5', assistantId: 'a1', templateId: 't1' },
        ],
        nextToken: null,
      }),
    });
    expect(await loadAllLinks(fake.client)).toEqual({
      a1: { store: ['s1'], function: ['f1'], template: ['t1'] },
      a2: { store: ['s1'], function: [], template: [] },
    });
    expect(fake.calls().sort()).toEqual(['listAssistantFunctions', 'listAssistantStores', 'listAssistantStores', 'listAssistantTemplates']);
    expect(fake.request.mock.calls.map(([, variables]) => variables)).toContainEqual({ limit: 999, nextToken: 'page-2' });
  });
});
