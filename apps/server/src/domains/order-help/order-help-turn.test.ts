import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../../testing/assistants';
import { setBalanceUsd } from '../../testing/balances';
import type { FakeLlm } from '../../testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../../testing/fake-llm/fake-openai';
import { type FakeShopify, startFakeShopify } from '../../testing/fake-shopify/fake-shopify';
import { connectShopToAccount, shopifyEnv } from '../../testing/fake-shopify/shopify-test-kit';
import type { TestViewer } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { parseEvents } from '../../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { listCommerceActions } from './index';

const SHOP = 'turn-shop.myshopify.com';

/**
 * A whole owner-chat turn with a network model (the fake OpenAI) that calls the built-in order
 * tool: the tools are offered with their schemas, the call runs against the connected store, and
 * the reply keeps the call and its result (llmUsage.toolCalls) for the owner's view of the thread.
 */
describe('order help in a turn', () => {
  let fake: FakeLlm;
  let shopify: FakeShopify;
  let t: TestApp;
  let me: TestViewer;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    shopify = await startFakeShopify({ products: 2 });
    t = await createTestApp({ ...shopifyEnv(shopify), OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.baseUrl });
    const user = await createVerifiedUser(t, { email: 'turns@shop.test' });
    me = { email: user.email, access: user.access, isStaff: false };
    await setBalanceUsd(t.services.db, me.email, 10);
    await connectShopToAccount(t, shopify, me.email, SHOP);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await shopify?.close();
  });

  it('offers the order tools to the model, runs the lookup on the store, and keeps the result on the reply', async () => {
    const assistantId = await createAssistant(t, me, { model: 'openai:gpt-4o-mini' });
    const thread = await post(t, me, '/api/thread/create/', { assistantId });
    fake.script(
      {
        toolCall: {
          id: 'call_order',
          name: 'order_status',
          argumentPieces: ['{"orderNumber":"#1001",', '"contact":"ann@example.com"}'],
        },
      },
      { text: ['Your order #1001 was delivered by DHL.'] },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/message/',
      headers: { authorization: `Bearer ${me.access}`, accept: 'text/event-stream' },
      payload: { threadId: thread.body?.id, content: 'Where is my order #1001? I ordered with ann@example.com' },
    });
    expect(res.statusCode).toBe(200);
    const events = parseEvents(res.body);

    // The model was offered the four tools, with their input schemas.
    const offered = (fake.requests[0]?.body.tools ?? []) as { function: { name: string; parameters: { required?: string[] } } }[];
    expect(offered.map((tool) => tool.function.name).sort()).toEqual([
      'change_shipping_address',
      'order_status',
      'resend_order_confirmation',
      'start_return',
    ]);
    expect(offered.find((tool) => tool.function.name === 'order_status')?.function.parameters.required?.sort()).toEqual([
      'contact',
      'orderNumber',
    ]);

    const result = events.find((e) => e.event === 'tool-result')?.data as { ok: boolean; output: Record<string, unknown> };
    expect(result).toMatchObject({ ok: true, output: { outcome: 'status', order: { name: '#1001' } } });
    // What the model was sent back is the same answer.
    const sentBack = (fake.requests[1]?.body.messages ?? []) as { role: string; content: string }[];
    const toolMessage = sentBack.find((m) => m.role === 'tool');
    expect(JSON.parse(toolMessage?.content ?? '{}')).toMatchObject({
      outcome: 'status',
      order: { tracking: [{ url: 'https://dhl.example/JD0001' }] },
    });

    const done = events.at(-1)?.data as { reply: { content: string; llmUsage: { toolCalls?: unknown[] } } };
    expect(done.reply.content).toBe('Your order #1001 was delivered by DHL.');
    expect(done.reply.llmUsage.toolCalls).toEqual([
      expect.objectContaining({
        name: 'order_status',
        ok: true,
        input: { orderNumber: '#1001', contact: 'ann@example.com' },
        output: expect.objectContaining({
          outcome: 'status',
          order: expect.objectContaining({
            tracking: [{ status: 'DELIVERED', company: 'DHL', number: 'JD0001', url: 'https://dhl.example/JD0001' }],
          }),
        }),
      }),
    ]);
    // And the owner's log has it, from the owner's own chat (no shared thread).
    const [logged] = await listCommerceActions(t.services.db, me.email);
    expect(logged).toMatchObject({
      kind: 'order_status',
      ok: true,
      outcome: 'status',
      assistantId,
      sharedThreadId: null,
      shopDomain: SHOP,
    });
  });
});
