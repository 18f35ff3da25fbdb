import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postJson, uploadOverHttp } from '../apps/server/src/testing/bundle-client';
import {
  buildBundle,
  createUserWithCli,
  type RunningProcess,
  startBundle,
  startWorkerBundle,
} from '../apps/server/src/testing/server-bundle';

/**
 * Time from a worker's death to its job running elsewhere (goal: ≤ 30 s), on the scaled-out
 * deployment: a web process and two worker processes on Postgres (DATABASE_URL, default this
 * machine's; a scratch database) and Redis (REDIS_URL). A big file is uploaded to the one running
 * worker; once its job is active a second worker starts, and the first is killed (SIGKILL, as a
 * crash or a lost machine); the clock runs until the job is active again on the second, and then
 * until the file is ready. Repeated `rounds` times, a fresh file each round.
 */
export async function jobHandover({ rounds = 3 } = {}) {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `aisle_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-bench-handover-'));
  const env = {
    DATABASE_URL: url.toString(),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    DEFAULT_MODEL: 'local:extractive',
  };
  const bundle = buildBundle();
  const processes: RunningProcess[] = [];
  const queue = new pg.Client({ connectionString: env.DATABASE_URL });
  try {
    const web = await startBundle(bundle.dir, { ...env, ROLE: 'web' });
    processes.push(web);
    // One worker at a time holds the queue, so the one killed is the one running the job.
    let holder = await startWorkerBundle(bundle.dir, env);
    processes.push(holder);
    const owner = { email: 'handover@bench.test', password: 'correct horse battery' };
    createUserWithCli(env, owner);
    await queue.connect();
    const call = (route: string, body: unknown, token?: string) => postJson(web.url, route, body, token);
    const { access } = (await call('/api/token/', owner)) as { access: string };
    const { id: storeId } = (await call('/api/store/create/', { name: 'Bench store' }, access)) as { id: string };

    const handovers: number[] = [];
    const untilReady: number[] = [];
    for (let round = 0; round < rounds; round++) {
      // Big enough to be still indexing while a second worker starts (thousands of sections).
      const sections = Array.from({ length: 20_000 }, (_, i) => `## Note ${i}\n\nRinse item ${i} in cold water, round ${round}.\n`);
      const fileId = await uploadOverHttp(web.url, access, {
        storeId,
        fileName: `guide-${round}.md`,
        text: `# Care guide ${round}\n\n${sections.join('\n')}`,
      });
      const job = async () =>
        (
          await queue.query<{ state: string; retry_count: number }>(
            "SELECT state::text, retry_count FROM pgboss.job WHERE name = 'ingest-file' AND data->>'fileId' = $1",
            [fileId],
          )
        ).rows[0];
      const fileStatus = async () =>
        (await queue.query<{ status: string }>('SELECT status FROM files WHERE id = $1', [fileId])).rows[0]?.status;
      while ((await job())?.state !== 'active') await new Promise((r) => setTimeout(r, 20));
      const spare = await startWorkerBundle(bundle.dir, env);
      processes.push(spare);
      const before = await job();
      if (before?.state !== 'active') throw new Error('the file was indexed before the spare worker started: make it bigger');
      holder.child.kill('SIGKILL');
      await new Promise((r) => holder.child.once('exit', r));
      const killedAt = Date.now();
      for (;;) {
        const now = await job();
        if (now && now.retry_count > before.retry_count && now.state === 'active') break;
        if (Date.now() - killedAt > 120_000) throw new Error('the job was never taken over');
        await new Promise((r) => setTimeout(r, 50));
      }
      handovers.push(Date.now() - killedAt);
      while ((await fileStatus()) !== 'ready') await new Promise((r) => setTimeout(r, 50));
      untilReady.push(Date.now() - killedAt);
      holder = spare;
    }
    const worst = Math.max(...handovers);
    return {
      goal: 'a dead worker’s job runs elsewhere within 30 s',
      rounds,
      handoverMs: handovers,
      deathToReadyMs: untilReady,
      worstHandoverMs: worst,
      met: worst <= 30_000,
    };
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
    await queue.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
    bundle.remove();
  }
}
