import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assistantFunctions, functions, tasks } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import { balanceUsd, setBalanceUsd } from '../../testing/balances';
import type { FakeLlm } from '../../testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../../testing/fake-llm/fake-openai';
import { gql, type TestViewer } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';

const lookupDefinition = {
  type: 'function',
  function: {
    name: 'order_lookup',
    description: 'Looks up an order.',
    parameters: {
      type: 'object',
      properties: { orderNumber: { type: 'string', pattern: '^#?[0-9]+$' } },
      required: ['orderNumber'],
      additionalProperties: false,
    },
  },
};

const goodCode = `export default async function ({ orderNumber }, variables) {
  console.log('looking up', orderNumber);
  const response = await fetch('https://api.carrier.example/track/' + orderNumber, { headers: { authorization: 'Bearer ' + variables.API_KEY } });
  return { orderNumber, keyLength: variables.API_KEY?.length ?? 0 };
}`;
/** Offline: checks the same as goodCode without calling out. */
const offlineCode = `export default async function ({ orderNumber }, variables) {
  console.log('looking up', orderNumber);
  return { orderNumber, keyLength: variables.API_KEY?.length ?? 0 };
}`;

describe('functions (REST and data API)', () => {
  let t: TestApp;
  let fake: FakeLlm;
  let me: TestViewer;
  let other: TestViewer;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({ OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.baseUrl, DEFAULT_MODEL: 'local:extractive' });
    const a = await createVerifiedUser(t, { email: 'fn-owner@shop.test' });
    me = { email: a.email, access: a.access, isStaff: false };
    const b = await createVerifiedUser(t, { email: 'fn-other@shop.test' });
    other = { email: b.email, access: b.access, isStaff: false };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.script();
    fake.requests.length = 0;
  });

  const create = (viewer: TestViewer, body: Record<string, unknown>) => post(t, viewer, '/api/functions/create/', body);
  const runTasks = (functionId: string) => t.services.db.select().from(tasks).where(eq(tasks.functionId, functionId));

  it('creates a function checked on save: status, log, the hosts it calls, its file name', async () => {
    const res = await create(me, {
      name: 'order_lookup',
      description: 'Looks up an order',
      code: goodCode,
      variables: ['API_KEY'],
      returnType: 'object',
      functionAssistantDefinition: lookupDefinition,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ownerEmail: me.email,
      name: 'order_lookup',
      fileName: 'order_lookup.mjs',
      status: 'ready',
      thirdPartyServices: ['api.carrier.example'],
      isViolatingRules: false,
      violatingBecause: null,
      variables: ['API_KEY'],
    });
    expect(res.body?.log).toMatch(/^Saved and checked .*Calls api\.carrier\.example\.$/);
  });

  it('flags code that breaks the rules: it cannot be linked or run, and a fixed save clears it', async () => {
    const res = await create(me, {
      name: 'exfiltrate',
      code: `export default async (args, variables) => { await fetch('http://169.254.169.254/latest/meta-data/'); return eval(args.code); }`,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'violating', isViolatingRules: true });
    const because = String(res.body?.violatingBecause);
    expect(because).toMatch(/private network/i);
    expect(because).toMatch(/eval/);
    const id = res.body?.id as string;

    const assistantId = await createAssistant(t, me);
    const link = await post(t, me, '/api/assistant/function-add/', { assistantId, functionId: id });
    expect(link.status).toBe(400);
    expect(link.body?.detail).toMatch(/breaks the rules and cannot be linked/);
    expect(await t.services.db.select().from(assistantFunctions).where(eq(assistantFunctions.functionId, id))).toEqual([]);

    const run = await post(t, me, '/api/functions/run/', { id, args: {} });
    expect(run.status).toBe(400);
    expect(run.body?.detail).toMatch(/breaks the rules and cannot run/);
    expect(await runTasks(id)).toEqual([]);

    // Saved again through the data API with clean code: checked again, and it can be linked.
    const saved = await gql(
      t,
      me,
      'mutation ($input: UpdateFunctionInput!) { updateFunction(input: $input) { status isViolatingRules violatingBecause thirdPartyServices } }',
      {
        input: { id, code: `export default async () => (await fetch('https://api.shop.example/ok')).status` },
      },
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.updateFunction).toEqual({
      status: 'ready',
      isViolatingRules: false,
      violatingBecause: null,
      thirdPartyServices: ['api.shop.example'],
    });
    expect((await post(t, me, '/api/assistant/function-add/', { assistantId, functionId: id })).status).toBe(201);
  });

  it('checks code saved through the data API, and keeps status and log server-side', async () => {
    const made = await gql(
      t,
      me,
      'mutation { createFunction(input: { name: "made_in_graphql", code: "export default async () => new Function(\\"return 1\\")()" }) { id status isViolatingRules fileName } }',
    );
    expect(made.data?.createFunction).toMatchObject({ status: 'violating', isViolatingRules: true, fileName: 'made_in_graphql.mjs' });
    const forged = await gql(t, me, 'mutation ($input: UpdateFunctionInput!) { updateFunction(input: $input) { id } }', {
      input: { id: made.data?.createFunction.id, status: 'ready' },
    });
    expect(forged.errors?.[0]?.message).toMatch(/"status" is not defined/);
    const forgedFlag = await gql(t, me, 'mutation ($input: UpdateFunctionInput!) { updateFunction(input: $input) { id } }', {
      input: { id: made.data?.createFunction.id, isViolatingRules: false },
    });
    expect(forgedFlag.errors?.[0]?.message).toMatch(/"isViolatingRules" is not defined/);
    const [row] = await t.services.db.select().from(functions).where(eq(functions.id, made.data?.createFunction.id));
    expect(row?.isViolatingRules).toBe(true);
  });

  it('runs a function with test arguments and the owner’s secret variable: result, logs, duration, a Task, status', async () => {
    const variable = await post(t, me, '/api/variables/', { name: 'API_KEY', value: 'sk_live_0123456789abcdef', secret: true });
    expect(variable.status).toBe(201);
    const fn = await create(me, {
      name: 'offline_lookup',
      code: offlineCode,
      variables: ['API_KEY'],
      functionAssistantDefinition: lookupDefinition,
    });
    const id = fn.body?.id as string;

    const res = await post(t, me, '/api/functions/run/', { id, args: { orderNumber: '#1001' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      result: { orderNumber: '#1001', keyLength: 24 },
      logs: ['looking up #1001'],
      function: { id, status: 'ready' },
    });
    expect(res.body?.durationMs).toEqual(expect.any(Number));
    expect(JSON.stringify(res.body)).not.toContain('sk_live_0123456789abcdef');
    expect(((res.body?.function ?? {}) as { log: string }).log).toMatch(/^Test run .* succeeded in \d+ ms\.$/);

    const [task] = await runTasks(id);
    expect(task).toMatchObject({
      ownerEmail: me.email,
      type: 'function_run',
      result: expect.objectContaining({ source: 'test', ok: true, input: { orderNumber: '#1001' }, logs: ['looking up #1001'] }),
    });
    expect(res.body?.taskId).toBe(task?.id);
  });

  it('refuses arguments that do not match the definition, and runs nothing', async () => {
    const fn = await create(me, { name: 'strict_lookup', code: offlineCode, functionAssistantDefinition: lookupDefinition });
    const id = fn.body?.id as string;
    const res = await post(t, me, '/api/functions/run/', { id, args: { orderNumber: 'abc', extra: 1 } });
    expect(res.status).toBe(400);
    expect(res.body?.args?.[0]).toMatch(/orderNumber must match pattern/);
    expect(res.body?.args?.[0]).toMatch(/extra is not a known argument/);
    expect(await runTasks(id)).toEqual([]);
  });

  it('records a failed run in the status and log, and fix/ proposes a correction from that error', async () => {
    const fn = await create(me, {
      name: 'commonjs',
      code: `const fetch = require('node-fetch');\nmodule.exports = async function ({ q }) { return { q, key: process.env.SHOP_KEY }; };`,
    });
    const id = fn.body?.id as string;
    expect(fn.body?.status).toBe('invalid');
    expect(fn.body?.log).toMatch(/no default export/i);

    const run = await post(t, me, '/api/functions/run/', { id, args: { q: 'x' } });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ ok: false, error: { code: expect.any(String), message: expect.any(String) } });

    const fix = await post(t, me, '/api/functions/fix/', { id });
    expect(fix.status).toBe(200);
    const proposal = fix.body as { code: string; explanation: string };
    expect(proposal.code).toContain('export default async function ({ q }, variables)');
    expect(proposal.code).toContain('variables.SHOP_KEY');
    expect(proposal.code).not.toContain('node-fetch');
    expect(proposal.explanation).toMatch(/export default/);
    // A proposal only: nothing saved until the owner applies it.
    const [unchanged] = await t.services.db.select().from(functions).where(eq(functions.id, id));
    expect(unchanged?.code).toContain('module.exports');

    const applied = await gql(t, me, 'mutation ($input: UpdateFunctionInput!) { updateFunction(input: $input) { status } }', {
      input: { id, code: proposal.code, variables: JSON.stringify(['SHOP_KEY']) },
    });
    expect(applied.data?.updateFunction.status).toBe('ready');
    const again = await post(t, me, '/api/functions/run/', { id, args: { q: 'x' } });
    expect(again.body).toMatchObject({ ok: true, result: { q: 'x' } });
  });

  it('marks a function failed when its run throws, with the error and console in the log', async () => {
    const fn = await create(me, {
      name: 'thrower',
      code: `export default async () => { console.error('about to fail'); throw new Error('Carrier API said 503'); }`,
    });
    const id = fn.body?.id as string;
    const run = await post(t, me, '/api/functions/run/', { id, args: {} });
    expect(run.body).toMatchObject({
      ok: false,
      error: { code: 'runtime', message: expect.stringContaining('Carrier API said 503') },
      logs: ['[error] about to fail'],
    });
    const [row] = await t.services.db.select().from(functions).where(eq(functions.id, id));
    expect(row?.status).toBe('failed');
    expect(row?.log).toMatch(/failed \(runtime\): .*Carrier API said 503[\s\S]*Console:\n\[error\] about to fail/);
  });

  it('initializes a function from its description with the local model: a definition and code that run as is', async () => {
    const fn = await create(me, { name: 'order_status', description: 'Looks up the status of an order by order number and email.' });
    expect(fn.body).toMatchObject({ status: 'draft', code: null });
    const id = fn.body?.id as string;
    const res = await post(t, me, '/api/functions/initialize/', { id });
    expect(res.status).toBe(200);
    expect(res.body?.status).toBe('ready');
    const definition = res.body?.functionAssistantDefinition as {
      function: { name: string; parameters: { properties: Record<string, unknown>; required: string[] } };
    };
    expect(definition.function.name).toBe('order_status');
    expect(definition.function.parameters.required).toEqual(['orderNumber', 'email']);
    const run = await post(t, me, '/api/functions/run/', { id, args: { orderNumber: '1001', email: 'ann@shop.test' } });
    expect(run.body).toMatchObject({ ok: true, result: { orderNumber: '1001', email: 'ann@shop.test' } });
    expect(
      await t.services.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.functionId, id), eq(tasks.type, 'function_initialize'))),
    ).toEqual([]);
  });

  it('initializes with the configured model when the owner can pay, charging its usage', async () => {
    const paid = await createTestApp({
      OPENAI_API_KEY: FAKE_OPENAI_KEY,
      OPENAI_BASE_URL: fake.baseUrl,
      DEFAULT_MODEL: 'openai:gpt-4o-mini',
    });
    try {
      const user = await createVerifiedUser(paid, { email: 'fn-paid@shop.test' });
      const viewer = { email: user.email, access: user.access, isStaff: false };
      await setBalanceUsd(paid.services.db, viewer.email, 5);
      const fn = await post(paid, viewer, '/api/functions/create/', { name: 'greet', description: 'Greets a shopper by name.' });
      const written = {
        code: 'export default async function greet({ name }) {\n  return { greeting: "Hello, " + name + "!" };\n}\n',
        definition: {
          type: 'function',
          function: {
            name: 'greet',
            description: 'Greets a shopper by name.',
            parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          },
        },
      };
      fake.script({ text: ['```json\n', JSON.stringify(written), '\n```'], usage: { inputTokens: 1000, outputTokens: 500 } });
      const res = await post(paid, viewer, '/api/functions/initialize/', { id: fn.body?.id });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: written.code, functionAssistantDefinition: written.definition, status: 'ready' });
      expect(String(((fake.requests[0]?.body.messages ?? []) as { content: string }[])[1]?.content)).toContain('Greets a shopper by name.');
      const [task] = await paid.services.db.select().from(tasks).where(eq(tasks.type, 'function_initialize'));
      expect(task).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', functionId: fn.body?.id });
      expect(await balanceUsd(paid.services.db, viewer.email)).toBeLessThan(5);
    } finally {
      await paid.close();
    }
  });

  it('deletes a function and unlinks it from assistants', async () => {
    const fn = await create(me, { name: 'short_lived', code: offlineCode });
    const id = fn.body?.id as string;
    const assistantId = await createAssistant(t, me);
    expect((await post(t, me, '/api/assistant/function-add/', { assistantId, functionId: id })).status).toBe(201);
    const res = await post(t, me, '/api/functions/delete/', { id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id });
    expect(await t.services.db.select().from(assistantFunctions).where(eq(assistantFunctions.functionId, id))).toEqual([]);
    expect((await post(t, me, '/api/functions/delete/', { id })).status).toBe(404);
  });

  it('gives another user nothing: every call on my function answers 404 and changes nothing', async () => {
    const fn = await create(me, { name: 'mine', code: offlineCode });
    const id = fn.body?.id as string;
    for (const path of ['run', 'initialize', 'fix', 'delete']) {
      const res = await post(t, other, `/api/functions/${path}/`, { id, args: {} });
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ detail: 'Function not found.' });
    }
    const [row] = await t.services.db.select().from(functions).where(eq(functions.id, id));
    expect(row?.code).toBe(offlineCode);
    expect(await runTasks(id)).toEqual([]);
    const list = await gql(t, other, '{ listFunctions { items { id } } }');
    expect(list.data?.listFunctions.items).toEqual([]);
  });

  it('answers bad input with 4xx field errors and changes nothing', async () => {
    const before = (await t.services.db.select().from(functions)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: '1st function' }, 'name'],
      [{ name: 'x'.repeat(65) }, 'name'],
      [{ name: 'ok', returnType: 'date' }, 'returnType'],
      [{ name: 'ok', variables: ['has space'] }, 'variables'],
      [{ name: 'ok', variables: 'API_KEY' }, 'variables'],
      [{ name: 'ok', code: 'x'.repeat(100_001) }, 'code'],
      [{ name: 'ok', functionAssistantDefinition: 'not an object' }, 'functionAssistantDefinition'],
      [{ name: 'ok', description: 42 }, 'description'],
    ];
    for (const [body, field] of cases) {
      const res = await create(me, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(
        Object.keys(res.body ?? {}).map((key) => key.split('.')[0]),
        JSON.stringify(body).slice(0, 80),
      ).toContain(field);
    }
    for (const path of ['run', 'initialize', 'fix', 'delete']) {
      expect((await post(t, me, `/api/functions/${path}/`, {})).status).toBe(400);
      expect((await post(t, me, `/api/functions/${path}/`, { id: 'not-a-uuid' })).status).toBe(400);
    }
    const fn = await create(me, { name: 'args_check', code: offlineCode });
    expect((await post(t, me, '/api/functions/run/', { id: fn.body?.id, args: 'text' })).status).toBe(400);
    expect((await post(t, me, '/api/functions/run/', { id: fn.body?.id, args: { big: 'x'.repeat(70_000) } })).body).toEqual({
      args: ['Keep the test arguments under 64 KB.'],
    });
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/functions/create/',
      headers: { authorization: `Bearer ${me.access}`, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(raw.statusCode).toBe(400);
    expect((await post(t, null, '/api/functions/create/', { name: 'anon' })).status).toBe(401);
    expect((await t.services.db.select().from(functions)).length).toBe(before + 1);
  });

  it('refuses to run a function without code', async () => {
    const fn = await create(me, { name: 'empty_one' });
    const res = await post(t, me, '/api/functions/run/', { id: fn.body?.id, args: {} });
    expect(res.status).toBe(400);
    expect(res.body?.detail).toMatch(/no code yet/);
  });
});

