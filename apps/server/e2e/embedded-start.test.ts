import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBundle, type RunningServer, startBundle } from '../src/testing/server-bundle';

/**
 * A new install as `npm start` runs it: the production bundle on the embedded default with no
 * configuration but a data directory. A merchant signs up with the link from the server log, signs
 * in and saves data that survives a restart.
 */
describe('embedded default, first start to restart', () => {
  let bundle: ReturnType<typeof buildBundle>;
  let dataDir: string;
  let server: RunningServer | undefined;

  beforeAll(() => {
    bundle = buildBundle();
    dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-embedded-'));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    bundle?.remove();
  });

  const start = () =>
    startBundle(bundle.dir, {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      JWT_SECRET: undefined,
      PUBLIC_URL: undefined,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    });
  const post = (s: RunningServer, url: string, body: unknown, token?: string) =>
    fetch(`${s.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  it('signs up with the link from the log, signs in and keeps data across a restart', async () => {
    server = await start();
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    expect((await post(server, '/api/users/create/', { email: 'owner@shop.test', password: 'correct horse battery' })).status).toBe(201);
    await new Promise((r) => setTimeout(r, 200));
    const link = /(http:\/\/localhost:\d+\/users\/verify-email\?key=[\w-]+)/.exec(server.output.join(''))?.[1];
    expect(link).toBeDefined();
    const key = new URL(link as string).searchParams.get('key');
    expect((await fetch(`${server.url}/api/accounts/confirm-email/${key}/`)).status).toBe(200);

    const login = await post(server, '/api/token/', { email: 'owner@shop.test', password: 'correct horse battery' });
    const { access, user } = (await login.json()) as { access: string; user: { tier: string } };
    expect(user.tier).toBe('basic');
    const created = await post(server, '/graphql', { query: 'mutation { createStore(input: { name: "Catalog" }) { id } }' }, access);
    expect(((await created.json()) as { data: { createStore: { id: string } } }).data.createStore.id).toBeTruthy();

    expect(await server.stop()).toBe(0);
    server = await start();
    const listed = await post(server, '/graphql', { query: '{ listStores { items { name } } }' }, access);
    expect(((await listed.json()) as { data: { listStores: { items: unknown[] } } }).data.listStores.items).toEqual([{ name: 'Catalog' }]);
  }, 120_000);
});
