import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWebServer, startFakeWebServer } from './fake-web-server';
import { closeSandbox, runInSandbox, type SandboxErrorCode, type SandboxLimits, type SandboxOutcome } from './index';
import { configureSandboxNetwork } from './network-policy';

/**
 * Attempts to escape the sandbox or exhaust its host. Each must end contained, with the expected
 * outcome, and the pool must run an ordinary function correctly right after.
 */
let server: FakeWebServer;
const small: Partial<SandboxLimits> = { timeMs: 3_000, memoryBytes: 8 * 1024 * 1024, stackBytes: 256 * 1024 };
/** For attempts expected to time out: short, so the suite stays fast. */
const short: Partial<SandboxLimits> = { ...small, timeMs: 300 };

beforeAll(async () => {
  server = await startFakeWebServer({
    '/to-metadata': (_request, _body, response) => {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/iam/security-credentials/' }).end();
    },
    '/to-loopback-name': (_request, _body, response) => {
      response.writeHead(307, { location: 'http://rebind.example.com/' }).end();
    },
    '/loop': (_request, _body, response) => {
      response.writeHead(302, { location: '/loop' }).end();
    },
    '/huge': (_request, _body, response) => {
      response.writeHead(200, { 'content-length': String(10_000) }).end('y'.repeat(10_000));
    },
    '/ok': (_request, _body, response) => {
      response.end('ok');
    },
  });
  // Only the fake server's own port on loopback; the names below resolve to private addresses.
  configureSandboxNetwork({
    allow: [{ address: '127.0.0.1', port: server.port }],
    hosts: { 'rebind.example.com': ['127.0.0.1'], 'metadata.example.com': ['fd00:ec2::254'], 'mixed.example.com': ['10.1.2.3', '::1'] },
  });
});

afterAll(async () => {
  configureSandboxNetwork();
  await closeSandbox();
  await server.close();
});

afterEach(async () => {
  const outcome = await runInSandbox({
    account: 'shop@example.com',
    code: "export default async ({ n }, { SUFFIX }) => ({ doubled: n * 2, label: 'n' + SUFFIX })",
    args: { n: 21 },
    variables: { SUFFIX: '!' },
  });
  expect(outcome).toMatchObject({ ok: true, result: { doubled: 42, label: 'n!' } });
});

async function attempt(code: string, limits: Partial<SandboxLimits> = small): Promise<SandboxOutcome> {
  const started = Date.now();
  const outcome = await runInSandbox({ account: 'shop@example.com', code, args: { url: server.url('/') }, limits });
  // Contained means promptly too: nothing runs far past its time limit.
  expect(Date.now() - started).toBeLessThan((limits.timeMs ?? 5_000) + 3_000);
  return outcome;
}

function expectFailure(outcome: SandboxOutcome, code: SandboxErrorCode, message?: RegExp | string) {
  expect(outcome.ok, JSON.stringify(outcome)).toBe(false);
  if (outcome.ok) return;
  expect(outcome.error.code).toBe(code);
  if (typeof message === 'string') expect(outcome.error.message).toBe(message);
  else if (message) expect(outcome.error.message).toMatch(message);
}

/** A fetch whose rejection the function returns as text, so the test sees the refusal itself. */
const fetching = (url: string, init = '{}') =>
  `export default async () => fetch(${JSON.stringify(url)}, ${init}).then(() => 'reached', (error) => error.message)`;

function expectResult(outcome: SandboxOutcome, result: unknown) {
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  if (outcome.ok) expect(outcome.result).toEqual(result);
}

