import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleValue } from '../src/testing/metrics-text';
import { buildBundle, freePort, type RunningServer, startBundle, startWorkerBundle } from '../src/testing/server-bundle';
import { createScratchDatabase, redisUrl, type ScratchDatabase, scaled } from '../src/testing/test-backend';

/** A GET on a connection of its own: node:cluster hands each new connection to the next web process. */
const getOnNewConnection = (url: string) =>
  new Promise<number>((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });

/**
 * What an operator's Prometheus and probes see of the production bundle's processes: a worker
 * (ROLE=worker) answers health and metrics on its port, and WEB_CONCURRENCY=2 with METRICS_PORT
 * gives one scrape summing both web processes. Runs in the scaled pass (Postgres and Redis).
 */
describe.runIf(scaled && redisUrl)('metrics and health of the server processes', () => {
  let database: ScratchDatabase;
  let bundle: ReturnType<typeof buildBundle>;
  let dataDir: string;
  const env = () => ({
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    JWT_SECRET: `metrics-${randomUUID()}-${randomUUID()}`,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'none'),
  });

  beforeAll(async () => {
    bundle = buildBundle();
    database = await createScratchDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-metrics-'));
  }, 90_000);
  afterAll(async () => {
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    bundle?.remove();
  });

  it('a worker answers /healthz, /readyz and /metrics on its port, and closes it when it stops', async () => {
    const worker = await startWorkerBundle(bundle.dir, env());
    try {
      const health = await fetch(`${worker.url}/healthz`);
      expect({ status: health.status, body: await health.json() }).toEqual({ status: 200, body: { status: 'ok' } });
      const ready = await fetch(`${worker.url}/readyz`);
      expect({ status: ready.status, body: await ready.json() }).toEqual({
        status: 200,
        body: { status: 'ready', database: 'postgres', redis: 'connected' },
      });
      const metrics = await fetch(`${worker.url}/metrics`);
      expect(metrics.headers.get('content-type')).toContain('text/plain; version=0.0.4');
      const text = await metrics.text();
      expect(sampleValue(text, 'aisle_database_up')).toBe(1);
      expect(sampleValue(text, 'aisle_redis_connected')).toBe(1);
      expect(sampleValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect((await fetch(`${worker.url}/api/token/`)).status).toBe(404);
    } finally {
      expect(await worker.stop()).toBe(0);
    }
    await expect(fetch(`${worker.url}/healthz`)).rejects.toThrow();
  }, 60_000);

  it('WEB_CONCURRENCY=2 with METRICS_PORT: one scrape there counts the requests of both web processes; the app port has no /metrics', async () => {
    const metricsPort = await freePort();
    let web: RunningServer | undefined;
    try {
      web = await startBundle(
        bundle.dir,
        { ...env(), WEB_CONCURRENCY: '2', METRICS_PORT: String(metricsPort), LOG_LEVEL: 'info' },
        // Both processes listen before the requests, so node:cluster hands the connections to both.
        { readyTimeoutMs: 90_000, readyLog: 'all 2 web processes are listening' },
      );
      const path = `/api/not-here-${randomUUID()}/`;
      for (let i = 0; i < 6; i++) expect(await getOnNewConnection(`${web.url}${path}`)).toBe(404);
      expect(await getOnNewConnection(`${web.url}/metrics`)).toBe(404);

      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(sampleValue(text, 'aisle_http_requests_total', { route: 'unmatched', status_code: '404' })).toBe(7);
      expect(text).not.toContain('not-here');
      expect(sampleValue(text, 'aisle_database_up')).toBe(1);
    } finally {
      expect(await web?.stop()).toBe(0);
    }
  }, 120_000);
});
