import { createServer as createTlsServer, type Server as TlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWebServer, startFakeWebServer } from './fake-web-server';
import { closeSandbox, runInSandbox, type SandboxOutcome } from './index';
import { configureSandboxNetwork } from './network-policy';

let server: FakeWebServer;
let stalled: (() => void)[] = [];
let tls: TlsServer;
let tlsPort: number;
const serverNames: string[] = [];

// Self-signed for shop.test (no CA trusts it), valid until 2126.
const SELF_SIGNED_CERT = `-----BEGIN CERTIFICATE-----
MIIBlTCCATugAwIBAgIUVA8T5N7yb4rcCbNw7pieHekzyRMwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJc2hvcC50ZXN0MCAXDTI2MTEyMzEzNDg1OVoYDzIxMjYxMDMw
MTM0ODU5WjAUMRIwEAYDVQQDDAlzaG9wLnRlc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAATU0ipvhPa+BBCss9DAwa2t4TmQY1MYNRjo0mjccT9VnaAgbZOSqDZa
CZV+Wdtg5YoF/udkhPD4+jw25tdQ+Gbeo2kwZzAdBgNVHQ4EFgQUTbChbH8qxuny
MWD8yCpVrVLy8EQwHwYDVR0jBBgwFoAUTbChbH8qxunyMWD8yCpVrVLy8EQwDwYD
VR0TAQH/BAUwAwEB/zAUBgNVHREEDTALgglzaG9wLnRlc3QwCgYIKoZIzj0EAwID
SAAwRQIgXQgynpXjbceIMnHvh5OIPK16UWqu+SVXdNdG/61J9eoCIQDfvN1QGHcV
BZoidGbX9j612s2AA+GCMVm+8kA6k3eb2A==
-----END CERTIFICATE-----`;
const SELF_SIGNED_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgZi7oDTRwr4ttA6Hw
tojCbKkG11jdwuT7atN3h1pkH42hRANCAATU0ipvhPa+BBCss9DAwa2t4TmQY1MY
NRjo0mjccT9VnaAgbZOSqDZaCZV+Wdtg5YoF/udkhPD4+jw25tdQ+Gbe
-----END PRIVATE KEY-----`;

beforeAll(async () => {
  server = await startFakeWebServer({
    '/products': (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'x-total': '2' }).end(JSON.stringify([{ sku: 'A1' }, { sku: 'B2' }]));
    },
    '/echo': (request, body, response) => {
      response.writeHead(201, 'Created', { 'content-type': 'application/json' }).end(
        JSON.stringify({
          method: request.method,
          body,
          host: request.headers.host,
          auth: request.headers.authorization ?? null,
          custom: request.headers['x-shop'] ?? null,
        }),
      );
    },
    '/moved': (_request, _body, response) => {
      response.writeHead(302, { location: '/products' }).end();
    },
    '/see-other': (_request, _body, response) => {
      response.writeHead(303, { location: '/echo' }).end();
    },
    '/large': (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      // No content-length: the sandbox has to count while streaming.
      for (let i = 0; i < 20; i++) response.write('x'.repeat(1000));
      response.end();
    },
    '/slow': (_request, _body, response) => {
      stalled.push(() => response.end('too late'));
    },
  });
  tls = createTlsServer({
    cert: SELF_SIGNED_CERT,
    key: SELF_SIGNED_KEY,
    SNICallback: (name, done) => {
      serverNames.push(name);
      done(null);
    },
  });
  tls.on('request', (_request, response) => response.end('secret'));
  await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
  tlsPort = (tls.address() as AddressInfo).port;
  configureSandboxNetwork({
    allow: [
      { address: '127.0.0.1', port: server.port },
      { address: '127.0.0.1', port: tlsPort },
    ],
    hosts: { 'shop.test': ['127.0.0.1'] },
  });
});

afterAll(async () => {
  configureSandboxNetwork();
  for (const finish of stalled) finish();
  stalled = [];
  await closeSandbox();
  await server.close();
  tls.closeAllConnections();
  await new Promise((resolve) => tls.close(resolve));
});

function result(outcome: SandboxOutcome) {
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome.result;
}

describe('fetch inside the sandbox', () => {
  it('GETs JSON with status and headers', async () => {
    const outcome = await runInSandbox({
      account: 'shop@example.com',
      code: `export default async function ({ url }) {
        const response = await fetch(url);
        return { ok: response.ok, status: response.status, type: response.headers['content-type'], total: response.headers.get('X-Total'), url: response.url, body: await response.json() };
      }`,
      args: { url: server.url('/products') },
    });
    expect(result(outcome)).toEqual({
      ok: true,
      status: 200,
      type: 'application/json',
      total: '2',
      url: server.url('/products'),
      body: [{ sku: 'A1' }, { sku: 'B2' }],
    });
  });

  it('POSTs a body with headers', async () => {
    const outcome = await runInSandbox({
      account: 'shop@example.com',
      code: `export default async function ({ url }, variables) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer ' + variables.TOKEN, 'X-Shop': 'aisle' },
          body: JSON.stringify({ qty: 2 }),
        });
        return { status: response.status, statusText: response.statusText, echo: JSON.parse(await response.text()) };
      }`,
      args: { url: server.url('/echo') },
      variables: { TOKEN: 't0k' },
    });
    expect(result(outcome)).toEqual({
      status: 201,
      statusText: 'Created',
      echo: { method: 'POST', body: '{"qty":2}', host: `127.0.0.1:${server.port}`, auth: 'Bearer t0k', custom: 'aisle' },
    });
  });

  it('follows redirects the policy allows, POST after 303 becoming GET', async () => {
    const moved = await runInSandbox({
      account: 'shop@example.com',
      code: 'export default async ({ url }) => { const r = await fetch(url); return { url: r.url, body: await r.json() }; }',
      args: { url: server.url('/moved') },
    });
    expect(result(moved)).toEqual({ url: server.url('/products'), body: [{ sku: 'A1' }, { sku: 'B2' }] });
    const seeOther = await runInSandbox({
      account: 'shop@example.com',
      code: "export default async ({ url }) => (await fetch(url, { method: 'POST', body: 'x' })).json()",
      args: { url: server.url('/see-other') },
    });
    expect(result(seeOther)).toMatchObject({ method: 'GET', body: '' });
  });

  it('connects to the address a name resolved to, sending the name as Host', async () => {
    const outcome = await runInSandbox({
      account: 'shop@example.com',
      code: "export default async ({ url }) => (await fetch(url, { method: 'PUT', body: 'hi' })).json()",
      args: { url: `http://shop.test:${server.port}/echo` },
    });
    expect(result(outcome)).toMatchObject({ method: 'PUT', body: 'hi', host: `shop.test:${server.port}` });
  });

  it('checks https certificates against the name, though it connects to the pinned address', async () => {
    const outcome = await runInSandbox({
      account: 'shop@example.com',
      code: 'export default async ({ url }) => fetch(url).then(() => "trusted", (error) => error.message)',
      args: { url: `https://shop.test:${tlsPort}/` },
    });
    expect(result(outcome)).toMatch(new RegExp(`^fetch failed: shop\\.test:${tlsPort} has a TLS certificate that cannot be trusted`));
    expect(serverNames).toContain('shop.test');
  });

  it('refuses a response larger than fetchMaxBytes', async () => {
    const outcome = await runInSandbox({
      account: 'shop@example.com',
      code: 'export default async ({ url }) => { try { await fetch(url); return "read"; } catch (error) { return error.message; } }',
      args: { url: server.url('/large') },
      limits: { fetchMaxBytes: 5 * 1024 },
    });
    expect(result(outcome)).toBe(`fetch refused: the response from 127.0.0.1:${server.port} is larger than 5 KB`);
  });

  it('gives up on a server that does not answer within fetchTimeoutMs', async () => {
    const started = Date.now();
    const outcome = await runInSandbox({
      account: 'shop@example.com',
      code: 'export default async ({ url }) => { try { await fetch(url); return "answered"; } catch (error) { return error.message; } }',
      args: { url: server.url('/slow') },
      limits: { fetchTimeoutMs: 200 },
    });
    expect(result(outcome)).toBe(`fetch failed: 127.0.0.1:${server.port} did not answer within 0.2 s`);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reports a network error as a rejected fetch', async () => {
    const outcome = await runInSandbox({
      account: 'shop@example.com',
      code: 'export default async ({ url }) => fetch(url).then(() => "answered", (error) => error.name + ": " + error.message)',
      args: { url: server.url('/nothing-here') },
    });
    expect(result(outcome)).toBe('answered');
    const refused = await runInSandbox({
      account: 'shop@example.com',
      code: 'export default async () => fetch("http://127.0.0.1:1/").then(() => "answered", (error) => error.name + ": " + error.message)',
      args: {},
    });
    expect(result(refused)).toBe('TypeError: fetch refused: 127.0.0.1 is a private or loopback address');
  });
});
