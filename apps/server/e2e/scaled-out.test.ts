import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenSigner } from '../src/domains/auth/tokens';
import { collect, settle, type TestViewer, wsClient } from '../src/testing/graphql-client';
import { createScratchDatabase, redisUrl, type ScratchDatabase } from '../src/testing/test-backend';

/**
 * The scaled-out deployment: two app processes on different ports share one Postgres and one
 * Redis. A change made through one instance reaches a subscriber connected to the other.
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const secret = `scaled-${randomUUID()}-${randomUUID()}`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Instance {
  port: number;
  child: ChildProcess;
  output: string[];
}

async function startInstance(databaseUrl: string, dataDir: string): Promise<Instance> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      JWT_SECRET: secret,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'none'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance exited early: ${output.join('')}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status === 200, () => false);
    if (ready) return { port, child, output };
    await settle(200);
  }
  throw new Error(`instance did not become ready: ${output.join('')}`);
}

async function stop(instance: Instance | undefined) {
  if (!instance || instance.child.exitCode !== null) return;
  const exited = new Promise((r) => instance.child.once('exit', r));
  instance.child.kill('SIGTERM');
  await exited;
}

describe('scaled out: two instances sharing Postgres and Redis', () => {
  let database: ScratchDatabase;
  let dataDir: string;
  let a: Instance;
  let b: Instance;
  let viewer: TestViewer;

  beforeAll(async () => {
    database = await createScratchDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-scaled-'));
    // Both boot at once: migrations must still apply exactly once (advisory lock).
    [a, b] = await Promise.all([startInstance(database.url, path.join(dataDir, 'a')), startInstance(database.url, path.join(dataDir, 'b'))]);
    const signer = createTokenSigner({ secret, accessLifetimeSeconds: 600, refreshLifetimeSeconds: 600 });
    const email = 'merchant@shop.test';
    viewer = { email, isStaff: false, access: (await signer.sign('access', { userId: randomUUID(), email, isStaff: false })).token };
  }, 90_000);

  afterAll(async () => {
    await Promise.all([stop(a), stop(b)]);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const mutate = (instance: Instance, query: string) =>
    fetch(`http://127.0.0.1:${instance.port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${viewer.access}` },
      body: JSON.stringify({ query }),
    }).then((r) => r.json() as Promise<{ data?: Record<string, { id: string }> }>);

  it('a mutation on one instance reaches a subscriber on the other, both ways', async () => {
    const onA = wsClient(a.port, viewer);
    const onB = wsClient(b.port, viewer);
    try {
      const subA = collect(onA, 'subscription { onCreateAssistant { id assistantName } }');
      const subB = collect(onB, 'subscription { onCreateAssistant { id assistantName } }');
      await settle(300);
      const fromB = await mutate(b, 'mutation { createAssistant(input: { assistantName: "Made on B" }) { id } }');
      await subA.next(1);
      expect(subA.events[0]?.onCreateAssistant).toEqual({ id: fromB.data?.createAssistant?.id, assistantName: 'Made on B' });
      await mutate(a, 'mutation { createAssistant(input: { assistantName: "Made on A" }) { id } }');
      await subB.next(2);
      expect(subB.events.map((e) => e.onCreateAssistant.assistantName)).toEqual(['Made on B', 'Made on A']);
    } finally {
      await onA.dispose();
      await onB.dispose();
    }
  });

  it('both instances read the same data', async () => {
    const list = await fetch(`http://127.0.0.1:${a.port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${viewer.access}` },
      body: JSON.stringify({ query: '{ listAssistants { items { assistantName } } }' }),
    }).then((r) => r.json() as Promise<{ data: { listAssistants: { items: { assistantName: string }[] } } }>);
    expect(list.data.listAssistants.items.map((i) => i.assistantName).sort()).toEqual(['Made on A', 'Made on B']);
  });

  it('shuts down gracefully on SIGTERM', async () => {
    const exited = new Promise<number | null>((r) => b.child.once('exit', (code) => r(code)));
    b.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
