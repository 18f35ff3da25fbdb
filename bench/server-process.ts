import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTokenSigner } from '../apps/server/src/domains/auth/tokens';
import type { GqlData } from '../apps/server/src/testing/graphql-client';

/**
 * Starts the real server (the bundle `npm start` runs, embedded PGlite on disk, no configuration
 * besides a port, a data directory and a known JWT secret) in its own process.
 */
const serverDir = fileURLToPath(new URL('../apps/server', import.meta.url));

/** How `npm start` runs the server (apps/server/package.json `start`): the bundle, these flags. */
export const serverNodeArgs = ['--max-semi-space-size=8'];
let built = false;

function buildOnce() {
  if (built) return;
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'inherit' });
  built = true;
}

export interface BenchServer {
  port: number;
  pid: number;
  url: string;
  token(email: string): Promise<string>;
  rssBytes(): number;
  stop(): Promise<void>;
  dataDir: string;
}

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

export async function startServer(
  extraEnv: Record<string, string> = {},
  options: { dataDir?: string; keepData?: boolean; nodeArgs?: string[] } = {},
): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'aisle-bench-'));
  const secret = `bench-${randomUUID()}-${randomUUID()}`;
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  buildOnce();
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? serverNodeArgs), 'dist/main.mjs'], {
    cwd: serverDir,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: secret, LOG_LEVEL: 'warn', ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 200));
  }
  const signer = createTokenSigner({ secret, accessLifetimeSeconds: 3600, refreshLifetimeSeconds: 3600 });
  return {
    port,
    pid: child.pid as number,
    url,
    token: async (email) => (await signer.sign('access', { userId: randomUUID(), email, isStaff: false })).token,
    rssBytes: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
      return kb * 1024;
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
    dataDir,
  };
}

export async function graphql(server: BenchServer, token: string, query: string, variables?: Record<string, unknown>) {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as GqlData;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Number((sorted[index] ?? Number.NaN).toFixed(2));
}
