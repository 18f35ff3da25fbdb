import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ingestFileJob } from '../domains/knowledge';
import { defineJob } from '../lib/job-queue';
import { createAssistant } from '../testing/assistants';
import { FAKE_SHOPIFY_API_KEY, FAKE_SHOPIFY_API_SECRET } from '../testing/fake-shopify/fake-shopify';
import { signedWebhook } from '../testing/fake-shopify/shopify-test-kit';
import type { TestViewer } from '../testing/graphql-client';
import { createStore, post, uploadFiles, waitForFiles } from '../testing/knowledge';
import { sampleValue } from '../testing/metrics-text';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createVerifiedUser } from '../testing/users';

/** The app's Shopify credentials (no fake store is needed: the webhook is only verified and recorded). */
const SHOPIFY = { apiKey: FAKE_SHOPIFY_API_KEY, apiSecret: FAKE_SHOPIFY_API_SECRET } as const;
/** A job no worker of the test app takes: it stays waiting, as a backlog would. */
const neverWorkedJob = defineJob({
  name: 'metrics-test-never-worked',
  payload: z.object({}),
  retryLimit: 0,
  retryDelay: 1,
  expireInSeconds: 60,
});

/** Polls `check` against a fresh scrape until it holds or 10 s pass (then its last failure is the test's). */
async function eventually(scrape: () => Promise<string>, check: (text: string) => void) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const text = await scrape();
    try {
      return check(text);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe('GET /metrics on the app port', () => {
  let t: TestApp;
  let me: TestViewer;
  let storeId: string;

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp({
      DEFAULT_MODEL: 'local:extractive',
      SHOPIFY_API_KEY: SHOPIFY.apiKey,
      SHOPIFY_API_SECRET: SHOPIFY.apiSecret,
    });
    const user = await createVerifiedUser(t);
    me = { email: user.email, access: user.access, isStaff: false };
    storeId = await createStore(t, me, 'Help');
    const { fileIds } = await uploadFiles(t, me, storeId, [
      { fileName: 'faq.md', contentType: 'text/markdown', bytes: '# Shipping\n\nOrders over $75 ship free.\n' },
    ]);
    await waitForFiles(t, fileIds);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts a chat turn on the built-in model with its latencies, and the chat route’s 200', async () => {
    const assistantId = await createAssistant(t, me, { model: 'local:extractive' });
    expect((await post(t, me, '/api/assistant/store-add/', { assistantId, storeId })).status).toBe(201);
    const threadId = (await post(t, me, '/api/thread/create/', { assistantId })).body?.id as string;
    expect((await post(t, me, '/api/chat/message/', { threadId, content: 'Do orders ship free?' })).status).toBe(200);

    const text = await scrape();
    const turn = { origin: 'owner-chat', provider: 'local', model: 'extractive' };
    expect(sampleValue(text, 'aisle_turns_total', { ...turn, outcome: 'answered' })).toBe(1);
    expect(sampleValue(text, 'aisle_turn_duration_seconds_count', { ...turn, outcome: 'answered' })).toBe(1);
    expect(sampleValue(text, 'aisle_turn_duration_seconds_sum', turn)).toBeGreaterThan(0);
    expect(sampleValue(text, 'aisle_turn_first_token_seconds_count', turn)).toBe(1);
    const chatRoute = { method: 'POST', route: '/api/chat/message/', status_code: '200' };
    expect(sampleValue(text, 'aisle_http_requests_total', chatRoute)).toBe(1);
    expect(sampleValue(text, 'aisle_http_request_duration_seconds_count', chatRoute)).toBe(1);
    // The admission gate, read at the scrape: nothing waits now, nothing was refused.
    expect(sampleValue(text, 'aisle_turn_queue_length')).toBe(0);
    expect(sampleValue(text, 'aisle_turn_refusals_total')).toBe(0);
    // Node's own process metrics, and the database this process reaches.
    expect(sampleValue(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(text, 'aisle_database_up')).toBe(1);
  });

  it('counts a visitor’s turn from the widget under its own origin', async () => {
    const assistantId = await createAssistant(t, me, { model: 'local:extractive' });
    const share = await post(t, me, '/api/shared-assistant/create/', { assistantId });
    const token = share.body?.shareToken.token as string;
    const visit = await post(t, null, '/api/shared-chat/message/', { token, message: 'Hello!', origin: 'widget' });
    expect(visit.status, JSON.stringify(visit.body)).toBe(200);
    const text = await scrape();
    expect(sampleValue(text, 'aisle_turns_total', { origin: 'widget', provider: 'local', model: 'extractive', outcome: 'answered' })).toBe(
      1,
    );
  });

  it('counts a request no route matched under `unmatched`, never its path', async () => {
    const path = `/api/nothing-here-${randomUUID()}/`;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const text = await scrape();
    expect(sampleValue(text, 'aisle_http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(text).not.toContain('nothing-here');
  });

  it('counts the file’s ingestion job from queued to completed, and the file indexed', async () => {
    const text = await scrape();
    const job = { job: ingestFileJob.name };
    expect(sampleValue(text, 'aisle_jobs_queued_total', job)).toBe(1);
    expect(sampleValue(text, 'aisle_jobs_completed_total', job)).toBe(1);
    expect(sampleValue(text, 'aisle_jobs_failed_total', job)).toBeUndefined();
    expect(sampleValue(text, 'aisle_jobs_running', job)).toBe(0);
    expect(sampleValue(text, 'aisle_files_ingested_total', { result: 'indexed' })).toBe(1);
    expect(sampleValue(text, 'aisle_file_ingest_duration_seconds_count', { result: 'indexed' })).toBe(1);
  });

  it('shows a job nobody has taken yet as waiting, with its age', async () => {
    await t.services.jobs.send(neverWorkedJob, {});
    const queue = { queue: neverWorkedJob.name };
    await eventually(scrape, (text) => {
      expect(sampleValue(text, 'aisle_jobs_waiting', queue)).toBe(1);
      expect(sampleValue(text, 'aisle_job_oldest_waiting_seconds', queue)).toBeGreaterThan(0);
    });
  });

  it('counts a webhook with a bad signature as refused and a redelivery as a duplicate', async () => {
    const shop = 'metrics-shop.myshopify.com';
    const delivery = { topic: 'shop/redact', shop, payload: { shop_id: 7, shop_domain: shop } };
    const send = (request: ReturnType<typeof signedWebhook>) =>
      t.app.inject({ method: 'POST', url: request.url, headers: request.headers, payload: request.body });

    expect((await send(signedWebhook(SHOPIFY, { ...delivery, secret: 'not-the-secret' }))).statusCode).toBe(401);
    const signed = signedWebhook(SHOPIFY, delivery);
    expect((await send(signed)).json()).toEqual({ detail: 'Received.' });
    expect((await send(signed)).json()).toEqual({ detail: 'Already received.' });

    const text = await scrape();
    expect(sampleValue(text, 'aisle_webhook_deliveries_total', { source: 'shopify', result: 'refused' })).toBe(1);
    expect(sampleValue(text, 'aisle_webhook_deliveries_total', { source: 'shopify', result: 'verified' })).toBe(1);
    expect(sampleValue(text, 'aisle_webhook_deliveries_total', { source: 'shopify', result: 'duplicate' })).toBe(1);
  });

  it('keeps /metrics out of the API documentation', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(docs.paths)).toContain('/api/chat/message/');
    expect(Object.keys(docs.paths)).not.toContain('/metrics');
  });
});
