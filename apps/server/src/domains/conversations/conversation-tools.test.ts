import { jsonSchema, tool } from 'ai';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getModel } from '../../data-api/model-registry';
import { insertItemAsSystem } from '../../data-api/model-store';
import { tasks } from '../../db/schema';
import { createAssistant, recordEvents } from '../../testing/assistants';
import { balanceUsd, setBalanceUsd } from '../../testing/balances';
import { createConversation, listMessages, sendAndFollow } from '../../testing/conversation-test-client';
import type { FakeLlm } from '../../testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../../testing/fake-llm/fake-openai';
import { type GqlData, listen, type TestViewer } from '../../testing/graphql-client';
import { tinyPng } from '../../testing/images';
import { post } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { costOf } from '../billing';
import { createTurnContext } from '../turns';
import { NO_TOOL_RESULT } from './model-messages';
import { STREAM_EVENT_MODEL } from './reply-events';
import { sendMessage } from './send-message';

const MODEL = 'gpt-4.1-mini';
const png = tinyPng(2).toString('base64');
const getCart = {
  toolSpec: {
    name: 'get_cart',
    description: "Reads the shopper's cart in the app.",
    inputSchema: { json: JSON.stringify({ type: 'object', properties: { cartId: { type: 'string' } }, required: ['cartId'] }) },
  },
};

interface OpenAiMessage {
  role: string;
  content: unknown;
  tool_calls?: unknown[];
  tool_call_id?: string;
}

