import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getModel } from '../../data-api/model-registry';
import { insertItemAsSystem } from '../../data-api/model-store';
import { assistantFunctions, functions, tasks, variables } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import { setBalanceUsd } from '../../testing/balances';
import type { FakeLlm } from '../../testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../../testing/fake-llm/fake-openai';
import type { TestViewer } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { describeSchemaErrors, toolDefinitionOf, toolNameOf } from '../functions';

const orderStatus = {
  type: 'function',
  function: {
    name: 'order_status',
    description: 'Looks up where an order is.',
    parameters: {
      type: 'object',
      properties: { orderNumber: { type: 'string', pattern: '^#?[0-9]+$' } },
      required: ['orderNumber'],
      additionalProperties: false,
    },
  },
};

const orderStatusCode = `
export default async function (args, variables) {
  console.log('looking up', args.orderNumber);
  return { order: args.orderNumber, status: 'shipped', carrier: variables.CARRIER ?? 'unknown' };
}`;

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}
const parseEvents = (body: string): SseEvent[] =>
  body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => ({
      event: /^event: (.+)$/m.exec(block)?.[1] ?? '',
      data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null'),
    }));

/** The tool results the model was sent back, from the recorded chat-completions requests. */
const toolMessagesSent = (fake: FakeLlm) =>
  fake.requests.flatMap((request) =>
    ((request.body.messages as { role: string; content: string; tool_call_id?: string }[]) ?? []).filter((m) => m.role === 'tool'),
  );