describe('function runs per owner', () => {
  it('throttles one owner’s runs past FUNCTION_RUN_RATE_LIMIT a minute without holding back another owner', async () => {
    const t = await createTestApp({ FUNCTION_RUN_RATE_LIMIT: '2' });
    try {
      const a = await createVerifiedUser(t, { email: 'runs-a@shop.test' });
      const b = await createVerifiedUser(t, { email: 'runs-b@shop.test' });
      const ann = { email: a.email, access: a.access, isStaff: false };
      const bob = { email: b.email, access: b.access, isStaff: false };
      const mine = await post(t, ann, '/api/functions/create/', { name: 'quick', code: 'export default async () => 1' });
      const theirs = await post(t, bob, '/api/functions/create/', { name: 'quick', code: 'export default async () => 2' });
      const run = (viewer: TestViewer, id: unknown) => post(t, viewer, '/api/functions/run/', { id, args: {} });
      expect((await run(ann, mine.body?.id)).status).toBe(200);
      expect((await run(ann, mine.body?.id)).status).toBe(200);
      const throttled = await run(ann, mine.body?.id);
      expect(throttled.status).toBe(429);
      expect(throttled.body?.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
      expect((await run(bob, theirs.body?.id)).body).toMatchObject({ ok: true, result: 2 });
    } finally {
      await t.close();
    }
  });
});
