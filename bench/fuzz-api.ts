import { randomInt } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fuzzApi } from '../apps/server/src/testing/fuzz/fuzz-api';
import { callJson, fetchTransport } from '../apps/server/src/testing/fuzz/fuzz-transport';
import type { FuzzUser } from '../apps/server/src/testing/fuzz/fuzz-world';
import { createUserWithCli } from '../apps/server/src/testing/server-bundle';
import { startServer } from './server-process';

/**
 * The fuzz campaign of src/http/fuzz-api.test.ts, larger (about 15,000 requests) and against the
 * production server as `npm start` runs it: the bundle in its own process, over real HTTP, on the
 * embedded database on disk. Every REST route and GraphQL operation gets well-formed and hostile
 * requests from three real accounts (created with `npm run user:create`, signed in through
 * `POST /api/token/`), with and without their tokens. A fresh seed each run explores new requests;
 * the report names it, so a failure can be replayed. Goal: 0 server errors, no crash.
 */
const RUNS = { rest: 120, mutation: 90, query: 40 };
const CONCURRENCY = 4;

/** Rate limits the campaign would otherwise spend its requests on (they answer 429s, never 5xx). */
const HIGH_LIMITS = {
  GRAPHQL_RATE_LIMIT: '1000000',
  AUTH_RATE_LIMIT: '1000000',
  SHARED_CHAT_VISITOR_RATE_LIMIT: '1000000',
  SHARED_CHAT_TOKEN_RATE_LIMIT: '1000000',
  SHARED_CHAT_READ_RATE_LIMIT: '1000000',
  FUNCTION_RUN_RATE_LIMIT: '1000000',
  // Tokens outlive the campaign (several minutes on a slow machine).
  ACCESS_TOKEN_LIFETIME: '7200',
};

export async function fuzzApiCampaign(seed = randomInt(2 ** 31)) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-bench-fuzz-'));
  const accounts = [
    { email: 'owner@fuzz.test', password: 'owner-password-1' },
    { email: 'victim@fuzz.test', password: 'victim-password-1' },
    { email: 'staff@fuzz.test', password: 'staff-password-1', staff: true },
  ];
  // Before the server starts: one process at a time may open the embedded database.
  for (const account of accounts) createUserWithCli({ DATA_DIR: dataDir, DATABASE_URL: undefined }, account);
  const server = await startServer({ dataDir, env: HIGH_LIMITS });
  try {
    const transport = fetchTransport(server.url);
    const [owner, victim, staff] = await Promise.all(
      accounts.map(async ({ email, password }): Promise<FuzzUser> => {
        const res = await callJson(transport, 'POST', '/api/token/', { json: { email, password } });
        if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
        return { email, password, access: res.body.access as string, refresh: res.body.refresh as string };
      }),
    );
    const report = await fuzzApi({
      transport,
      users: {
        owner: owner as FuzzUser,
        victim: victim as FuzzUser,
        staff: staff as FuzzUser,
        ghostAccess: await server.token('ghost@fuzz.test'),
      },
      seed,
      runs: RUNS,
      // Four routes at once: the server meets hostile callers side by side, as in production.
      concurrency: CONCURRENCY,
      alive: async () => server.running() && (await fetch(`${server.url}/healthz`)).status === 200,
      log: (line) => console.error(line),
    });
    const crashed = report.crashed || !server.running();
    if (report.serverErrors > 0 || crashed) console.error(`server output:\n${server.output().slice(-20_000)}`);
    return {
      requests: report.requests,
      byStatus: report.byStatus,
      serverErrors: report.serverErrors,
      hangs: report.hangs,
      crashed,
      seed: report.seed,
      seconds: report.seconds,
      concurrency: CONCURRENCY,
      targets: report.targets,
      neverSucceeded: report.neverSucceeded.length,
      findings: report.findings,
      goal: { serverErrors: 0, crashed: false },
    };
  } finally {
    await server.stop();
  }
}
