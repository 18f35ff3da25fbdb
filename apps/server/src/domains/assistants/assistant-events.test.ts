import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantStores, messages, threads } from '../../db/schema';
import { createAssistant, recordEvents, seedLinkTargets } from '../../testing/assistants';
import { collect, listen, settle, type TestViewer, viewerToken, wsClient } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';

const joinModels = ['AssistantFunction', 'AssistantStore', 'AssistantTemplate', 'AssistantCustomUserTemplate'];

describe('assistant events and cascades', () => {
  let t: TestApp;
  let port: number;
  let alice: TestViewer;
  let bob: TestViewer;

  beforeAll(async () => {
    t = await createTestApp();
    port = await listen(t);
    alice = await viewerToken(t, 'alice@shop.test');
    bob = await viewerToken(t, 'bob@shop.test');
  });
  afterAll(() => t.close());

  it('tells the owner’s GraphQL subscribers about REST creates, edits and deletes, and no one else', async () => {
    const client = wsClient(port, alice);
    const other = wsClient(port, bob);
    try {
      const fields = 'id assistantName model temperature';
      const created = collect(client, `subscription($o: String) { onCreateAssistant(ownerEmail: $o) { ${fields} } }`, { o: alice.email });
      const updated = collect(client, `subscription($o: String) { onUpdateAssistant(ownerEmail: $o) { ${fields} } }`, { o: alice.email });
      const deleted = collect(client, `subscription($o: String) { onDeleteAssistant(ownerEmail: $o) { id } }`, { o: alice.email });
      const snooping = collect(other, `subscription { onCreateAssistant { id } }`);
      await settle();

      const id = await createAssistant(t, alice, { assistantName: 'Live helper' });
      await created.next(1);
      expect(created.events[0]?.onCreateAssistant).toEqual({
        id,
        assistantName: 'Live helper',
        model: 'local:extractive',
        temperature: null,
      });

      await post(t, alice, '/api/assistant/edit/', { id, temperature: 0.7 });
      await updated.next(1);
      expect(updated.events[0]?.onUpdateAssistant).toEqual({
        id,
        assistantName: 'Live helper',
        model: 'local:extractive',
        temperature: 0.7,
      });

      await post(t, alice, '/api/assistant/delete/', { id });
      await deleted.next(1);
      expect(deleted.events[0]?.onDeleteAssistant).toEqual({ id });

      // A refused call publishes nothing.
      await post(t, bob, '/api/assistant/edit/', { id, temperature: 1 });
      await settle();
      expect(updated.events).toHaveLength(1);
      expect(snooping.events).toEqual([]);
    } finally {
      await Promise.all([client.dispose(), other.dispose()]);
    }
  });

  it('publishes link and thread changes, and a delete removes (and announces) the links and threads', async () => {
    const targets = await seedLinkTargets(t, alice.email);
    const recorder = await recordEvents(t, [...joinModels, 'Thread', 'Assistant']);
    const assistantId = await createAssistant(t, alice);
    try {
      const links: Record<string, string> = {};
      for (const [path, key, model] of [
        ['function', 'functionId', 'AssistantFunction'],
        ['store', 'storeId', 'AssistantStore'],
        ['template', 'templateId', 'AssistantTemplate'],
        ['custom-user-template', 'customUserTemplateId', 'AssistantCustomUserTemplate'],
      ] as const) {
        const res = await post(t, alice, `/api/assistant/${path}-add/`, { assistantId, [key]: targets[key] });
        links[model] = res.body?.id;
        // Adding it again changes nothing and says nothing.
        await post(t, alice, `/api/assistant/${path}-add/`, { assistantId, [key]: targets[key] });
      }
      const removed = await post(t, alice, '/api/assistant/store-add/', { assistantId, storeId: targets.storeId });
      await post(t, alice, '/api/assistant/store-remove/', { assistantId, storeId: targets.storeId });
      await post(t, alice, '/api/assistant/store-add/', { assistantId, storeId: targets.storeId });
      const readded = await t.services.db.select().from(assistantStores).where(eq(assistantStores.assistantId, assistantId));
      links.AssistantStore = readded[0]?.id as string;

      const first = await post(t, alice, '/api/thread/create/', { assistantId });
      const second = await post(t, alice, '/api/thread/create/', { assistantId, name: 'Sizes' });
      const gone = await post(t, alice, '/api/thread/create/', { assistantId });
      await post(t, alice, '/api/thread/delete/', { id: gone.body?.id });
      await t.services.db
        .insert(messages)
        .values({ ownerEmail: alice.email, threadId: first.body?.id, content: 'Do you ship to Norway?', senderType: 'user' });

      expect((await post(t, alice, '/api/assistant/delete/', { id: assistantId })).status).toBe(204);
      await recorder.until(18);
      await settle();

      // Each model is its own channel, so only the order within a model is certain: compare as sets.
      expect(recorder.summary().sort()).toEqual(
        [
          `Assistant create ${assistantId}`,
          `AssistantFunction create ${links.AssistantFunction}`,
          `AssistantStore create ${removed.body?.id}`,
          `AssistantTemplate create ${links.AssistantTemplate}`,
          `AssistantCustomUserTemplate create ${links.AssistantCustomUserTemplate}`,
          `AssistantStore delete ${removed.body?.id}`,
          `AssistantStore create ${links.AssistantStore}`,
          `Thread create ${first.body?.id}`,
          `Thread create ${second.body?.id}`,
          `Thread create ${gone.body?.id}`,
          `Thread delete ${gone.body?.id}`,
          `AssistantFunction delete ${links.AssistantFunction}`,
          `AssistantStore delete ${links.AssistantStore}`,
          `AssistantTemplate delete ${links.AssistantTemplate}`,
          `AssistantCustomUserTemplate delete ${links.AssistantCustomUserTemplate}`,
          `Thread delete ${first.body?.id}`,
          `Thread delete ${second.body?.id}`,
          `Assistant delete ${assistantId}`,
        ].sort(),
      );
      expect(recorder.events.every((event) => event.ownerEmail === alice.email)).toBe(true);
    } finally {
      await recorder.stop();
    }

    expect(await t.services.db.select().from(assistantStores).where(eq(assistantStores.assistantId, assistantId))).toEqual([]);
    expect(await t.services.db.select().from(threads).where(eq(threads.assistantId, assistantId))).toEqual([]);
    expect(await t.services.db.select().from(messages).where(eq(messages.ownerEmail, alice.email))).toEqual([]);
    // The linked rows themselves stay: only the links go.
    const res = await post(t, alice, '/api/assistant/create/', { assistantName: 'Next' });
    expect((await post(t, alice, '/api/assistant/store-add/', { assistantId: res.body?.id, storeId: targets.storeId })).status).toBe(201);
  });
});