describe('linked functions as tools in a chat turn', () => {
  let t: TestApp;
  let fake: FakeLlm;
  let me: TestViewer;
  let other: TestViewer;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({ OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.baseUrl, DEFAULT_MODEL: 'local:extractive' });
    const user = await createVerifiedUser(t, { email: 'tools@shop.test' });
    me = { email: user.email, access: user.access, isStaff: false };
    const bob = await createVerifiedUser(t, { email: 'bob-tools@shop.test' });
    other = { email: bob.email, access: bob.access, isStaff: false };
    await setBalanceUsd(t.services.db, me.email, 10);
    await t.services.db.insert(variables).values({ ownerEmail: me.email, name: 'CARRIER', value: 'DHL' });
    await t.services.db.insert(variables).values({ ownerEmail: other.email, name: 'CARRIER', value: 'bob-secret' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.script();
    fake.requests.length = 0;
  });

  const putFunction = (ownerEmail: string, values: Record<string, unknown>) =>
    insertItemAsSystem({ db: t.services.db, events: t.services.events }, getModel('Function'), {
      ownerEmail,
      name: 'Order status',
      code: orderStatusCode,
      functionAssistantDefinition: orderStatus,
      variables: ['CARRIER'],
      ...values,
    });

  async function threadWith(functionValues: Record<string, unknown>[]) {
    const assistantId = await createAssistant(t, me, { model: 'openai:gpt-4o-mini' });
    for (const values of functionValues) {
      const fn = await putFunction(me.email, values);
      expect((await post(t, me, '/api/assistant/function-add/', { assistantId, functionId: fn.id })).status).toBe(201);
    }
    const thread = await post(t, me, '/api/thread/create/', { assistantId });
    return { assistantId, threadId: thread.body?.id as string };
  }

  const stream = (threadId: string, content: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/chat/message/',
      headers: { authorization: `Bearer ${me.access}`, accept: 'text/event-stream' },
      payload: { threadId, content },
    });

  it('offers the function to the model, runs it in the sandbox with the owner’s variables, and answers from its result', async () => {
    const { assistantId, threadId } = await threadWith([{}]);
    fake.script(
      { toolCall: { id: 'call_1', name: 'order_status', argumentPieces: ['{"orderNum', 'ber":"#1001"}'] } },
      { text: ['Order #1001', ' has shipped with DHL.'] },
    );
    const res = await stream(threadId, 'Where is my order #1001?');
    expect(res.statusCode).toBe(200);
    const events = parseEvents(res.body);
    expect(events.map((e) => e.event)).toEqual(['message', 'tool-call', 'tool-result', 'token', 'token', 'done']);
    expect(events[1]?.data).toMatchObject({ toolCallId: 'call_1', name: 'order_status', input: { orderNumber: '#1001' } });
    expect(events[2]?.data).toMatchObject({
      ok: true,
      output: { order: '#1001', status: 'shipped', carrier: 'DHL' },
    });

    // The model saw the tool's definition, and got the result back before answering.
    const offered = fake.requests[0]?.body.tools as { function: { name: string; parameters: unknown } }[];
    expect(offered.map((tool) => tool.function.name)).toEqual(['order_status']);
    expect(offered[0]?.function.parameters).toMatchObject({ required: ['orderNumber'] });
    expect(toolMessagesSent(fake)).toEqual([expect.objectContaining({ tool_call_id: 'call_1' })]);
    expect(JSON.parse(toolMessagesSent(fake)[0]?.content ?? '{}')).toEqual({ order: '#1001', status: 'shipped', carrier: 'DHL' });

    const done = events.at(-1)?.data as { reply: { content: string; llmUsage: Record<string, unknown> } };
    expect(done.reply.content).toBe('Order #1001 has shipped with DHL.');
    expect(done.reply.llmUsage.toolCalls).toEqual([
      expect.objectContaining({ name: 'order_status', ok: true, output: expect.objectContaining({ status: 'shipped' }) }),
    ]);

    // The run is recorded as a Task with its logs.
    const runs = await t.services.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.assistantId, assistantId), eq(tasks.type, 'function_run')));
    expect(runs).toHaveLength(1);
    expect(runs[0]?.result).toMatchObject({ ok: true, logs: ['looking up #1001'] });
  });

  it('sends arguments that break the schema back to the model as a clear error, without running the code', async () => {
    const { assistantId, threadId } = await threadWith([{}]);
    fake.script(
      { toolCall: { id: 'call_bad', name: 'order_status', argumentPieces: ['{"orderNumber":"next tuesday"}'] } },
      { text: ['Could you give me your order number?'] },
    );
    const events = parseEvents((await stream(threadId, 'Where is my order?')).body);
    const result = events.find((e) => e.event === 'tool-result')?.data;
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('orderNumber must match pattern') });
    expect(toolMessagesSent(fake)[0]?.content).toContain('orderNumber must match pattern');
    expect(events.at(-1)?.event).toBe('done');
    const runs = await t.services.db.select().from(tasks).where(eq(tasks.assistantId, assistantId));
    expect(runs.filter((run) => run.type === 'function_run')).toHaveLength(0);
  });

  it('reports a function that throws to the model, which still answers', async () => {
    const { threadId } = await threadWith([{ code: 'export default async function () { throw new Error("shop API is down"); }' }]);
    fake.script(
      { toolCall: { id: 'call_err', name: 'order_status', argumentPieces: ['{"orderNumber":"1001"}'] } },
      { text: ['Sorry, I cannot look that up right now.'] },
    );
    const events = parseEvents((await stream(threadId, 'Where is order 1001?')).body);
    expect(events.find((e) => e.event === 'tool-result')?.data).toMatchObject({
      ok: false,
      error: expect.stringContaining('shop API is down'),
    });
    expect(toolMessagesSent(fake)[0]?.content).toContain('shop API is down');
    const done = events.at(-1)?.data as { reply: { content: string } } | undefined;
    expect(done?.reply.content).toContain('cannot look that up');
  });

  it('never offers functions flagged by the rules check, without code, or owned by someone else', async () => {
    const { threadId, assistantId } = await threadWith([{}, { code: '', functionAssistantDefinition: { name: 'empty_one' } }]);
    // Linked while clean, then saved with code the rules check flags (a flagged one cannot be linked).
    const links = await t.services.db.select().from(assistantFunctions).where(eq(assistantFunctions.assistantId, assistantId));
    await t.services.db
      .update(functions)
      .set({ isViolatingRules: true, violatingBecause: 'Calls a private address.' })
      .where(
        and(
          inArray(
            functions.id,
            links.map((link) => link.functionId),
          ),
          ne(functions.code, ''),
        ),
      );
    // Another owner's function linked by a forged join row is still not offered.
    const foreign = await putFunction(other.email, { functionAssistantDefinition: { name: 'bobs_tool' } });
    await insertItemAsSystem({ db: t.services.db, events: t.services.events }, getModel('AssistantFunction'), {
      ownerEmail: me.email,
      assistantId,
      functionId: foreign.id,
    });
    fake.script({ text: ['Hello.'] });
    await stream(threadId, 'Hi');
    expect(fake.requests[0]?.body.tools).toBeUndefined();
  });

  it('gives two functions of the same name distinct tool names', async () => {
    const { threadId } = await threadWith([{}, {}]);
    fake.script({ text: ['Hi.'] });
    await stream(threadId, 'Hello');
    const offered = fake.requests[0]?.body.tools as { function: { name: string } }[];
    expect(offered.map((tool) => tool.function.name)).toEqual(['order_status', 'order_status_2']);
  });
});

describe('tool definitions', () => {
  it('accepts the OpenAI, bare and Anthropic shapes, falling back to the function’s name and description', () => {
    const parameters = { type: 'object', properties: { q: { type: 'string' } } };
    expect(
      toolDefinitionOf({
        name: 'x',
        description: null,
        functionAssistantDefinition: { type: 'function', function: { name: 'find', parameters } },
      }),
    ).toMatchObject({ name: 'find', parameters });
    expect(
      toolDefinitionOf({ name: 'x', description: 'd', functionAssistantDefinition: { name: 'find', input_schema: parameters } }),
    ).toMatchObject({
      name: 'find',
      description: 'd',
      parameters,
    });
    expect(toolDefinitionOf({ name: 'Shipping rates!', description: null, functionAssistantDefinition: null })).toEqual({
      name: 'Shipping_rates',
      description: 'Runs the Shipping rates! function.',
      parameters: { type: 'object', properties: {} },
    });
    expect(toolNameOf('***')).toBe('function');
  });

  it('explains schema errors in words the model can act on', () => {
    expect(
      describeSchemaErrors([
        { keyword: 'required', instancePath: '', params: { missingProperty: 'orderNumber' }, schemaPath: '#/required' },
        { keyword: 'type', instancePath: '/quantity', params: { type: 'integer' }, schemaPath: '#', message: 'must be integer' },
      ]),
    ).toBe('orderNumber is required; quantity must be integer');
  });
});
