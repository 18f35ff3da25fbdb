import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, type GqlData, settle, type TestViewer, wsClient } from '../src/testing/graphql-client';
import { seededViewer } from '../src/testing/seeded-viewer';
import { buildBundle, type RunningServer, startBundle } from '../src/testing/server-bundle';
import { createScratchDatabase, redisUrl, type ScratchDatabase, serverDatabaseUrl } from '../src/testing/test-backend';

/**
 * The scaled-out deployment: two app processes (the production bundle) on different ports share
 * one Postgres and one Redis. A change made through one instance reaches a subscriber connected to
 * the other.
 */
const secret = `scaled-${randomUUID()}-${randomUUID()}`;

describe('scaled out: two instances sharing Postgres and Redis', () => {
  let database: ScratchDatabase;
  let bundle: ReturnType<typeof buildBundle>;
  let dataDir: string;
  let a: RunningServer;
  let b: RunningServer;
  let viewer: TestViewer;

  beforeAll(async () => {
    bundle = buildBundle();
    database = await createScratchDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-scaled-'));
    const env = (name: string) => ({
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      JWT_SECRET: secret,
      DATA_DIR: path.join(dataDir, name),
      WEB_DIST_DIR: path.join(dataDir, 'none'),
    });
    // Both boot at once: migrations must still apply exactly once (advisory lock).
    [a, b] = await Promise.all([startBundle(bundle.dir, env('a')), startBundle(bundle.dir, env('b'))]);
    const email = 'merchant@shop.test';
    viewer = await seededViewer({ databaseUrl: database.url, secret, email });
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    bundle?.remove();
  });

  const graphql = (instance: RunningServer, query: string) =>
    fetch(`${instance.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${viewer.access}` },
      body: JSON.stringify({ query }),
    }).then((r) => r.json() as Promise<{ data?: GqlData }>);

  it('a mutation on one instance reaches a subscriber on the other, both ways', async () => {
    const onA = wsClient(a.port, viewer);
    const onB = wsClient(b.port, viewer);
    try {
      const subA = collect(onA, 'subscription { onCreateAssistant { id assistantName } }');
      const subB = collect(onB, 'subscription { onCreateAssistant { id assistantName } }');
      await settle(300);
      const fromB = await graphql(b, 'mutation { createAssistant(input: { assistantName: "Made on B" }) { id } }');
      await subA.next(1);
      expect(subA.events[0]?.onCreateAssistant).toEqual({ id: fromB.data?.createAssistant?.id, assistantName: 'Made on B' });
      await graphql(a, 'mutation { createAssistant(input: { assistantName: "Made on A" }) { id } }');
      await subB.next(2);
      expect(subB.events.map((e) => e.onCreateAssistant.assistantName)).toEqual(['Made on B', 'Made on A']);
    } finally {
      await onA.dispose();
      await onB.dispose();
    }
  });

  it('both instances read the same data', async () => {
    const list = await graphql(a, '{ listAssistants { items { assistantName } } }');
    expect(list.data?.listAssistants.items.map((i: { assistantName: string }) => i.assistantName).sort()).toEqual([
      'Made on A',
      'Made on B',
    ]);
  });

  it('keeps serving after Postgres drops its connections (a database restart)', async () => {
    const admin = new pg.Client({ connectionString: serverDatabaseUrl });
    await admin.connect();
    try {
      const dbName = new URL(database.url).pathname.slice(1);
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [dbName],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await settle(200);
    for (const instance of [a, b]) {
      const list = await graphql(instance, '{ listAssistants { items { assistantName } } }');
      expect(list.data?.listAssistants.items).toHaveLength(2);
    }
  });

  it('shuts down gracefully on SIGTERM', async () => {
    expect(await b.stop()).toBe(0);
  });
});
