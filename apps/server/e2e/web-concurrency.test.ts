import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, settle, type TestViewer, wsClient } from '../src/testing/graphql-client';
import { seededViewer } from '../src/testing/seeded-viewer';
import { buildBundle, type RunningServer, startBundle } from '../src/testing/server-bundle';
import { createScratchDatabase, redisUrl, type ScratchDatabase } from '../src/testing/test-backend';

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return children;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * `npm start` with WEB_CONCURRENCY=2 on Postgres and Redis: two web processes share one port, each
 * connection goes to one of them, and live events cross between them. Runs in the scaled-out pass.
 */
describe('WEB_CONCURRENCY: several web processes on one port', () => {
  const secret = `cluster-${randomUUID()}-${randomUUID()}`;
  let database: ScratchDatabase;
  let bundle: ReturnType<typeof buildBundle>;
  let dataDir: string;
  let server: RunningServer;
  let viewer: TestViewer;

  beforeAll(async () => {
    bundle = buildBundle();
    database = await createScratchDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-cluster-'));
    server = await startBundle(
      bundle.dir,
      {
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        JWT_SECRET: secret,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'none'),
        WEB_CONCURRENCY: '2',
        LOG_LEVEL: 'info',
      },
      { readyTimeoutMs: 80_000 },
    );
    const email = 'cluster@shop.test';
    viewer = await seededViewer({ databaseUrl: database.url, secret, email });
  }, 150_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    bundle?.remove();
  });

  it('runs two web processes that both answer, and a change made through one reaches a subscriber on the other', async () => {
    // /readyz answered as soon as one was up: wait until both listen (the first also starts the jobs).
    const deadline = Date.now() + 60_000;
    while (!server.output.join('').includes('all 2 web processes are listening') && Date.now() < deadline) await settle(100);
    expect(childrenOf(server.child.pid as number)).toHaveLength(2);

    // Sockets are handed out in turn: of several subscribers, some are on each process; every one
    // hears a mutation made over plain HTTP, whichever process took it.
    const clients = Array.from({ length: 4 }, () => wsClient(server.port, viewer));
    try {
      const subscriptions = clients.map((client) => collect(client, 'subscription { onCreateAssistant { assistantName } }'));
      await settle(500);
      for (const name of ['First', 'Second']) {
        const res = await fetch(`${server.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${viewer.access}` },
          body: JSON.stringify({ query: `mutation { createAssistant(input: { assistantName: "${name}" }) { id } }` }),
        });
        expect(res.status).toBe(200);
      }
      for (const subscription of subscriptions) {
        await subscription.next(2);
        expect(subscription.events.map((event) => event.onCreateAssistant.assistantName)).toEqual(['First', 'Second']);
      }
    } finally {
      await Promise.all(clients.map((client) => client.dispose()));
    }
  });

  it('stops every process on SIGTERM and exits 0', async () => {
    const children = childrenOf(server.child.pid as number);
    expect(await server.stop(), server.output.join('')).toBe(0);
    expect(children.filter(alive)).toEqual([]);
  });
});
