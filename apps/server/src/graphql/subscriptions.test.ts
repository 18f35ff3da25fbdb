import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getModel } from '../data-api/model-registry';
import { insertItemAsSystem } from '../data-api/model-store';
import { collect, gql, listen, settle, type TestViewer, viewerToken, wsClient } from '../testing/graphql-client';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('subscriptions', () => {
  let t: TestApp;
  let port: number;
  let me: TestViewer;

  beforeAll(async () => {
    t = await createTestApp();
    port = await listen(t);
    me = await viewerToken(t, 'merchant@shop.test');
  });
  afterAll(() => t.close());

  it('delivers create, update and delete over WebSocket, honouring the filter', async () => {
    const client = wsClient(port, me);
    try {
      const created = collect(client, `subscription($o: String) { onCreateAssistant(ownerEmail: $o) { id assistantName } }`, {
        o: me.email,
      });
      const updated = collect(
        client,
        `subscription { onUpdateAssistant(filter: { assistantName: { beginsWith: "Shop" } }) { id assistantName } }`,
      );
      const deleted = collect(client, `subscription { onDeleteAssistant { id } }`);
      await settle();
      const a = await gql(t, me, `mutation { createAssistant(input: { assistantName: "Helper" }) { id } }`);
      const id = a.data?.createAssistant.id;
      await created.next(1);
      expect(created.events[0]?.onCreateAssistant).toEqual({ id, assistantName: 'Helper' });
      await gql(t, me, `mutation($id: ID!) { updateAssistant(input: { id: $id, assistantName: "Not matching" }) { id } }`, { id });
      await gql(t, me, `mutation($id: ID!) { updateAssistant(input: { id: $id, assistantName: "Shop helper" }) { id } }`, { id });
      await updated.next(1);
      await gql(t, me, `mutation($id: ID!) { deleteAssistant(input: { id: $id }) { id } }`, { id });
      await deleted.next(1);
      expect(updated.events.map((e) => e.onUpdateAssistant.assistantName)).toEqual(['Shop helper']);
      expect(deleted.events[0]?.onDeleteAssistant).toEqual({ id });
    } finally {
      await client.dispose();
    }
  });

  it('delivers changes made outside GraphQL (REST handlers, jobs) the same way', async () => {
    const client = wsClient(port, me);
    try {
      const sub = collect(client, `subscription { onCreateNotification { title userHasRead } }`);
      await settle();
      await insertItemAsSystem(t.services, getModel('Notification'), { ownerEmail: me.email, title: 'Your export is ready' });
      await sub.next(1);
      expect(sub.events[0]?.onCreateNotification).toEqual({ title: 'Your export is ready', userHasRead: false });
    } finally {
      await client.dispose();
    }
  });

  it('delivers over server-sent events too', async () => {
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${me.access}` },
      body: JSON.stringify({ query: 'subscription { onCreateStore { name } }' }),
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await settle();
    await gql(t, me, `mutation { createStore(input: { name: "Live catalog" }) { id } }`);
    let text = '';
    while (!text.includes('Live catalog')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    expect(text).toContain('"onCreateStore":{"name":"Live catalog"}');
  });

  it('stops delivering once the client unsubscribes', async () => {
    const client = wsClient(port, me);
    try {
      const sub = collect(client, `subscription { onCreateWizard { id } }`);
      await settle();
      await gql(t, me, `mutation { createWizard(input: { completed: false }) { id } }`);
      await sub.next(1);
      sub.dispose();
      await settle();
      await gql(t, me, `mutation { createWizard(input: { completed: false }) { id } }`);
      await settle();
      expect(sub.events).toHaveLength(1);
    } finally {
      await client.dispose();
    }
  });
});
