import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GqlData, TestViewer } from '../src/testing/graphql-client';
import { seededViewer } from '../src/testing/seeded-viewer';
import { buildBundle, type RunningServer, startBundle } from '../src/testing/server-bundle';
import { openVisitorEvents } from '../src/testing/sharing-test-client';
import { createScratchDatabase, redisUrl, type ScratchDatabase, scaled } from '../src/testing/test-backend';

/**
 * Sharing scaled out: two app processes (the production bundle) share one Postgres and one Redis.
 * A visitor's live stream on one instance hears the shop's reply sent through the other, and the
 * public chat's rate limits count across both. Runs in the scaled pass only.
 */
const secret = `sharing-${randomUUID()}-${randomUUID()}`;

describe.runIf(scaled && redisUrl)('scaled out: sharing across two instances', () => {
  let database: ScratchDatabase;
  let bundle: ReturnType<typeof buildBundle>;
  let dataDir: string;
  let a: RunningServer;
  let b: RunningServer;
  let owner: TestViewer;

  beforeAll(async () => {
    bundle = buildBundle();
    database = await createScratchDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-sharing-'));
    const env = (name: string) => ({
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      JWT_SECRET: secret,
      DATA_DIR: path.join(dataDir, name),
      WEB_DIST_DIR: path.join(dataDir, 'none'),
      DEFAULT_MODEL: 'local:extractive',
      SHARED_CHAT_VISITOR_RATE_LIMIT: '3',
    });
    [a, b] = await Promise.all([startBundle(bundle.dir, env('a')), startBundle(bundle.dir, env('b'))]);
    const email = `owner-${randomUUID()}@shop.test`;
    owner = await seededViewer({ databaseUrl: database.url, secret, email });
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    bundle?.remove();
  });

  const call = (instance: RunningServer, url: string, body: unknown, viewer: TestViewer | null = null) =>
    fetch(`${instance.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(viewer ? { authorization: `Bearer ${viewer.access}` } : {}) },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as GqlData }));

  it('delivers a manual reply sent through one instance to a visitor connected to the other, and limits across both', async () => {
    const assistant = await call(a, '/api/assistant/create/', { assistantName: 'Shop helper' }, owner);
    const share = await call(b, '/api/shared-assistant/create/', { assistantId: assistant.body.id }, owner);
    expect(share.status).toBe(201);
    const token = share.body.shareToken.token;
    const first = await call(a, '/api/shared-chat/message/', { token, message: 'Hello' });
    expect(first.status).toBe(200);
    const { sharedThreadId, visitorToken } = first.body;

    const page = await openVisitorEvents(b.port, { token, sharedThreadId, visitorToken });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const sent = await call(
        a,
        '/graphql',
        { query: `mutation { sendManualReply(sharedThreadId: "${sharedThreadId}", content: "Hi, Sam from the shop here.") { id } }` },
        owner,
      );
      expect(sent.body.errors).toBeUndefined();
      await page.next(2);
      expect(page.events.map((e) => e.event)).toEqual(['thread', 'message']);
      expect(page.events[1]?.data).toMatchObject({ content: 'Hi, Sam from the shop here.', isManualResponse: true });
    } finally {
      await page.close();
    }

    // Three messages a minute per visitor, counted in Redis: the fourth is refused whichever instance takes it.
    const statuses = [];
    for (const instance of [b, a, b, a]) {
      statuses.push(
        (await call(instance, '/api/shared-chat/message/', { token, message: 'Still there?', sharedThreadId, visitorToken })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
