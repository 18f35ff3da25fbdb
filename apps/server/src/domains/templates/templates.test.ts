import { missingVariablesText } from '@aisle/contracts/functions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedThreads, tasks } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import { setBalanceUsd } from '../../testing/balances';
import type { FakeLlm } from '../../testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../../testing/fake-llm/fake-openai';
import { type FakeShopify, startFakeShopify } from '../../testing/fake-shopify/fake-shopify';
import { connectShopToAccount, shopifyEnv } from '../../testing/fake-shopify/shopify-test-kit';
import { gql, type TestViewer } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { seedTemplates } from './seed-templates';
import { LEAD_CAPTURE_TEMPLATE_ID, ORDER_STATUS_TEMPLATE_ID, POLICIES_TEMPLATE_ID, seededTemplates } from './seeded-templates';

type Events = { event: string; data: Record<string, unknown> }[];
const parseEvents = (body: string): Events =>
  body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => ({ event: /^event: (.+)$/m.exec(block)?.[1] ?? '', data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null') }));

describe('templates: seeded set, required variables, template functions in chat turns, custom templates', () => {
  let t: TestApp;
  let fake: FakeLlm;
  let shopify: FakeShopify;
  let me: TestViewer;
  let other: TestViewer;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    shopify = await startFakeShopify({ products: 1 });
    t = await createTestApp({
      OPENAI_API_KEY: FAKE_OPENAI_KEY,
      OPENAI_BASE_URL: fake.baseUrl,
      DEFAULT_MODEL: 'local:extractive',
      ...shopifyEnv(shopify),
    });
    const a = await createVerifiedUser(t, { email: 'tpl-owner@shop.test' });
    me = { email: a.email, access: a.access, isStaff: false };
    const b = await createVerifiedUser(t, { email: 'tpl-other@shop.test' });
    other = { email: b.email, access: b.access, isStaff: false };
    await setBalanceUsd(t.services.db, me.email, 10);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await shopify.close();
  });
  beforeEach(() => {
    fake.script();
    fake.requests.length = 0;
  });

  const setVariable = (viewer: TestViewer, name: string, value: string, secret = false) =>
    post(t, viewer, '/api/variables/', { name, value, secret });

  async function chatThread(assistantId: string) {
    const thread = await post(t, me, '/api/thread/create/', { assistantId });
    return thread.body?.id as string;
  }
  const stream = async (threadId: string, content: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/message/',
      headers: { authorization: `Bearer ${me.access}`, accept: 'text/event-stream' },
      payload: { threadId, content },
    });
    return parseEvents(res.body);
  };

  it('ships the seeded templates to every signed-in user, with their functions and required variables', async () => {
    const res = await gql(
      t,
      other,
      '{ listTemplates { items { id name active requiredVariables templateFunctions { items { name code } } } } }',
    );
    const items = res.data?.listTemplates.items as {
      id: string;
      name: string;
      requiredVariables: string;
      templateFunctions: { items: { name: string; code: string }[] };
    }[];
    expect(items.map((item) => item.name).sort()).toEqual(
      ['Lead capture', 'Order status lookup', 'Product finder', 'Shipping and returns policy', 'Store FAQ'].sort(),
    );
    for (const item of items) {
      expect(JSON.parse(item.requiredVariables).length, item.name).toBeGreaterThan(0);
      expect(item.templateFunctions.items.length, item.name).toBeGreaterThan(0);
    }
    // Booting again (a restart, a second instance) adds nothing twice.
    await seedTemplates(t.services.db);
    const count = await gql(t, me, '{ listTemplates { items { id } } }');
    expect(count.data?.listTemplates.items).toHaveLength(seededTemplates.length);
  });

  it('adds a template to an assistant only once its required variables are set', async () => {
    const assistantId = await createAssistant(t, me);
    const refused = await post(t, me, '/api/assistant/template-add/', { assistantId, templateId: POLICIES_TEMPLATE_ID });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: missingVariablesText(['SHIPPING_POLICY', 'RETURNS_POLICY']), code: 'missing_variables' });

    await setVariable(me, 'SHIPPING_POLICY', 'Free shipping in the EU over 50 EUR; 2-4 working days.');
    const stillOne = await post(t, me, '/api/assistant/template-add/', { assistantId, templateId: POLICIES_TEMPLATE_ID });
    expect(stillOne.body).toMatchObject({ detail: missingVariablesText(['RETURNS_POLICY']) });
    // Another user's variable does not count for me.
    await setVariable(other, 'RETURNS_POLICY', 'someone else');
    expect((await post(t, me, '/api/assistant/template-add/', { assistantId, templateId: POLICIES_TEMPLATE_ID })).status).toBe(400);

    await setVariable(me, 'RETURNS_POLICY', 'Returns within 30 days, unworn, with the receipt.');
    const added = await post(t, me, '/api/assistant/template-add/', { assistantId, templateId: POLICIES_TEMPLATE_ID });
    expect(added.status).toBe(201);
  });

  it('offers a linked template’s functions as tools and answers from them', async () => {
    const assistantId = await createAssistant(t, me, { model: 'openai:gpt-4o-mini' });
    expect((await post(t, me, '/api/assistant/template-add/', { assistantId, templateId: POLICIES_TEMPLATE_ID })).status).toBe(201);
    fake.script(
      { toolCall: { id: 'call_p', name: 'get_shipping_and_returns_policy', argumentPieces: ['{"topic":"returns"}'] } },
      { text: ['You can return items within 30 days.'] },
    );
    const events = await stream(await chatThread(assistantId), 'Can I return shoes?');
    const offered = ((fake.requests[0]?.body.tools ?? []) as { function: { name: string } }[]).map((tool) => tool.function.name);
    expect(offered).toEqual(['get_shipping_and_returns_policy']);
    expect(events.find((e) => e.event === 'tool-result')?.data).toMatchObject({
      ok: true,
      output: { policy: { returns: 'Returns within 30 days, unworn, with the receipt.' } },
    });
    const [run] = await t.services.db.select().from(tasks).where(eq(tasks.assistantId, assistantId));
    expect(run).toMatchObject({
      type: 'function_run',
      functionId: null,
      result: expect.objectContaining({ name: 'get_shipping_and_returns_policy', ok: true }),
    });
  });

  it('works with no API key: the built-in local model calls a template function and answers from its result', async () => {
    const assistantId = await createAssistant(t, me, { model: 'local:extractive' });
    expect((await post(t, me, '/api/assistant/template-add/', { assistantId, templateId: POLICIES_TEMPLATE_ID })).status).toBe(201);
    const threadId = await chatThread(assistantId);
    const events = await stream(threadId, 'What is your returns policy?');
    expect(events.find((e) => e.event === 'tool-call')?.data).toMatchObject({
      name: 'get_shipping_and_returns_policy',
      input: { topic: 'returns' },
    });
    const done = events.at(-1)?.data as { reply: { content: string } };
    expect(done.reply.content).toContain('Returns within 30 days, unworn, with the receipt.');
    expect(fake.requests).toHaveLength(0);

    // A question the function fits but cannot be answered without what it needs: the model asks.
    const orderAssistant = await createAssistant(t, me, { model: 'local:extractive' });
    await setVariable(me, 'SUPPORT_EMAIL', 'help@shop.test');
    expect(
      (await post(t, me, '/api/assistant/template-add/', { assistantId: orderAssistant, templateId: ORDER_STATUS_TEMPLATE_ID })).status,
    ).toBe(201);
    const asked = await stream(await chatThread(orderAssistant), 'Where is my order?');
    expect(asked.some((e) => e.event === 'tool-call')).toBe(false);
    expect(((asked.at(-1)?.data ?? {}) as { reply: { content: string } }).reply.content).toMatch(
      /^I can look that up\. Please tell me the order number/,
    );
  });

  it('looks up an order through the connected Shopify store, and says to connect one when there is none', async () => {
    const assistantId = await createAssistant(t, me, { model: 'openai:gpt-4o-mini' });
    expect((await post(t, me, '/api/assistant/template-add/', { assistantId, templateId: ORDER_STATUS_TEMPLATE_ID })).status).toBe(201);
    const threadId = await chatThread(assistantId);
    const lookup = (id: string, email: string) => ({
      toolCall: { id, name: 'get_order_status', argumentPieces: [JSON.stringify({ orderNumber: '1001', email })] },
    });

    fake.script(lookup('call_1', 'ann@example.com'), { text: ['Please connect.'] });
    let events = await stream(threadId, 'Where is order 1001?');
    expect(events.find((e) => e.event === 'tool-result')?.data).toMatchObject({
      ok: false,
      error: expect.stringContaining('Connect your Shopify store first'),
    });
    expect(shopify.calls.filter((call) => call.kind === 'graphql')).toHaveLength(0);

    await connectShopToAccount(t, shopify, me.email, 'ann-shop.myshopify.com');
    fake.script(lookup('call_2', 'ann@example.com'), { text: ['It shipped with DHL.'] });
    events = await stream(threadId, 'Where is order 1001?');
    expect(events.find((e) => e.event === 'tool-result')?.data).toMatchObject({
      ok: true,
      output: { found: true, order: '#1001', payment: 'PAID', fulfillment: 'FULFILLED', tracking: [{ carrier: 'DHL', number: 'JD0001' }] },
    });
    expect(shopify.calls.filter((call) => call.kind === 'graphql').at(-1)).toMatchObject({ shop: 'ann-shop.myshopify.com', status: 200 });

    // The wrong email gets the same answer as no order: details only reach whoever placed it.
    fake.script(lookup('call_3', 'mallory@example.com'), { text: ['Not found.'] });
    events = await stream(threadId, 'Where is order 1001?');
    const output = ((events.find((e) => e.event === 'tool-result')?.data ?? {}) as { output: Record<string, unknown> }).output;
    expect(output).toEqual({ found: false, note: 'No order matches that number and email address.', contact: 'help@shop.test' });
    // The access token never reaches the model.
    const [token] = shopify.tokensOf('ann-shop.myshopify.com');
    expect(token).toBeTruthy();
    expect(JSON.stringify(fake.requests.map((r) => r.body))).not.toContain(String(token));
  });

  it('saves a visitor’s contact to the shared conversation through the lead-capture template', async () => {
    await setVariable(me, 'LEAD_FOLLOW_UP', 'Thanks! We reply within one business day.');
    const assistantId = await createAssistant(t, me, { model: 'openai:gpt-4o-mini' });
    expect((await post(t, me, '/api/assistant/template-add/', { assistantId, templateId: LEAD_CAPTURE_TEMPLATE_ID })).status).toBe(201);
    const share = await post(t, me, '/api/shared-assistant/create/', { assistantId });
    const token = ((share.body?.shareToken ?? {}) as { token: string }).token;
    fake.script(
      {
        toolCall: {
          id: 'call_l',
          name: 'save_contact',
          argumentPieces: ['{"name":"Ann","email":"ann@example.com","note":"Wholesale quote"}'],
        },
      },
      { text: ['Thanks Ann, we will be in touch.'] },
    );
    const res = await post(t, null, '/api/shared-chat/message/', {
      token,
      message: 'Can someone call me about a wholesale order? ann@example.com',
    });
    expect(res.status).toBe(200);
    const sharedThreadId = (res.body?.sharedThreadId ?? (res.body?.thread as { id: string } | undefined)?.id) as string;
    const [thread] = await t.services.db.select().from(sharedThreads).where(eq(sharedThreads.id, sharedThreadId));
    expect(thread?.visitorContact).toMatchObject({ name: 'Ann', email: 'ann@example.com', note: 'Wholesale quote' });
    const toolResult = JSON.parse(
      String(fake.requests.flatMap((r) => r.body.messages as { role: string; content: string }[]).find((m) => m.role === 'tool')?.content),
    );
    expect(toolResult).toEqual({ saved: true, tellTheShopper: 'Thanks! We reply within one business day.' });
    const inbox = await gql(t, me, `{ getSharedThread(id: "${sharedThreadId}") { visitorContact } }`);
    expect(JSON.parse(inbox.data?.getSharedThread.visitorContact)).toMatchObject({ email: 'ann@example.com' });
  });

  it('composes template functions into a custom template that works as tools, and checks its variables', async () => {
    const listed = await gql(t, me, '{ listTemplates { items { id templateFunctions { items { id name } } } } }');
    const functionsByName = new Map<string, string>(
      ((listed.data?.listTemplates.items ?? []) as { templateFunctions: { items: { id: string; name: string }[] } }[]).flatMap((tpl) =>
        tpl.templateFunctions.items.map((fn) => [fn.name, fn.id] as [string, string]),
      ),
    );
    const created = await gql(t, me, 'mutation { createCustomUserTemplate(input: { name: "Support desk" }) { id } }');
    const customId = created.data?.createCustomUserTemplate.id as string;
    for (const name of ['get_shipping_and_returns_policy', 'find_products']) {
      const link = await gql(
        t,
        me,
        `mutation { createUserTemplateFunctions(input: { customUserTemplateId: "${customId}", templateFunctionId: "${functionsByName.get(name)}" }) { id } }`,
      );
      expect(link.errors, name).toBeUndefined();
    }
    // Another user cannot add functions to my custom template, nor link it.
    const intruder = await gql(
      t,
      other,
      `mutation { createUserTemplateFunctions(input: { customUserTemplateId: "${customId}", templateFunctionId: "${functionsByName.get('save_contact')}" }) { id } }`,
    );
    expect(intruder.errors?.[0]?.message).toBe('Unauthorized');

    const assistantId = await createAssistant(t, me, { model: 'openai:gpt-4o-mini' });
    // find_products reads STORE_URL, which is required and not set yet.
    const refused = await post(t, me, '/api/assistant/custom-user-template-add/', { assistantId, customUserTemplateId: customId });
    expect(refused.body).toMatchObject({ detail: missingVariablesText(['STORE_URL']) });
    await setVariable(me, 'STORE_URL', 'https://shop.test');
    expect((await post(t, me, '/api/assistant/custom-user-template-add/', { assistantId, customUserTemplateId: customId })).status).toBe(
      201,
    );

    fake.script({ text: ['Hello!'] });
    await stream(await chatThread(assistantId), 'Hi');
    const offered = ((fake.requests[0]?.body.tools ?? []) as { function: { name: string } }[]).map((tool) => tool.function.name).sort();
    expect(offered).toEqual(['find_products', 'get_shipping_and_returns_policy']);

    const otherAssistant = await createAssistant(t, other);
    const stolen = await post(t, other, '/api/assistant/custom-user-template-add/', {
      assistantId: otherAssistant,
      customUserTemplateId: customId,
    });
    expect(stolen.status).toBe(404);
  });
});
