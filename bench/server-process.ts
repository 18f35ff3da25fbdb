import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/database';
import { users as usersTable } from '../apps/server/src/db/schema/users';
import { createTokenSigner } from '../apps/server/src/domains/accounts';
import { provisionUser } from '../apps/server/src/domains/accounts/provision-user';
import { adjustBalance } from '../apps/server/src/domains/billing/adjust-balance';
import { seedTierPlans } from '../apps/server/src/domains/billing/tiers';
import type { GqlData } from '../apps/server/src/testing/graphql-client';
import { buildBundle, type RunningServer, startBundle } from '../apps/server/src/testing/server-bundle';

/**
 * The real server as `npm start` runs it (the production bundle, embedded PGlite on disk, no
 * configuration besides a port, a data directory and a known JWT secret), in its own process.
 */
export interface BenchServer {
  port: number;
  url: string;
  dataDir: string;
  /**
   * An access token for this e-mail: a real sign-in (`POST /api/token/`) for an account in
   * `options.users`, otherwise one signed for a plain account of VIEWERS (no credit or plan).
   */
  token(email: string): Promise<string>;
  /** Resident memory of the process and its child processes (WEB_CONCURRENCY's web processes). */
  rssBytes(): number;
  /** CPU time the process and its running children have used so far, user and system, in ms (/proc, 10 ms ticks). */
  cpuMs(): number;
  /**
   * The same by kind of thread, summed over the process tree: `MainThread` (HTTP, streams),
   * `WorkerThread` (the embedded database), `V8Worker` (V8's helpers: concurrent and parallel
   * garbage collection, compilation), `libuv-worker`…
   */
  cpuMsByThread(): Record<string, number>;
  /** Whether the process is still running (it has not exited or been killed). */
  running(): boolean;
  /** What the process printed (warnings and errors: LOG_LEVEL is warn). */
  output(): string;
  stop(): Promise<void>;
}

let bundle: ReturnType<typeof buildBundle> | undefined;

/** Builds the bundle once per benchmark run; removed again by `removeBundle`. */
export function bundleDir(): string {
  bundle ??= buildBundle();
  return bundle.dir;
}

export function removeBundle() {
  bundle?.remove();
  bundle = undefined;
}

export interface StartServerOptions {
  dataDir?: string;
  keepData?: boolean;
  /** A web build to serve (default: none, only the API). */
  webDistDir?: string;
  /** More configuration (providers, limits). */
  env?: Record<string, string>;
  /**
   * Accounts made before the server starts (`seedUsers`), so turns read and charge a real user's
   * row as a merchant's do.
   */
  users?: string[];
}

/**
 * What an operator does before the shop opens: each e-mail becomes a verified user
 * (`npm run user:create`'s provisionUser) on the Business tier with $1,000 of credit (a top-up
 * through the ledger), in the database the server is about to open.
 */
async function seedUsers(emails: string[], password: string, env: Record<string, string | undefined>) {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : `${env.DATA_DIR}/db` });
  const viewers = new Map<string, { id: string; tokenVersion: number }>();
  try {
    // A token is only honoured while its user exists (auth/token-versions.ts): the benches'
    // viewers are plain accounts, made before the server opens the database.
    for (const email of VIEWERS) {
      const { user } = await provisionUser({ db: database.db, email, password, isStaff: false });
      viewers.set(email, { id: user.id, tokenVersion: user.tokenVersion });
    }
    if (!emails.length) return viewers;
    await seedTierPlans(database.db);
    for (const email of emails) {
      const { user } = await provisionUser({ db: database.db, email, password, isStaff: false });
      await database.db.update(usersTable).set({ tier: 'business' }).where(eq(usersTable.id, user.id));
      await adjustBalance(database.db, {
        ownerEmail: email,
        kind: 'top_up',
        amountMicroUsd: 1_000_000_000,
        idempotencyKey: `bench:${email}`,
      });
    }
  } finally {
    await database.close();
  }
  return viewers;
}

/** E-mails the benches ask `token()` for without declaring them in `options.users`. */
const VIEWERS = [
  'channels@bench.test',
  'chat@bench.test',
  'local@bench.test',
  'dashboard@bench.test',
  'latency@bench.test',
  'ghost@fuzz.test',
  'heavy@bench.test',
  'quiet@bench.test',
  'ingest@bench.test',
  'list@bench.test',
  'owner@bench.test',
  'shell@bench.test',
];