describe('conversation replies with a network model: blocks, context and tools', () => {
  let fake: FakeLlm;
  let t: TestApp;
  let port: number;
  let me: TestViewer;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({ OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.baseUrl, DEFAULT_MODEL: `openai:${MODEL}` });
    port = await listen(t);
    const user = await createVerifiedUser(t, { email: 'merchant@shop.test' });
    me = { email: user.email, access: user.access, isStaff: false };
    await setBalanceUsd(t.services.db, me.email, 10);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.script();
    fake.requests.length = 0;
  });

  const sentMessages = (index: number) => (fake.requests[index]?.body.messages ?? []) as OpenAiMessage[];
  const balance = async () => await balanceUsd(t.services.db, me.email);
  const tasksOf = (conversationId: string) =>
    t.services.db
      .select()
      .from(tasks)
      .where(eq(tasks.ownerEmail, me.email))
      .then((rows) => rows.filter((row) => (row.result as { conversationId?: string }).conversationId === conversationId));

  it('shows the model images and documents as file parts, json as fenced text, and the app context in the system prompt', async () => {
    const id = await createConversation(t, me);
    const pdf = Buffer.from('%PDF-1.4 fake').toString('base64');
    const { events } = await sendAndFollow(t, port, me, {
      id,
      content: [
        { text: 'What is this?' },
        { image: { format: 'png', source: { bytes: png } } },
        { document: { format: 'pdf', name: 'terms.pdf', source: { bytes: pdf } } },
        { document: { format: 'csv', name: 'sizes.csv', source: { bytes: Buffer.from('size,cm\nM,40').toString('base64') } } },
        { json: JSON.stringify({ cart: { items: 2 } }) },
      ],
      aiContext: JSON.stringify({ page: 'checkout', locale: 'en' }),
    });
    expect(events.at(-1)).toMatchObject({ stopReason: 'end_turn' });
    const messages = sentMessages(0);
    expect(messages[0]?.role).toBe('system');
    expect(messages[0]?.content).toContain('Context from the app the user is in:\n{"page":"checkout","locale":"en"}');
    expect(messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } },
        { type: 'file', file: { filename: 'terms.pdf', file_data: `data:application/pdf;base64,${pdf}` } },
        { type: 'text', text: 'Document "sizes.csv":\n```csv\nsize,cm\nM,40\n```' },
        { type: 'text', text: '```json\n{\n  "cart": {\n    "items": 2\n  }\n}\n```' },
      ],
    });
  });

  it('ends the turn at a client tool call with tool_use, then answers from the tool result the app sends', async () => {
    const id = await createConversation(t, me);
    const before = await balance();
    const firstUsage = { inputTokens: 100, outputTokens: 20, cachedInputTokens: 0 };
    fake.script(
      {
        text: ['Let me check', ' your cart.'],
        toolCall: { id: 'call_1', name: 'get_cart', argumentPieces: ['{"cart', 'Id":', '"c1"}'] },
        usage: firstUsage,
      },
      { text: ['Your cart', ' has 2 items.'], usage: { inputTokens: 150, outputTokens: 10 } },
    );
    const first = await sendAndFollow(t, port, me, { id, content: [{ text: 'What is in my cart?' }], tools: { tools: [getCart] } });
    expect(first.sent.errors).toBeUndefined();
    expect(JSON.parse(first.message.toolConfiguration)).toEqual({
      tools: [{ toolSpec: { ...getCart.toolSpec, inputSchema: { json: JSON.parse(getCart.toolSpec.inputSchema.json) } } }],
    });
    const shape = (e: GqlData) =>
      Object.fromEntries(
        Object.entries(e).filter(([key, value]) => value !== null && !['id', 'conversationId', 'associatedUserMessageId'].includes(key)),
      );
    expect(first.events.map(shape)).toEqual([
      { contentBlockIndex: 0, contentBlockDeltaIndex: 0, contentBlockText: 'Let me check' },
      { contentBlockIndex: 0, contentBlockDeltaIndex: 1, contentBlockText: ' your cart.' },
      { contentBlockIndex: 0, contentBlockDoneAtIndex: 1 },
      { contentBlockIndex: 1, contentBlockToolUse: { toolUseId: 'call_1', name: 'get_cart', input: '{"cartId":"c1"}' } },
      { contentBlockIndex: 1, stopReason: 'tool_use' },
    ]);
    expect(fake.requests[0]?.body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'get_cart',
          description: getCart.toolSpec.description,
          parameters: JSON.parse(getCart.toolSpec.inputSchema.json),
        },
      },
    ]);
    // The reply is stored with the call, and its usage is charged like any other.
    const [, reply] = await listMessages(t, me, id);
    expect(reply?.content).toEqual([
      expect.objectContaining({ text: 'Let me check your cart.', toolUse: null }),
      expect.objectContaining({ text: null, toolUse: { toolUseId: 'call_1', name: 'get_cart', input: '{"cartId":"c1"}' } }),
    ]);
    const [task] = await tasksOf(id);
    expect(task?.result).toMatchObject({ stopReason: 'tool_use', replyMessageId: reply?.id });
    expect(task?.llmUsage).toMatchObject({ inputTokens: 100, outputTokens: 20 });
    expect(before - (await balance())).toBeCloseTo(costOf('openai', MODEL, firstUsage), 10);

    const result = { toolResult: { toolUseId: 'call_1', status: 'success', content: [{ json: JSON.stringify({ items: 2 }) }] } };
    const second = await sendAndFollow(t, port, me, { id, content: [result], tools: { tools: [getCart] } });
    expect(second.sent.errors).toBeUndefined();
    expect(second.message.content).toEqual([
      expect.objectContaining({
        toolResult: { toolUseId: 'call_1', status: 'success', content: [{ text: null, json: '{"items":2}', image: null }] },
      }),
    ]);
    expect(second.events.at(-1)).toMatchObject({ stopReason: 'end_turn' });
    expect(second.events.flatMap((e) => (e.contentBlockText ? [e.contentBlockText] : [])).join('')).toBe('Your cart has 2 items.');
    expect(sentMessages(1).slice(1)).toEqual([
      { role: 'user', content: 'What is in my cart?' },
      {
        role: 'assistant',
        content: 'Let me check your cart.',
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_cart', arguments: '{"cartId":"c1"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"items":2}' },
    ]);
    const messages = await listMessages(t, me, id);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages[3]?.content).toEqual([expect.objectContaining({ text: 'Your cart has 2 items.' })]);
    expect((await tasksOf(id)).map((row) => (row.result as { stopReason: string }).stopReason)).toEqual(['tool_use', 'end_turn']);
  });

  it('tells the model a tool call went unanswered when the user writes on instead of sending its result', async () => {
    const id = await createConversation(t, me);
    fake.script({ toolCall: { id: 'call_9', name: 'get_cart', argumentPieces: ['{"cartId":"c9"}'] } }, { text: ['Sure.'] });
    const first = await sendAndFollow(t, port, me, { id, content: [{ text: 'Check my cart' }], tools: { tools: [getCart] } });
    expect(first.events.at(-1)).toMatchObject({ contentBlockIndex: 0, stopReason: 'tool_use' });
    const second = await sendAndFollow(t, port, me, { id, content: [{ text: 'Never mind, what are your hours?' }] });
    expect(second.events.at(-1)).toMatchObject({ stopReason: 'end_turn' });
    expect(sentMessages(1).slice(2)).toEqual([
      { role: 'assistant', content: null, tool_calls: [expect.objectContaining({ id: 'call_9' })] },
      { role: 'tool', tool_call_id: 'call_9', content: JSON.stringify({ error: NO_TOOL_RESULT }) },
      { role: 'user', content: 'Never mind, what are your hours?' },
    ]);
  });

  it('delivers the deltas of a reply cut mid-stream, then errors, and stores and charges nothing', async () => {
    const id = await createConversation(t, me);
    fake.script({
      text: ['Orders', ' over', ' $75', ' ship', ' free', ' in', ' three', ' days.'],
      usage: { inputTokens: 10, outputTokens: 8 },
    });
    fake.failure = 'cut';
    const before = await balance();
    const { events } = await sendAndFollow(t, port, me, { id, content: [{ text: 'Do orders ship free?' }] });
    const deltas = events.filter((e) => e.contentBlockText !== null);
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.map((e) => e.contentBlockText).join('')).toMatch(/^Orders over/);
    expect(events.at(-1)).toMatchObject({
      stopReason: null,
      errors: [{ errorType: 'interrupted', message: 'The answer was interrupted. Try again.' }],
    });
    expect(events.some((e) => e.stopReason || e.contentBlockDoneAtIndex !== null)).toBe(false);
    expect((await listMessages(t, me, id)).map((m) => m.role)).toEqual(['user']);
    expect(await tasksOf(id)).toEqual([]);
    expect(await balance()).toBe(before);
  });

  it('runs server tools within the turn and keeps the text of every step (the hook for assistant functions)', async () => {
    const id = await createConversation(t, me);
    fake.script(
      { text: ['Let me look.'], toolCall: { id: 'call_s', name: 'lookup_order', argumentPieces: ['{"orderId":"42"}'] } },
      { text: ['It has shipped.'] },
    );
    const ctx = createTurnContext(t.services);
    const recorded = await recordEvents(t, [STREAM_EVENT_MODEL]);
    const lookupOrder = tool({
      description: 'Looks an order up.',
      inputSchema: jsonSchema<{ orderId: string }>({ type: 'object', properties: { orderId: { type: 'string' } } }),
      execute: async ({ orderId }) => ({ orderId, status: 'shipped' }),
    });
    await sendMessage(ctx, pino({ level: 'silent' }), {
      ownerEmail: me.email,
      conversationId: id,
      content: [{ text: 'Where is order 42?' }],
      serverTools: { lookup_order: lookupOrder },
    });
    await recorded.until(5);
    await recorded.stop();
    expect(fake.requests).toHaveLength(2);
    expect(sentMessages(1).at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_s', content: '{"orderId":"42","status":"shipped"}' });
    const items = recorded.events.map((event) => event.item);
    expect(items.some((item) => item.contentBlockToolUse)).toBe(false);
    expect(items.filter((item) => item.contentBlockText).map((item) => [item.contentBlockIndex, item.contentBlockText])).toEqual([
      [0, 'Let me look.'],
      [1, 'It has shipped.'],
    ]);
    expect(items.at(-1)).toMatchObject({ contentBlockIndex: 1, stopReason: 'end_turn' });
    const [, reply] = await listMessages(t, me, id);
    expect(reply?.content).toEqual([
      expect.objectContaining({ text: 'Let me look.' }),
      expect.objectContaining({ text: 'It has shipped.' }),
    ]);
  });

  it("runs the conversation assistant's linked functions in the sandbox within the turn", async () => {
    const assistantId = await createAssistant(t, me, { model: `openai:${MODEL}` });
    const fn = await insertItemAsSystem({ db: t.services.db, events: t.services.events }, getModel('Function'), {
      ownerEmail: me.email,
      name: 'lookup_order',
      code: 'export default async function ({ orderId }) { return { orderId, status: "packed" }; }',
      functionAssistantDefinition: {
        name: 'lookup_order',
        description: 'Looks an order up.',
        parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
      },
    });
    expect((await post(t, me, '/api/assistant/function-add/', { assistantId, functionId: fn.id })).status).toBe(201);
    const id = await createConversation(t, me, { assistantId });
    fake.script(
      { toolCall: { id: 'call_fn', name: 'lookup_order', argumentPieces: ['{"orderId":', '"77"}'] } },
      { text: ['Order 77 is packed.'] },
    );
    const { events } = await sendAndFollow(t, port, me, { id, content: [{ text: 'Where is order 77?' }] });
    expect(events.at(-1)).toMatchObject({ stopReason: 'end_turn' });
    expect(sentMessages(1).at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_fn', content: '{"orderId":"77","status":"packed"}' });
    const [, reply] = await listMessages(t, me, id);
    expect(reply?.content).toEqual([expect.objectContaining({ text: 'Order 77 is packed.' })]);
    const runs = await t.services.db
      .select()
      .from(tasks)
      .where(eq(tasks.functionId, fn.id as string));
    expect(runs).toEqual([expect.objectContaining({ type: 'function_run', assistantId, result: expect.objectContaining({ ok: true }) })]);
  });
});
