import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../../testing/assistants';
import { collect, gql, listen, settle, type TestViewer, viewerToken, wsClient } from '../../testing/graphql-client';
import { createStore, post, uploadFiles, waitForFiles } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';

const faq = `# Help centre

## Shipping

Orders over $75 ship free. Standard delivery takes 3 to 5 business days.
`;

const STREAM = `subscription($id: ID!) { onConversationStreamEvent(conversationId: $id) {
  id conversationId associatedUserMessageId contentBlockIndex contentBlockDeltaIndex contentBlockDoneAtIndex contentBlockText stopReason errors { message errorType }
} }`;
const SEND = `mutation($id: ID!, $content: [ConversationContentBlockInput!]!) {
  sendMessage(conversationId: $id, content: $content) { id conversationId role content }
}`;

describe('conversation operations (spec §7)', () => {
  let t: TestApp;
  let port: number;
  let me: TestViewer;
  let bob: TestViewer;
  let conversationId: string;

  beforeAll(async () => {
    t = await createTestApp();
    port = await listen(t);
    me = await viewerToken(t, 'merchant@shop.test');
    bob = await viewerToken(t, 'bob@shop.test');
    const storeId = await createStore(t, me, 'Help');
    const { fileIds } = await uploadFiles(t, me, storeId, [{ fileName: 'faq.md', contentType: 'text/markdown', bytes: faq }]);
    await waitForFiles(t, fileIds);
    const assistantId = await createAssistant(t, me, { model: 'local:extractive' });
    await post(t, me, '/api/assistant/store-add/', { assistantId, storeId });
    const created = await gql(
      t,
      me,
      `mutation($m: AWSJSON) { createConversation(input: { name: "Support", metadata: $m }) { id name metadata } }`,
      {
        m: JSON.stringify({ assistantId }),
      },
    );
    conversationId = created.data?.createConversation.id;
    expect(created.data?.createConversation.name).toBe('Support');
  });
  afterAll(() => t.close());

  it('streams the reply to a subscriber as deltas, the block end and the stop, then lists both messages', async () => {
    const client = wsClient(port, me);
    try {
      const stream = collect(client, STREAM, { id: conversationId });
      await settle();
      const sent = await gql(t, me, SEND, { id: conversationId, content: [{ text: 'Do orders ship free?' }] });
      expect(sent.errors).toBeUndefined();
      const message = sent.data?.sendMessage;
      expect(message).toMatchObject({ conversationId, role: 'user' });
      expect(JSON.parse(message.content)).toEqual([{ text: 'Do orders ship free?' }]);

      const deadline = Date.now() + 10_000;
      while (!stream.events.some((e) => e.onConversationStreamEvent.stopReason) && Date.now() < deadline) await settle(50);
      const events = stream.events.map((e) => e.onConversationStreamEvent);
      expect(events.every((e) => e.conversationId === conversationId && e.associatedUserMessageId === message.id)).toBe(true);
      const deltas = events.filter((e) => e.contentBlockText !== null);
      expect(deltas.map((e) => e.contentBlockDeltaIndex)).toEqual(deltas.map((_, i) => i));
      expect(deltas.map((e) => e.contentBlockText).join('')).toContain('$75');
      expect(events.at(-2)).toMatchObject({ contentBlockIndex: 0, contentBlockDoneAtIndex: deltas.length });
      expect(events.at(-1)).toMatchObject({ stopReason: 'end_turn', errors: null });

      const listed = await gql(
        t,
        me,
        `query($id: ID!) { listConversationMessages(filter: { conversationId: { eq: $id } }) { items { role content } } }`,
        { id: conversationId },
      );
      const items = listed.data?.listConversationMessages.items as { role: string; content: string }[];
      expect(items.map((item) => item.role).sort()).toEqual(['assistant', 'user']);
      expect(JSON.parse(items.find((item) => item.role === 'assistant')?.content ?? '[]')[0].text).toContain('$75');
    } finally {
      await client.dispose();
    }
  });

  it('refuses another user: no sending, no listening, no reading', async () => {
    const sent = await gql(t, bob, SEND, { id: conversationId, content: [{ text: 'Hi' }] });
    expect(sent.errors?.[0]?.message).toBe('Conversation not found.');
    const got = await gql(t, bob, `query($id: ID!) { getConversation(id: $id) { id } }`, { id: conversationId });
    expect(got.data?.getConversation).toBeNull();

    const client = wsClient(port, bob);
    try {
      const stream = collect(client, STREAM, { id: conversationId });
      await settle();
      expect(JSON.stringify(stream.errors)).toContain('Conversation not found.');
    } finally {
      await client.dispose();
    }
  });

  it('refuses malformed content blocks and stores nothing', async () => {
    const count = async () =>
      (
        await gql(t, me, `query($id: ID!) { listConversationMessages(filter: { conversationId: { eq: $id } }) { items { id } } }`, {
          id: conversationId,
        })
      ).data?.listConversationMessages.items.length;
    const before = await count();
    for (const content of [[], [{ text: 'a', json: '{}' }], [{}], [{ text: '   ' }]]) {
      const res = await gql(t, me, SEND, { id: conversationId, content });
      expect(res.errors?.length, JSON.stringify(content)).toBeGreaterThan(0);
    }
    expect(await count()).toBe(before);
  });
});
