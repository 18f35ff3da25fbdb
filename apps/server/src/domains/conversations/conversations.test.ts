import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import { BLOCK_FIELDS, createConversation, LIST, listMessages, SEND, STREAM, sendAndFollow } from '../../testing/conversation-test-client';
import { collect, gql, listen, settle, type TestViewer, viewerToken, wsClient } from '../../testing/graphql-client';
import { tinyPng } from '../../testing/images';
import { createStore, post, uploadFiles, waitForFiles } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { AI_CONTEXT_MAX_BYTES, IMAGE_MAX_BYTES, JSON_BLOCK_MAX_CHARS, MAX_CONTENT_BLOCKS } from './check-message-input';

const faq = `# Help centre

## Shipping

Orders over $75 ship free. Standard delivery takes 3 to 5 business days.
`;

const png = tinyPng(2).toString('base64');
const tool = (name: string, schema: unknown = { type: 'object', properties: {} }) => ({
  toolSpec: { name, description: 'A tool of the app.', inputSchema: { json: JSON.stringify(schema) } },
});

describe('conversation operations (spec §7)', () => {
  let t: TestApp;
  let port: number;
  let me: TestViewer;
  let bob: TestViewer;
  let conversationId: string;

  beforeAll(async () => {
    // Big enough for an image at its size limit, to show the limit is ours and not the body's.
    t = await createTestApp();
    port = await listen(t);
    me = await viewerToken(t, 'merchant@shop.test');
    bob = await viewerToken(t, 'bob@shop.test');
    const storeId = await createStore(t, me, 'Help');
    const { fileIds } = await uploadFiles(t, me, storeId, [{ fileName: 'faq.md', contentType: 'text/markdown', bytes: faq }]);
    await waitForFiles(t, fileIds);
    const assistantId = await createAssistant(t, me, { model: 'local:extractive' });
    await post(t, me, '/api/assistant/store-add/', { assistantId, storeId });
    conversationId = await createConversation(t, me, { assistantId });
  });
  afterAll(() => t.close());

  it('streams the reply to a subscriber as deltas, the block end and the stop, then lists both messages', async () => {
    const { sent, message, events } = await sendAndFollow(t, port, me, { id: conversationId, content: [{ text: 'Do orders ship free?' }] });
    expect(sent.errors).toBeUndefined();
    expect(message).toMatchObject({ conversationId, role: 'user', content: [expect.objectContaining({ text: 'Do orders ship free?' })] });

    expect(events.every((e) => e.conversationId === conversationId && e.associatedUserMessageId === message.id)).toBe(true);
    const deltas = events.filter((e) => e.contentBlockText !== null);
    expect(deltas.map((e) => e.contentBlockDeltaIndex)).toEqual(deltas.map((_, i) => i));
    expect(deltas.map((e) => e.contentBlockText).join('')).toContain('$75');
    // As the Amplify AI kit sends it: the block is done at the index of its last delta.
    expect(events.at(-2)).toMatchObject({ contentBlockIndex: 0, contentBlockDoneAtIndex: deltas.length - 1 });
    expect(events.at(-1)).toMatchObject({ stopReason: 'end_turn', errors: null, contentBlockToolUse: null });

    const items = await listMessages(t, me, conversationId);
    expect(items.map((item) => item.role)).toEqual(['user', 'assistant']);
    expect(items[1]?.content[0].text).toContain('$75');
  });

  it('keeps typed blocks as sent: text, image, document and json come back from sendMessage, list and get', async () => {
    const content = [
      { text: 'What is in this picture and this note?' },
      { image: { format: 'png', source: { bytes: png } } },
      { document: { format: 'txt', name: 'note.txt', source: { bytes: Buffer.from('Ship it on Monday.').toString('base64') } } },
      { json: JSON.stringify({ cart: { items: 2, total: 48.5 } }) },
    ];
    const { sent, message, events } = await sendAndFollow(t, port, me, {
      id: conversationId,
      content,
      aiContext: JSON.stringify({ page: 'cart' }),
    });
    expect(sent.errors).toBeUndefined();
    expect(events.at(-1)?.stopReason).toBe('end_turn');
    const expected = [
      expect.objectContaining({ text: 'What is in this picture and this note?', image: null, json: null }),
      expect.objectContaining({ text: null, image: { format: 'png', source: { bytes: png } } }),
      expect.objectContaining({ document: { format: 'txt', name: 'note.txt', source: { bytes: content[2]?.document?.source.bytes } } }),
      expect.objectContaining({ text: null, json: JSON.stringify({ cart: { items: 2, total: 48.5 } }) }),
    ];
    expect(message.content).toEqual(expected);
    expect(JSON.parse(message.aiContext)).toEqual({ page: 'cart' });

    const listed = (await listMessages(t, me, conversationId)).find((item) => item.id === message.id);
    expect(listed?.content).toEqual(expected);
    const got = await gql(t, me, `query($id: ID!) { getConversationMessage(id: $id) { content { ${BLOCK_FIELDS} } } }`, { id: message.id });
    expect(got.data?.getConversationMessage.content).toEqual(expected);
  });

  it('refuses another user: no sending, no listening, no reading', async () => {
    const sent = await gql(t, bob, SEND, { id: conversationId, content: [{ text: 'Hi' }] });
    expect(sent.errors?.[0]?.message).toBe('Conversation not found.');
    const got = await gql(t, bob, `query($id: ID!) { getConversation(id: $id) { id } }`, { id: conversationId });
    expect(got.data?.getConversation).toBeNull();
    const listed = await gql(t, bob, LIST, { id: conversationId });
    expect(listed.data?.listConversationMessages.items).toEqual([]);

    const client = wsClient(port, bob);
    try {
      const stream = collect(client, STREAM, { id: conversationId });
      await settle();
      expect(JSON.stringify(stream.errors)).toContain('Conversation not found.');
    } finally {
      await client.dispose();
    }
  });

  it('refuses malformed messages with a message naming the problem, and stores nothing', async () => {
    const image = (format: string, bytes: string) => ({ image: { format, source: { bytes } } });
    const result = (fields: Record<string, unknown>) => ({ toolResult: { toolUseId: 'call_1', content: [{ text: 'ok' }], ...fields } });
    const cases: [string, Record<string, unknown>][] = [
      ['add at least one content block', { content: [] }],
      [
        'content[0]: set exactly one of text, image, document, toolUse, toolResult, json (got text and json)',
        { content: [{ text: 'a', json: '{}' }] },
      ],
      ['content[0]: set exactly one of', { content: [{}] }],
      ['content[0].text: must be 1 to 16000 characters', { content: [{ text: '   ' }] }],
      ['content[0].text: must be 1 to 16000 characters', { content: [{ text: 'x'.repeat(16_001) }] }],
      [
        `content: must hold at most ${MAX_CONTENT_BLOCKS} blocks`,
        { content: Array.from({ length: MAX_CONTENT_BLOCKS + 1 }, () => ({ text: 'a' })) },
      ],
      ['content[0].image.format: must be one of png, jpeg, gif, webp', { content: [image('bmp', png)] }],
      ['content[0].image.source.bytes: must be the non-empty base64', { content: [image('png', 'not base64!')] }],
      ['content[0].image.source.bytes: must be the non-empty base64', { content: [image('png', '')] }],
      [
        `content[0].image.source.bytes: must decode to at most ${IMAGE_MAX_BYTES} bytes`,
        { content: [image('png', Buffer.alloc(IMAGE_MAX_BYTES + 1).toString('base64'))] },
      ],
      [
        'content[0].document.format: must be one of pdf',
        { content: [{ document: { format: 'exe', name: 'a.exe', source: { bytes: png } } }] },
      ],
      [
        `content[0].json: must be at most ${JSON_BLOCK_MAX_CHARS} characters`,
        { content: [{ json: JSON.stringify('x'.repeat(JSON_BLOCK_MAX_CHARS)) }] },
      ],
      [
        'content[0].toolUse: a sent message cannot hold a tool use',
        { content: [{ toolUse: { toolUseId: 'call_1', name: 'get_cart', input: '{}' } }] },
      ],
      ['content[0].toolResult.content: must hold at least one', { content: [result({ content: [] })] }],
      ['content[0].toolResult.status: must be success or error', { content: [result({ status: 'done' })] }],
      [
        'content[0].toolResult.content[0]: set exactly one of text, json or image',
        { content: [result({ content: [{ text: 'a', json: '1' }] })] },
      ],
      ['content[1].toolResult.toolUseId: answers a tool use already answered', { content: [result({}), result({})] }],
      ['content[0].toolResult.toolUseId: no tool use "call_1" is waiting for a result', { content: [result({})] }],
      ['aiContext: must be a JSON object', { aiContext: '[1, 2]' }],
      [
        `aiContext: must be at most ${AI_CONTEXT_MAX_BYTES} bytes`,
        { aiContext: JSON.stringify({ note: 'x'.repeat(AI_CONTEXT_MAX_BYTES) }) },
      ],
      ['toolConfiguration.tools[0].toolSpec.name: must be 1 to 64 letters', { tools: { tools: [tool('get cart!')] } }],
      ['toolConfiguration.tools[0].toolSpec.name: must be 1 to 64 letters', { tools: { tools: [tool('x'.repeat(65))] } }],
      [
        'toolConfiguration.tools[1].toolSpec.name: names a second tool "get_cart"',
        { tools: { tools: [tool('get_cart'), tool('get_cart')] } },
      ],
      [
        'toolConfiguration.tools[0].toolSpec.inputSchema.json: must be a JSON schema of type "object"',
        { tools: { tools: [tool('a', { type: 'string' })] } },
      ],
      [
        'toolConfiguration.tools[0].toolSpec.inputSchema.json: must be a JSON schema of type "object"',
        { tools: { tools: [tool('a', [1])] } },
      ],
    ];
    const before = (await t.services.db.select().from(conversationMessages)).length;
    for (const [message, input] of cases) {
      const res = await gql(t, me, SEND, { id: conversationId, content: [{ text: 'Hello' }], ...input });
      expect(res.errors?.[0]?.message, message).toContain(message);
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_REQUEST' });
      expect(res.data?.sendMessage).toBeNull();
    }
    expect((await t.services.db.select().from(conversationMessages)).length).toBe(before);
  });

  it('returns partial data with the errors list: one broken stored block does not hide the rest', async () => {
    const other = await createConversation(t, me);
    await t.services.db.insert(conversationMessages).values([
      { ownerEmail: me.email, conversationId: other, role: 'user', content: [{ text: 'Fine' }] },
      // A block written by an older version, missing its image bytes.
      {
        ownerEmail: me.email,
        conversationId: other,
        role: 'assistant',
        content: [{ text: 'Also fine' }, { image: { format: 'png' } }] as never,
      },
    ]);
    const listed = await gql(t, me, LIST, { id: other });
    const items = listed.data?.listConversationMessages.items as { role: string; content: Record<string, unknown>[] }[];
    expect(items).toHaveLength(2);
    const assistant = items.find((item) => item.role === 'assistant');
    expect(assistant?.content[0]).toMatchObject({ text: 'Also fine' });
    expect(assistant?.content[1]).toMatchObject({ text: null, image: null });
    expect(items.find((item) => item.role === 'user')?.content[0]).toMatchObject({ text: 'Fine' });
    expect(listed.errors).toHaveLength(1);
    expect(listed.errors?.[0]).toMatchObject({
      path: ['listConversationMessages', 'items', expect.any(Number), 'content', 1, 'image', 'source'],
    });
  });
});