export async function startServer(options: StartServerOptions = {}): Promise<BenchServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'aisle-bench-'));
  const secret = `bench-${randomUUID()}-${randomUUID()}`;
  const env = {
    DATA_DIR: dataDir,
    JWT_SECRET: secret,
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    WEB_DIST_DIR: options.webDistDir ?? path.join(dataDir, 'no-web'),
    ...options.env,
  };
  const password = `bench-${randomUUID()}`;
  const users = new Set(options.users ?? []);
  const viewers = await seedUsers([...users], password, env);
  const server: RunningServer = await startBundle(bundleDir(), env);
  const signer = createTokenSigner({ secret, accessLifetimeSeconds: 3600, refreshLifetimeSeconds: 3600 });
  const signIn = async (email: string) => {
    const res = await fetch(`${server.url}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!res.ok) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { access: string }).access;
  };
  return {
    port: server.port,
    url: server.url,
    dataDir,
    token: async (email) => {
      if (users.has(email)) return signIn(email);
      const viewer = viewers.get(email);
      if (!viewer) throw new Error(`${email} has no account: add it to VIEWERS or options.users`);
      return (await signer.sign('access', { userId: viewer.id, email, isStaff: false, tokenVersion: viewer.tokenVersion })).token;
    },
    running: () => server.child.exitCode === null && server.child.signalCode === null,
    output: () => server.output.join(''),
    rssBytes: () => processTree(server.child.pid).reduce((sum, pid) => sum + rssOf(pid), 0),
    cpuMs: () => processTree(server.child.pid).reduce((sum, pid) => sum + cpuMsOfProcess(pid), 0),
    cpuMsByThread: () => {
      const byName: Record<string, number> = {};
      for (const pid of processTree(server.child.pid)) {
        for (const { name, ms } of threadsOf(pid)) byName[name] = (byName[name] ?? 0) + ms;
      }
      return byName;
    },
    stop: async () => {
      await server.stop();
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A process and its descendants (`/proc/<pid>/task/<tid>/children`), parents first. */
function processTree(pid: number | undefined): number[] {
  if (pid === undefined) return [];
  const children = (() => {
    try {
      return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
        readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
      );
    } catch {
      return [];
    }
  })();
  return [pid, ...children.flatMap(processTree)];
}

function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** utime + stime of a `/proc/…/stat` (fields 14 and 15; 11 and 12 after the command name), in ticks of 10 ms. */
function cpuMsOfStat(path: string): number {
  try {
    const stat = readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

export const cpuMsOfProcess = (pid: number) => cpuMsOfStat(`/proc/${pid}/stat`);

/** The process's threads by name (`/proc/<pid>/task/<tid>/comm`) and their CPU time. */
function threadsOf(pid: number): { name: string; ms: number }[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map((tid) => ({
      name: readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim(),
      ms: cpuMsOfStat(`/proc/${pid}/task/${tid}/stat`),
    }));
  } catch {
    return [];
  }
}

export async function graphql(server: BenchServer, token: string, query: string, variables?: Record<string, unknown>) {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: GqlData; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as GqlData;
}

/**
 * Reads a turn's server-sent event stream to its end: the milliseconds from `start` to the first
 * `token` event, the whole text, and whether it ended with `done`.
 */
export async function readTurnStream(res: Response, start: number): Promise<{ firstMs: number; text: string; done: boolean }> {
  if (!res.body) throw new Error(`the turn answered ${res.status} without a body`);
  const decoder = new TextDecoder();
  let text = '';
  let firstMs = Number.NaN;
  const reader = res.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    text += decoder.decode(chunk.value, { stream: true });
    if (Number.isNaN(firstMs) && text.includes('event: token')) firstMs = performance.now() - start;
  }
  return { firstMs, text, done: text.includes('event: done') };
}

/** The milliseconds from `start` to a turn's first token; throws when the turn did not end with `done`. */
export async function firstTokenMs(res: Response, start: number): Promise<number> {
  const { firstMs, text, done } = await readTurnStream(res, start);
  if (!done) throw new Error(`turn failed: ${text.slice(-300)}`);
  return firstMs;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Number((sorted[index] ?? Number.NaN).toFixed(2));
}
