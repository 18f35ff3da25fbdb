import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STOREFRONT_METAFIELD_NAMESPACE, WIZARD_FLAGS } from '@aisle/contracts/setup-wizard';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { type FakeShopify, startFakeShopify } from '../src/testing/fake-shopify/fake-shopify';
import { mintIdToken, shopifyEnv } from '../src/testing/fake-shopify/shopify-test-kit';
import { buildBundle, type RunningServer, startBundle } from '../src/testing/server-bundle';

const SHOP = 'restart-shop.myshopify.com';
const OWNER = `owner@${SHOP}`;

/**
 * The setup wizard survives a crash: the real server process is killed (SIGKILL, no graceful
 * shutdown) in the middle of a run on the 500-product fake store; started again, the run resumes
 * after its last completed step and completes, with one store, one assistant, one share.
 */
describe('setup wizard survives a crash', () => {
  let bundle: ReturnType<typeof buildBundle>;
  let dataDir: string;
  let fake: FakeShopify;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    bundle = buildBundle();
    dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-wizard-'));
    fake = await startFakeShopify();
    fake.shop(SHOP);
  });
  afterAll(async () => {
    await server?.stop();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
    bundle?.remove();
  });

  const env = () => ({
    ...shopifyEnv(fake),
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    PUBLIC_URL: undefined,
    EMBEDDING_PROVIDER: undefined,
    JWT_SECRET: 'restart-secret-restart-secret-0123456789',
    WEB_DIST_DIR: '/nonexistent',
  });
  type Wizard = Record<string, unknown> & { completed: boolean; status: string | null };
  const wizardOf = async (s: RunningServer, token: string): Promise<Wizard | undefined> => {
    const res = await fetch(`${s.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: `{ listWizards { items { completed status log ${WIZARD_FLAGS.join(' ')} } } }` }),
    });
    const body = (await res.json()) as { data?: { listWizards: { items: Wizard[] } } };
    return body.data?.listWizards.items[0];
  };
  const waitFor = async <T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 120_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await check().catch(() => undefined);
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; server log:\n${server?.output.join('').slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('resumes from the last completed step after kill -9 and completes, with nothing made twice', async () => {
    server = await startBundle(bundle.dir, env());
    const running = server;
    const idToken = await mintIdToken(fake, SHOP);
    const session = (await (await fetch(`${running.url}/api/sh/validate_session/?shopify_token=${idToken}`)).json()) as {
      internal_token: string;
    };
    const access = session.internal_token;
    expect(access).toBeTruthy();

    const start = await fetch(`${running.url}/api/wizard/start-process/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
      body: '{}',
    });
    expect(start.status).toBe(201);
    // Caught between steps: the store is made, the 500 products are not all indexed yet.
    const midway = await waitFor(async () => {
      const wizard = await wizardOf(running, access);
      return wizard?.vectorStoreCreated && !wizard.completed ? wizard : null;
    }, 'the wizard midway');
    expect(midway.completed).toBe(false);
    running.child.kill('SIGKILL');
    await new Promise((r) => running.child.once('exit', r));

    server = await startBundle(bundle.dir, env());
    const restarted = server;
    const done = await waitFor(async () => {
      const wizard = await wizardOf(restarted, access);
      return wizard?.completed || wizard?.status === 'Failed' ? wizard : null;
    }, 'the wizard to finish after the restart');
    expect(done).toMatchObject({ completed: true, status: 'Completed', log: null });
    for (const flag of WIZARD_FLAGS) expect(done[flag]).toBe(true);
    expect(await server.stop()).toBe(0);
    server = undefined;

    const metafields = [...fake.shop(SHOP).installation.metafields.values()].filter((m) => m.namespace === STOREFRONT_METAFIELD_NAMESPACE);
    expect(metafields.map((m) => m.key).sort()).toEqual([
      'app_origin',
      'enabled',
      'greeting',
      'primary_color',
      'primary_text_color',
      'share_token',
    ]);

    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const count = async (query: ReturnType<typeof sql>) =>
        ((await database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n;
      expect(await count(sql`SELECT count(*)::int AS n FROM wizards WHERE owner_email = ${OWNER}`)).toBe(1);
      expect(await count(sql`SELECT count(*)::int AS n FROM stores WHERE owner_email = ${OWNER}`)).toBe(1);
      expect(await count(sql`SELECT count(*)::int AS n FROM assistants WHERE owner_email = ${OWNER}`)).toBe(1);
      expect(await count(sql`SELECT count(*)::int AS n FROM shared_assistants WHERE owner_email = ${OWNER}`)).toBe(1);
      expect(await count(sql`SELECT count(*)::int AS n FROM assistant_stores WHERE owner_email = ${OWNER}`)).toBe(1);
      expect(await count(sql`SELECT count(*)::int AS n FROM assistant_templates WHERE owner_email = ${OWNER}`)).toBe(2);
      expect(await count(sql`SELECT count(*)::int AS n FROM variables WHERE owner_email = ${OWNER}`)).toBe(1);
      // Every file once, each indexed; the product list holds the 500 products once.
      expect(
        await count(
          sql`SELECT count(*)::int AS n FROM (SELECT file_name FROM files WHERE owner_email = ${OWNER} GROUP BY file_name HAVING count(*) > 1) d`,
        ),
      ).toBe(0);
      expect(await count(sql`SELECT count(*)::int AS n FROM files WHERE owner_email = ${OWNER} AND status <> 'ready'`)).toBe(0);
      expect(await count(sql`SELECT count(*)::int AS n FROM products WHERE owner_email = ${OWNER}`)).toBe(500);
    } finally {
      await database.close();
    }
  }, 300_000);
});
