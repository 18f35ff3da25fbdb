import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The production server as `npm start` runs it: the esbuild bundle (scripts/build.mjs), started
 * with node in its own process. Each caller builds into its own folder, so test files running in
 * parallel never share one.
 */
const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** The Node flags of `npm start` (package.json `start`), so tests and benchmarks run what users run. */
const startScript =
  (JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
export const startNodeFlags = /node ((?:--\S+ )*)dist\/main\.mjs/.exec(startScript)?.[1]?.trim().split(/\s+/).filter(Boolean) ?? [];

export function buildBundle(): { dir: string; remove(): void } {
  // Inside the server folder's tree so the bundle resolves its external packages from node_modules.
  const outdir = path.join(serverDir, 'dist-test', randomUUID());
  execFileSync(process.execPath, ['scripts/build.mjs', outdir], { cwd: serverDir, stdio: 'inherit' });
  return { dir: outdir, remove: () => rmSync(outdir, { recursive: true, force: true }) };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  output: string[];
  /** SIGTERM, then its exit code once it has closed. */
  stop(): Promise<number | null>;
}

export interface RunningServer extends RunningProcess {
  port: number;
  url: string;
}

export interface StartBundleOptions {
  /** Listen on this port (from `freePort`) instead of a fresh one: lets PUBLIC_URL name it. */
  port?: number;
  /** How long start-up may take (default 60 s); several processes booting at once take longer. */
  readyTimeoutMs?: number;
  /** Also wait until the output contains this line (e.g. every web process of WEB_CONCURRENCY listening). */
  readyLog?: string;
}

/** The bundle in its own process, as `npm start` runs it; its output is collected. */
function spawnBundle(bundleDir: string, env: Record<string, string | undefined>): RunningProcess {
  const output: string[] = [];
  const child = spawn(process.execPath, [...startNodeFlags, path.join(bundleDir, 'main.mjs')], {
    cwd: serverDir,
    // glibc's malloc settings as `npm start` sets them (scripts/workspace.mjs).
    env: { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  return {
    child,
    output,
    stop: async () => {
      // Already ended (on its own, or killed by a signal: then exitCode stays null).
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Waits until `ready` holds; fails with the process's output when it exits or the timeout (60 s) passes first. */
async function waitUntilStarted(started: RunningProcess, ready: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (started.child.exitCode !== null) throw new Error(`server exited during start-up: ${started.output.join('')}`);
    if (await ready()) return;
    if (Date.now() > deadline) throw new Error(`server did not become ready: ${started.output.join('')}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

export async function startBundle(
  bundleDir: string,
  env: Record<string, string | undefined>,
  options: StartBundleOptions = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const started = spawnBundle(bundleDir, { ...env, PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilStarted(
    started,
    async () =>
      (!options.readyLog || started.output.join('').includes(options.readyLog)) &&
      fetch(`${url}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      ),
    options.readyTimeoutMs,
  );
  return { ...started, port, url };
}

/**
 * A worker process (ROLE=worker, worker.ts) from the same bundle: it is ready once it logs that its
 * jobs run. It serves /healthz, /readyz and /metrics on a fresh port (METRICS_PORT when given), at
 * `url`. Needs DATABASE_URL, as a worker always does.
 */
export async function startWorkerBundle(
  bundleDir: string,
  env: Record<string, string | undefined>,
): Promise<RunningProcess & { port: number; url: string }> {
  const port = env.METRICS_PORT ? Number(env.METRICS_PORT) : await freePort();
  const started = spawnBundle(bundleDir, { PORT: String(port), ...env, ROLE: 'worker', LOG_LEVEL: 'info' });
  await waitUntilStarted(started, async () => started.output.join('').includes('Aisle worker is running'));
  return { ...started, port, url: `http://127.0.0.1:${port}` };
}

export interface CliUser {
  email: string;
  password: string;
  staff?: boolean;
}

/**
 * `npm run user:create` (src/cli/create-user.ts, through tsx) against the database `env` names
 * (DATA_DIR, or DATABASE_URL). It opens the database itself: on the embedded default, run it only
 * while no server runs on that DATA_DIR (a PGlite folder is opened by one process at a time).
 */
export function createUserWithCli(env: Record<string, string | undefined>, user: CliUser): void {
  const tsx = pathToFileURL(createRequire(path.join(serverDir, 'package.json')).resolve('tsx')).href;
  const args = ['--email', user.email, '--password', user.password, ...(user.staff ? ['--staff'] : [])];
  execFileSync(process.execPath, ['--import', tsx, 'src/cli/create-user.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * `npm run tiers:set -- --file <file>` (src/cli/set-tiers.ts, through tsx) against the database
 * `env` names: writes the file's tiers as their next versions. Like user:create, only while no
 * server runs on that DATA_DIR.
 */
export function setTiersWithCli(env: Record<string, string | undefined>, file: string): void {
  const tsx = pathToFileURL(createRequire(path.join(serverDir, 'package.json')).resolve('tsx')).href;
  execFileSync(process.execPath, ['--import', tsx, 'src/cli/set-tiers.ts', '--file', file], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