describe('CPU, memory and stack', () => {
  it('stops an infinite loop', async () => {
    expectFailure(
      await attempt('export default async () => { while (true) {} }', short),
      'timeout',
      'The function ran longer than 0.3 s and was stopped.',
    );
  });

  it('stops an infinite loop of awaits', async () => {
    expectFailure(await attempt('export default async () => { for (;;) await null; }', short), 'timeout');
  });

  it('stops an infinite loop the function tries to catch', async () => {
    expectFailure(await attempt('export default async () => { for (;;) { try { while (true) {} } catch {} } }', short), 'timeout');
  });

  it('stops catastrophic regular expression backtracking', async () => {
    expectFailure(await attempt("export default async () => /^(a+)+$/.test('a'.repeat(40) + '!')", short), 'timeout');
  });

  it('stops a memory bomb (array push)', async () => {
    expectFailure(
      await attempt('export default async () => { const keep = []; for (let i = 0; ; i++) keep.push(new Array(100000).fill(i)); }'),
      'memory',
      'The function used more than 8 MB of memory.',
    );
  });

  it('stops a string bomb (doubling)', async () => {
    expectFailure(await attempt("export default async () => { let s = 'bomb'; for (;;) s = s.repeat(2); }"), 'memory');
  });

  it('stops deep recursion', async () => {
    expectFailure(
      await attempt('function down(n) { return down(n + 1) + 1; }\nexport default async () => down(0);'),
      'stack',
      /called itself too deeply/,
    );
  });

  it('stops deeply nested code before the parser exhausts the native stack', async () => {
    expectFailure(await attempt("export default async () => eval('['.repeat(1000000))"), 'stack');
  });

  it('stops JSON nested deeper than the stack allows', async () => {
    expectFailure(await attempt("export default async () => JSON.parse('['.repeat(1000000))"), 'stack');
  });

  it('ends a run stuck in code QuickJS cannot interrupt (JSON.stringify of deep nesting) by ending its worker', async () => {
    // QuickJS checks for cycles level by level: quadratic in the depth, in C, never interrupted.
    const outcome = await attempt(
      'export default async () => { let a = []; for (let i = 0; i < 1e5; i++) a = [a]; return JSON.stringify(a).length; }',
      { timeMs: 300, stackBytes: 256 * 1024 },
    );
    expectFailure(outcome, 'timeout', 'The function ran longer than 0.3 s and was stopped.');
  });

  it('refuses a huge JSON result', async () => {
    expectFailure(
      await attempt("export default async () => ({ rows: Array.from({ length: 20000 }, (_, i) => ({ i, name: 'row ' + i })) })", {
        timeMs: 3_000,
      }),
      'result_too_large',
    );
  });

  it('bounds a console flood', async () => {
    const outcome = await attempt(
      "export default async () => { for (let i = 0; i < 100000; i++) console.log('spam', i, 'x'.repeat(50)); return 'flooded'; }",
      {
        ...small,
        outputBytes: 4096,
      },
    );
    expectResult(outcome, 'flooded');
    expect(outcome.logs.join('\n').length).toBeLessThan(4096 + 200);
    expect(outcome.logs.at(-1)).toMatch(/^\[output truncated/);
  });

  it('bounds one enormous console line', async () => {
    const outcome = await attempt("export default async () => { console.log('z'.repeat(5000000)); return 'logged'; }", {
      ...small,
      outputBytes: 1000,
    });
    expectResult(outcome, 'logged');
    expect(outcome.logs[0]).toHaveLength(1000);
  });

  it('ends a function whose promise never resolves', async () => {
    expectFailure(await attempt('export default async () => new Promise(() => {})'), 'timeout', /never finished/);
  });

  it('ends a function that keeps re-arming timers', async () => {
    expectFailure(
      await attempt('export default async () => { const tick = () => setTimeout(tick, 1); tick(); await new Promise(() => {}); }', short),
      'timeout',
    );
  });

  it('drops timers still pending when the function returns', async () => {
    const outcome = await attempt("export default async () => { setTimeout(() => { for (;;) {} }, 20); return 'returned'; }");
    expectResult(outcome, 'returned');
  });

  it('limits how many timers can be pending', async () => {
    const outcome = await attempt(
      'export default async () => { try { for (let i = 0; i < 1000; i++) setTimeout(() => {}, 10000); } catch (error) { return error.message; } }',
    );
    expectResult(outcome, 'setTimeout: at most 100 timers can be pending');
  });
});

describe('host objects and globals', () => {
  it('cannot import modules dynamically', async () => {
    expectFailure(
      await attempt("export default async () => (await import('fs')).readFileSync('/etc/passwd', 'utf8')"),
      'runtime',
      /cannot import modules \("fs"\)/,
    );
  });

  it('cannot import modules statically', async () => {
    expectFailure(
      await attempt("import { readFileSync } from 'node:fs';\nexport default async () => readFileSync('/etc/passwd', 'utf8');"),
      'runtime',
      /cannot import modules \("node:fs"\)/,
    );
  });

  it('has no require', async () => {
    expectFailure(
      await attempt("export default async () => require('child_process').execSync('id').toString()"),
      'runtime',
      /ReferenceError: .*require.* \(line 1\)/,
    );
  });

  it('has no process', async () => {
    expectFailure(await attempt('export default async () => process.env'), 'runtime', /ReferenceError: .*process/);
  });

  it('exposes only standard globals plus console, fetch and timers', async () => {
    const outcome = await attempt('export default async () => Object.getOwnPropertyNames(globalThis)');
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const names = outcome.result as string[];
    expect(names).toEqual(expect.arrayContaining(['console', 'fetch', 'setTimeout', 'clearTimeout', 'JSON', 'Promise']));
    for (const hostName of ['process', 'require', 'module', 'Buffer', 'global', 'std', 'os', '__dirname', 'WebAssembly', 'Deno', 'Bun']) {
      expect(names).not.toContain(hostName);
    }
  });

  it('reaches only the VM through constructor tricks', async () => {
    const outcome = await attempt(`export default async () => {
      const viaConstructor = (() => {}).constructor.constructor('return typeof process + typeof require')();
      const viaFunction = Function('return this')();
      const viaAsync = await (async () => {}).constructor('return typeof globalThis.process')();
      return [viaConstructor, viaFunction === globalThis, typeof viaFunction.process, viaAsync, typeof fetch.constructor('return process')];
    }`);
    expectResult(outcome, ['undefinedundefined', true, 'undefined', 'undefined', 'function']);
    expectFailure(await attempt("export default async () => fetch.constructor('return process')()"), 'runtime', /ReferenceError/);
  });

  it('does not let prototype pollution reach the next run', async () => {
    const polluted = await attempt(
      "export default async () => { Object.prototype.isAdmin = true; Array.prototype.map = () => 'hijacked'; JSON.stringify = () => '\"forged\"'; return 'polluted'; }",
    );
    expectResult(polluted, 'polluted');
    const next = await attempt("export default async () => [({}).isAdmin ?? 'clean', [1, 2].map((n) => n * 2)]");
    expectResult(next, ['clean', [2, 4]]);
  });

  it('has no Atomics to block the thread with', async () => {
    expectFailure(
      await attempt('export default async () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)'),
      'runtime',
      /ReferenceError: .*Atomics/,
    );
  });

  it('reports an error whose getter throws', async () => {
    const outcome = await attempt(`export default async () => {
      const error = new TypeError('hidden');
      Object.defineProperty(error, 'message', { get() { throw new Error('gotcha'); } });
      throw error;
    }`);
    expectFailure(outcome, 'runtime', 'TypeError (line 2)');
  });

  it('reports an error whose getter never returns', async () => {
    const outcome = await attempt(
      `export default async () => {
        const error = new Error('hidden');
        Object.defineProperty(error, 'name', { get() { for (;;) {} } });
        throw error;
      }`,
      short,
    );
    expectFailure(outcome, 'runtime', 'The function threw an error that could not be read.');
  });

  it('allocates memory even when a memory bomb is caught, and still ends', async () => {
    const outcome = await attempt(
      'export default async () => { const keep = []; for (;;) { try { keep.push(new Array(100000).fill(0)); } catch { keep.length = 0; } } }',
      short,
    );
    expectFailure(outcome, 'timeout');
  });

  it('reports a thrown proxy that throws on every access', async () => {
    const outcome = await attempt(
      'export default async () => { throw new Proxy({}, { get() { throw 1; }, getPrototypeOf() { throw 2; }, ownKeys() { throw 3; } }); }',
    );
    expectFailure(outcome, 'runtime', /threw|could not be read/);
  });

  it('stops a result whose getter never returns', async () => {
    expectFailure(await attempt('export default async () => ({ get total() { for (;;) {} } })', short), 'timeout');
  });
});

describe('fetch policy', () => {
  const refusedAddresses: [string, RegExp][] = [
    ['http://127.0.0.1/', /^fetch refused: 127\.0\.0\.1 is a private or loopback address$/],
    ['http://localhost/', /^fetch refused: localhost resolves to (127\.0\.0\.1|::1), a private or loopback address$/],
    ['http://[::1]/', /^fetch refused: ::1 is a private or loopback address$/],
    ['http://10.0.0.1/', /^fetch refused: 10\.0\.0\.1 is a private/],
    ['http://192.168.1.1/', /^fetch refused: 192\.168\.1\.1 is a private/],
    ['http://172.16.5.4/', /^fetch refused: 172\.16\.5\.4 is a private/],
    ['http://100.64.0.1/', /^fetch refused: 100\.64\.0\.1 is a private/],
    ['http://169.254.169.254/latest/meta-data/', /^fetch refused: 169\.254\.169\.254 is a private/],
    ['http://[fd00:ec2::254]/', /^fetch refused: fd00:ec2::254 is a private/],
    ['http://[::ffff:127.0.0.1]/', /^fetch refused: ::ffff:7f00:1 is a private/],
    ['http://0.0.0.0/', /^fetch refused: 0\.0\.0\.0 is a private/],
    ['http://2130706433/', /^fetch refused: 127\.0\.0\.1 is a private/],
    ['http://rebind.example.com/', /^fetch refused: rebind\.example\.com resolves to 127\.0\.0\.1, a private or loopback address$/],
    ['http://metadata.example.com/', /^fetch refused: metadata\.example\.com resolves to fd00:ec2::254/],
    ['http://mixed.example.com/', /^fetch refused: mixed\.example\.com resolves to 10\.1\.2\.3/],
  ];
  for (const [url, refusal] of refusedAddresses) {
    it(`refuses ${url}`, async () => {
      const outcome = await attempt(fetching(url));
      expect(outcome.ok && outcome.result).toMatch(refusal);
    });
  }

  it('refuses the fake server on a port the policy does not allow', async () => {
    const outcome = await attempt(fetching(`http://127.0.0.1:${server.port + 1}/ok`));
    expect(outcome.ok && outcome.result).toMatch(/private or loopback/);
  });

  it('refuses file: and ftp: URLs', async () => {
    expectResult(await attempt(fetching('file:///etc/passwd')), 'fetch refused: only http and https URLs can be fetched, not file');
    expectResult(
      await attempt(fetching('ftp://example.com/pub/file.txt')),
      'fetch refused: only http and https URLs can be fetched, not ftp',
    );
  });

  it('refuses a redirect from an allowed server to the metadata address', async () => {
    expectResult(await attempt(fetching(server.url('/to-metadata'))), 'fetch refused: 169.254.169.254 is a private or loopback address');
  });

  it('refuses a redirect to a name that resolves to loopback', async () => {
    expectResult(
      await attempt(fetching(server.url('/to-loopback-name'))),
      'fetch refused: rebind.example.com resolves to 127.0.0.1, a private or loopback address',
    );
  });

  it('stops following redirects after five', async () => {
    expectResult(await attempt(fetching(server.url('/loop'))), `fetch refused: ${server.url('/loop')} redirected more than 5 times`);
  });

  it('refuses a response bigger than the limit', async () => {
    const outcome = await attempt(fetching(server.url('/huge')), { ...small, fetchMaxBytes: 1024 });
    expect(outcome.ok && outcome.result).toMatch(/^fetch refused: the response from .* is larger than 1 KB$/);
  });

  it('refuses more fetches than fetchCount', async () => {
    const outcome = await attempt(
      `export default async ({ url }) => {
        const results = [];
        for (let i = 0; i < 5; i++) results.push(await fetch(url + 'ok').then((r) => r.status, (error) => error.message));
        return results;
      }`,
      { ...small, fetchCount: 3 },
    );
    expectResult(outcome, [
      200,
      200,
      200,
      'fetch refused: a function can make at most 3 requests per run',
      'fetch refused: a function can make at most 3 requests per run',
    ]);
  });

  it('refuses non-string bodies and unknown methods', async () => {
    expectResult(
      await attempt(fetching(server.url('/ok'), "{ method: 'POST', body: { a: 1 } }")),
      'fetch: the body must be a string (use JSON.stringify for JSON)',
    );
    expectResult(await attempt(fetching(server.url('/ok'), "{ method: 'CONNECT' }")), 'fetch refused: the method CONNECT is not supported');
  });
});
