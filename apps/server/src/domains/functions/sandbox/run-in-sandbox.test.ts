import { afterAll, describe, expect, it } from 'vitest';
import { closeSandbox, runInSandbox, type SandboxOutcome } from './index';

afterAll(closeSandbox);

function failure(outcome: SandboxOutcome) {
  if (outcome.ok) throw new Error(`expected a failure, got ${JSON.stringify(outcome.result)}`);
  return outcome.error;
}

describe('runInSandbox', () => {
  it('passes the arguments and returns the JSON result', async () => {
    const outcome = await runInSandbox({
      account: 'shop@example.com',
      code: 'export default async function (args) { return { total: args.items.reduce((sum, item) => sum + item.price, 0), first: args.items[0].name }; }',
      args: {
        items: [
          { name: 'Mug', price: 12.5 },
          { name: 'Tea', price: 4 },
        ],
      },
    });
    expect(outcome).toMatchObject({ ok: true, result: { total: 16.5, first: 'Mug' }, logs: [] });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('awaits async work inside the function', async () => {
    const outcome = await runInSandbox({
      account: 'shop@example.com',
      code: `
        const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
        export default async function ({ word }) {
          const parts = await Promise.all([1, 2, 3].map(async (n) => { await wait(5 * n); return word + n; }));
          return parts.join(',');
        }`,
      args: { word: 'a' },
    });
    expect(outcome).toMatchObject({ ok: true, result: 'a1,a2,a3' });
  });

  it('returns null when the function returns nothing', async () => {
    expect(await runInSandbox({ account: 'shop@example.com', code: 'export default async function () {}', args: {} })).toMatchObject({
      ok: true,
      result: null,
    });
  });

  it('lets the function read the variables but not change them', async () => {
    const outcome = await runInSandbox({
      account: 'shop@example.com',
      code: `export default async function (args, variables) {
        let assignment = 'allowed';
        try { variables.API_KEY = 'changed'; } catch (error) { assignment = error.name; }
        try { variables.NEW = 'added'; } catch (error) { assignment += ',' + error.name; }
        return { key: variables.API_KEY, added: variables.NEW ?? null, frozen: Object.isFrozen(variables), assignment };
      }`,
      args: {},
      variables: { API_KEY: 'sk-123' },
    });
    expect(outcome).toMatchObject({ ok: true, result: { key: 'sk-123', added: null, frozen: true, assignment: 'TypeError,TypeError' } });
  });

  it('captures console output, warn and error prefixed by level', async () => {
    const outcome = await runInSandbox({
      account: 'shop@example.com',
      code: `export default async function () {
        console.log('looking up', { sku: 'A1' }, 3);
        console.info('info line');
        console.warn('low stock');
        console.error(new RangeError('bad size'));
        return 'done';
      }`,
      args: {},
    });
    expect(outcome).toMatchObject({
      ok: true,
      logs: ['looking up {"sku":"A1"} 3', 'info line', '[warn] low stock', '[error] RangeError: bad size'],
    });
  });

  it('cuts console output past outputBytes and keeps running', async () => {
    const outcome = await runInSandbox({
      account: 'shop@example.com',
      code: `export default async function () { for (let i = 0; i < 1000; i++) console.log('line ' + i); return 'finished'; }`,
      args: {},
      limits: { outputBytes: 100 },
    });
    expect(outcome).toMatchObject({ ok: true, result: 'finished' });
    expect(outcome.logs.slice(0, 2)).toEqual(['line 0', 'line 1']);
    expect(outcome.logs.at(-1)).toBe('[output truncated: the function wrote more than 100 bytes]');
    expect(outcome.logs.slice(0, -1).join('').length).toBeLessThanOrEqual(100);
  });

  it('reports a syntax error with its line', async () => {
    const error = failure(
      await runInSandbox({ account: 'shop@example.com', code: 'export default async function () {\n  return 1 +;\n}', args: {} }),
    );
    expect(error.code).toBe('syntax');
    expect(error.message).toMatch(/^SyntaxError: .+ \(line 2\)$/);
  });

  it('asks for a default export when there is none', async () => {
    const error = failure(
      await runInSandbox({ account: 'shop@example.com', code: 'export async function handler() { return 1; }', args: {} }),
    );
    expect(error).toEqual({
      code: 'no_default_export',
      message: 'The function has no default export. Export an async function: export default async function (args, variables) { … }',
    });
    const notAFunction = failure(await runInSandbox({ account: 'shop@example.com', code: 'export default { answer: 42 };', args: {} }));
    expect(notAFunction.code).toBe('no_default_export');
    expect(notAFunction.message).toContain('is an object, not a function');
  });

  it('reports a thrown error with its message and line', async () => {
    const error = failure(
      await runInSandbox({
        account: 'shop@example.com',
        code: 'export default async function () {\n  const order = null;\n  return order.total;\n}',
        args: {},
      }),
    );
    expect(error.code).toBe('runtime');
    expect(error.message).toMatch(/^TypeError: .*(null|total).* \(line 3\)$/);
    const own = failure(
      await runInSandbox({
        account: 'shop@example.com',
        code: "export default async () => {\n\n  throw new Error('Out of stock');\n}",
        args: {},
      }),
    );
    expect(own).toEqual({ code: 'runtime', message: 'Error: Out of stock (line 3)' });
  });

  it('reports an error thrown while the module loads', async () => {
    const error = failure(await runInSandbox({ account: 'shop@example.com', code: "JSON.parse('{');\nexport default () => 1;", args: {} }));
    expect(error.code).toBe('runtime');
    expect(error.message).toMatch(/^SyntaxError: .+ \(line 1\)$/);
  });

  it('refuses results that are not JSON', async () => {
    const bigint = failure(await runInSandbox({ account: 'shop@example.com', code: 'export default async () => ({ id: 10n })', args: {} }));
    expect(bigint.code).toBe('not_serialisable');
    expect(bigint.message).toMatch(/BigInt/);
    const cyclic = failure(
      await runInSandbox({
        account: 'shop@example.com',
        code: 'export default async () => { const a = {}; a.self = a; return a; }',
        args: {},
      }),
    );
    expect(cyclic.code).toBe('not_serialisable');
    expect(cyclic.message).toMatch(/circular/);
    const fn = failure(await runInSandbox({ account: 'shop@example.com', code: 'export default async () => () => 1', args: {} }));
    expect(fn.code).toBe('not_serialisable');
  });

  it('refuses a result larger than resultBytes', async () => {
    const error = failure(
      await runInSandbox({
        account: 'shop@example.com',
        code: "export default async () => 'é'.repeat(600)",
        args: {},
        limits: { resultBytes: 1000 },
      }),
    );
    expect(error).toEqual({ code: 'result_too_large', message: "The function's result is larger than 1000 bytes as JSON." });
    expect(
      await runInSandbox({
        account: 'shop@example.com',
        code: "export default async () => 'é'.repeat(490)",
        args: {},
        limits: { resultBytes: 1000 },
      }),
    ).toMatchObject({
      ok: true,
    });
  });

  it('stops a function at its time limit with a plain message', async () => {
    const error = failure(
      await runInSandbox({
        account: 'shop@example.com',
        code: 'export default async () => { for (;;) {} }',
        args: {},
        limits: { timeMs: 200 },
      }),
    );
    expect(error).toEqual({ code: 'timeout', message: 'The function ran longer than 0.2 s and was stopped.' });
  });

  it("keeps the server's event loop free while a function computes", async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const outcome = await runInSandbox({
      account: 'shop@example.com',
      code: 'export default async () => { for (;;) {} }',
      args: {},
      limits: { timeMs: 500 },
    });
    clearInterval(ticker);
    expect(outcome).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(ticks).toBeGreaterThan(20);
  });

  it('keeps no state between runs', async () => {
    const code = 'globalThis.count = (globalThis.count ?? 0) + 1; export default async () => globalThis.count;';
    expect(await runInSandbox({ account: 'shop@example.com', code, args: {} })).toMatchObject({ result: 1 });
    expect(await runInSandbox({ account: 'shop@example.com', code, args: {} })).toMatchObject({ result: 1 });
  });

  it('runs functions side by side', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        runInSandbox({ account: 'shop@example.com', code: 'export default async ({ n }) => n * n', args: { n } }),
      ),
    );
    expect(outcomes.map((outcome) => (outcome.ok ? outcome.result : outcome.error))).toEqual([0, 1, 4, 9, 16, 25, 36, 49]);
  });
});
