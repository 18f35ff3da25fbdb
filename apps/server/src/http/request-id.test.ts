import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../process-lifecycle';
import { createAssistant } from '../testing/assistants';
import { setBalanceUsd } from '../testing/balances';
import type { FakeLlm } from '../testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../testing/fake-llm/fake-openai';
import type { TestViewer } from '../testing/graphql-client';
import { createStore, post } from '../testing/knowledge';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createVerifiedUser } from '../testing/users';

interface LogLine {
  msg?: string;
  level: number;
  reqId?: string;
  job?: string;
  jobId?: string;
  domain?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Issue 33: one id per request, from the proxy's log to ours. A caller's well-formed X-Request-Id is
 * kept (anything else is replaced by a UUID), answered in the response, and on every log line the
 * request wrote, through Fastify's request logger or a domain's own, and on every line of the job it
 * queued when that job runs later.
 */
describe('request ids', () => {
  const lines: LogLine[] = [];
  const raw: string[] = [];
  let t: TestApp;
  let fake: FakeLlm;
  let me: TestViewer;
  let storeId: string;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'aisle-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("app")');
    fake = await startFakeOpenAi();
    const logger = createLogger(
      { LOG_LEVEL: 'info' },
      {
        write: (line: string) => {
          raw.push(line);
          lines.push(JSON.parse(line) as LogLine);
        },
      },
    );
    t = await createTestApp({ OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.baseUrl, WEB_DIST_DIR: dist }, { logger });
    const user = await createVerifiedUser(t);
    me = { email: user.email, access: user.access, isStaff: false };
    storeId = await createStore(t, me);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const linesUntil = async (found: (line: LogLine) => boolean, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!lines.some(found)) {
      if (Date.now() > deadline) throw new Error('the expected log line never came');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return lines.filter(found);
  };

  it('keeps a well-formed id: answered, and on every line of the request and of the job it queued', async () => {
    const bytes = '# Returns\n\nReturns are free for 30 days.\n';
    const batch = await post(t, me, '/api/files/upload-batch/', {
      storeId,
      files: [{ fileName: 'faq.md', contentType: 'text/markdown', size: bytes.length }],
    });
    const upload = (batch.body?.files as { fileId: string; uploadUrl: string }[] | undefined)?.[0];
    if (!upload) throw new Error(`upload-batch answered ${batch.status}`);
    const put = await t.app.inject({ method: 'PUT', url: upload.uploadUrl, payload: bytes, headers: { 'content-type': 'text/markdown' } });
    expect(put.statusCode).toBe(204);

    const finish = await t.app.inject({
      method: 'POST',
      url: '/api/files/finish-upload/',
      payload: { storeId, fileIds: [upload.fileId] },
      headers: { authorization: `Bearer ${me.access}`, 'x-request-id': 'abc-123' },
    });
    expect(finish.statusCode).toBe(200);
    expect(finish.headers['x-request-id']).toBe('abc-123');

    // The ingestion job runs after the response, in the queue's own time.
    const [done] = await linesUntil((line) => line.msg === 'job completed' && line.job === 'ingest-file');
    expect(done).toMatchObject({ reqId: 'abc-123', job: 'ingest-file', jobId: expect.any(String) });
    const ofRequest = lines.filter((line) => line.reqId === 'abc-123');
    expect(ofRequest.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed', 'job completed']));
    // Every line the job wrote names the request that queued it.
    const ofJob = lines.filter((line) => line.jobId === done?.jobId);
    expect(ofJob.length).toBeGreaterThan(0);
    expect(ofJob.every((line) => line.reqId === 'abc-123')).toBe(true);
    // Fastify's request logger binds it itself: no line names it twice.
    expect(raw.filter((line) => line.includes('"abc-123"')).every((line) => line.split('"reqId"').length === 2)).toBe(true);
  });

  it('names the request on what a domain logs through its own logger, not the request’s', async () => {
    await setBalanceUsd(t.services.db, me.email, 5);
    const assistantId = await createAssistant(t, me, { model: 'openai:gpt-4.1-mini' });
    const thread = await post(t, me, '/api/thread/create/', { assistantId });
    fake.failure = 'server-error';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/message/',
      payload: { threadId: thread.body?.id, content: 'Where is my order?' },
      headers: { authorization: `Bearer ${me.access}`, 'x-request-id': '0f6c2d1e-turn.456:x' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.headers['x-request-id']).toBe('0f6c2d1e-turn.456:x');
    const [failed] = await linesUntil((line) => line.msg === 'the model failed to answer');
    expect(failed).toMatchObject({ domain: 'chat', reqId: '0f6c2d1e-turn.456:x' });
  });

  it('replaces a malformed id with a new UUID, and gives each request without one its own', async () => {
    const ids: string[] = [];
    for (const given of ['x'.repeat(300), 'a b', 'tab\there', '', undefined]) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: given === undefined ? {} : { 'x-request-id': given } });
      const id = String(res.headers['x-request-id']);
      expect(id).toMatch(UUID);
      expect(lines.filter((line) => line.reqId === id).map((line) => line.msg)).toContain('incoming request');
      ids.push(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(lines.some((line) => line.reqId === 'a b' || line.reqId?.startsWith('xxx'))).toBe(false);
  });

  it('answers the id on event streams and the web app’s pages and files', async () => {
    const assistantId = await createAssistant(t, me, { model: 'local:extractive' });
    const thread = await post(t, me, '/api/thread/create/', { assistantId });
    const stream = await t.app.inject({
      method: 'POST',
      url: '/api/chat/message/',
      payload: { threadId: thread.body?.id, content: 'Hello' },
      headers: { authorization: `Bearer ${me.access}`, accept: 'text/event-stream', 'x-request-id': 'sse-1' },
    });
    expect(stream.headers['content-type']).toContain('text/event-stream');
    expect(stream.body).toContain('event: done');
    expect(stream.headers['x-request-id']).toBe('sse-1');
    for (const url of ['/', '/store', '/assets/app.js']) {
      const res = await t.app.inject({ url, headers: { 'x-request-id': 'page-1' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-request-id'], url).toBe('page-1');
    }
  });

  it('answers the id on errors and unknown paths too', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route/', headers: { 'x-request-id': 'lb-404' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('lb-404');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/store/create/',
      payload: { name: 'x' },
      headers: { 'x-request-id': 'lb-401' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe('lb-401');
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/store/create/',
      payload: '{not json',
      headers: { authorization: `Bearer ${me.access}`, 'content-type': 'application/json', 'x-request-id': 'lb-400' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['x-request-id']).toBe('lb-400');
  });
});
