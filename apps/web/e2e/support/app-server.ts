import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { roomyTierChanges } from '@aisle/server/testing/roomy-tiers';
import { buildBundle, type CliUser, createUserWithCli, freePort, setTiersWithCli, startBundle } from '@aisle/server/testing/server-bundle';
import { inject } from 'vitest';
import { buildWebApp } from './web-build';

export type AppServerUser = CliUser;

export interface StartAppServerOptions {
  /** Accounts to create (verified; `staff: true` for staff) with `npm run user:create` before the server starts. */
  users?: AppServerUser[];
  /** Extra environment for the server (and the user:create runs); `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /**
   * `roomy` (default): every tier's limits a thousand times the defaults (written with
   * `npm run tiers:set`), for suites not about limits; `seeded`: the tiers a new install has.
   */
  tiers?: 'roomy' | 'seeded';
}

export interface AppServer {
  /** `http://127.0.0.1:<port>`: also the server's PUBLIC_URL, so links in e-mails point here. */
  url: string;
  port: number;
  /** The server's DATA_DIR (a fresh temporary folder, removed by `stop`). */
  dataDir: string;
  /** Everything the server printed so far, one entry per line (pino JSON at level info). */
  readonly output: string[];
  /**
   * Resolves with the match of the first output line from index `since` on (default 0) matching
   * `pattern`, waiting up to `timeoutMs`. Pass `server.output.length` taken before an action to
   * see only what that action logged.
   */
  waitForLog(pattern: RegExp, timeoutMs?: number, options?: { since?: number }): Promise<RegExpExecArray>;
  /** Stops the server (SIGTERM, graceful) and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * The production server as `npm start` runs it (server bundle, embedded PGlite, no SMTP: e-mails
 * are log lines) serving the production web build, on its own port and data directory. The web
 * build and the bundle come from the e2e project's global setup, built once per run.
 */
export async function startAppServer(options: StartAppServerOptions = {}): Promise<AppServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-web-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist(),
    LOG_LEVEL: 'info',
    PUBLIC_URL: url,
    // The embedded default, whatever the environment running the tests has (CI sets these).
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    JWT_SECRET: undefined,
    CORS_ORIGINS: undefined,
    SMTP_HOST: undefined,
    SMTP_USER: undefined,
    TRUST_PROXY: undefined,
    // Browser tests sign in often from one address; a test of the limit itself sets it lower.
    AUTH_RATE_LIMIT: '1000',
    ...options.env,
  };
  try {
    // user:create opens the PGlite folder itself: strictly before the server does.
    for (const user of options.users ?? []) createUserWithCli(env, user);
    if ((options.tiers ?? 'roomy') === 'roomy') {
      const file = path.join(dataDir, 'roomy-tiers.json');
      writeFileSync(file, JSON.stringify(roomyTierChanges()));
      setTiersWithCli(env, file);
    }
    const server = await startBundle(serverBundle(), env, { port });
    const killOnExit = () => server.child.kill('SIGKILL');
    process.once('exit', killOnExit);
    const lines = () =>
      server.output
        .join('')
        .split('\n')
        .filter((line) => line.length > 0);
    return {
      url,
      port,
      dataDir,
      get output() {
        return lines();
      },
      async waitForLog(pattern, timeoutMs = 10_000, { since = 0 } = {}) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          for (const line of lines().slice(since)) {
            const match = pattern.exec(line);
            if (match) return match;
          }
          if (Date.now() > deadline) {
            throw new Error(`no server log line matched ${pattern} within ${timeoutMs} ms; last lines:\n${lines().slice(-20).join('\n')}`);
          }
          await new Promise((r) => setTimeout(r, 50));
        }
      },
      async stop() {
        process.off('exit', killOnExit);
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

// Outside the e2e project (no global setup), the first call builds both, removed at exit.
let ownBuilds: { web: string; bundle: string } | undefined;

function ownBuild() {
  if (!ownBuilds) {
    const web = buildWebApp();
    const bundle = buildBundle();
    process.once('exit', () => {
      web.remove();
      bundle.remove();
    });
    ownBuilds = { web: web.dir, bundle: bundle.dir };
  }
  return ownBuilds;
}

function webDist(): string {
  return inject('aisleWebDist') ?? ownBuild().web;
}

function serverBundle(): string {
  return inject('aisleServerBundle') ?? ownBuild().bundle;
}
