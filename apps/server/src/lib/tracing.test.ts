import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../testing/assistants';
import type { TestViewer } from '../testing/graphql-client';
import { createStore, post, uploadFiles, waitForFiles } from '../testing/knowledge';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createVerifiedUser } from '../testing/users';
import { runJobAttempt, splitOrigin, withOrigin } from './job-origin';
import { currentTraceparent, startTracing } from './tracing';

/** One span as the collector received it (OTLP/HTTP JSON), with its resource's service. */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP's enum: 2 server, 3 client, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
  service: unknown;
}

type OtlpValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
  arrayValue?: { values: OtlpValue[] };
};
type OtlpAttributes = { key: string; value: OtlpValue }[];
const otlpValue = (value: OtlpValue): unknown =>
  value.stringValue ??
  (value.intValue !== undefined
    ? Number(value.intValue)
    : (value.boolValue ?? value.doubleValue ?? value.arrayValue?.values.map(otlpValue)));
const attributesOf = (list: OtlpAttributes = []) => Object.fromEntries(list.map(({ key, value }) => [key, otlpValue(value)]));

/**
 * A stand-in OpenTelemetry collector on loopback: accepts OTLP/HTTP JSON exports on `/v1/traces`,
 * as a real collector's HTTP receiver does, and keeps every span.
 */
async function startCollector() {
  const spans: ReceivedSpan[] = [];
  const contentTypes: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') return res.writeHead(404).end();
      contentTypes.push(String(req.headers['content-type']));
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: {
          resource: { attributes: OtlpAttributes };
          scopeSpans: { spans: (Omit<ReceivedSpan, 'attributes' | 'service'> & { attributes: OtlpAttributes })[] }[];
        }[];
      };
      for (const resourceSpans of body.resourceSpans) {
        const service = attributesOf(resourceSpans.resource.attributes)['service.name'];
        for (const scope of resourceSpans.scopeSpans)
          for (const span of scope.spans) spans.push({ ...span, attributes: attributesOf(span.attributes), service });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    spans,
    contentTypes,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('traces', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let t: TestApp;
  let me: TestViewer;
  let storeId: string;
  let uploadTrace: string;

  beforeAll(async () => {
    collector = await startCollector();
    t = await createTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: 'aisle-test' });
    const user = await createVerifiedUser(t);
    me = { email: user.email, access: user.access, isStaff: false };
    storeId = await createStore(t, me);
    const { fileIds } = await uploadFiles(t, me, storeId, [
      {
        fileName: 'faq.md',
        contentType: 'text/markdown',
        bytes: '# Returns\n\nYou can return any unworn item within 30 days of delivery.\n',
      },
    ]);
    await waitForFiles(t, fileIds);
    const finish = await spanWhere((span) => span.name === 'POST /api/files/finish-upload/');
    uploadTrace = finish.traceId;
  });
  afterAll(async () => {
    await t?.close();
    await collector?.close();
  });

  /** Sends what has ended and waits (with a deadline) until the collector has a span that matches. */
  async function spanWhere(match: (span: ReceivedSpan) => boolean, timeoutMs = 15_000): Promise<ReceivedSpan> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await t.services.tracing.flush();
      const found = collector.spans.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such span among: ${collector.spans.map((span) => span.name).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('follows a chat turn from its request through the turn, the retrieval and the model call, under the caller’s trace', async () => {
    const assistantId = await createAssistant(t, me, { model: 'local:extractive' });
    expect((await post(t, me, '/api/assistant/store-add/', { assistantId, storeId })).status).toBe(201);
    const threadId = (await post(t, me, '/api/thread/create/', { assistantId })).body?.id as string;
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/message/',
      payload: { threadId, content: 'How many days do I have to return an item?' },
      headers: { authorization: `Bearer ${me.access}`, traceparent: `00-${callerTrace}-${callerSpan}-01` },
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).reply.content).toContain('30 days');

    const request = await spanWhere((span) => span.name === 'POST /api/chat/message/');
    expect(request).toMatchObject({ traceId: callerTrace, parentSpanId: callerSpan, kind: 2, service: 'aisle-test' });
    expect(request.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/api/chat/message/',
      'http.response.status_code': 200,
    });
    const turn = await spanWhere((span) => span.name === 'turn' && span.traceId === callerTrace);
    expect(turn.parentSpanId).toBe(request.spanId);
    expect(turn.attributes).toMatchObject({
      'aisle.turn.origin': 'owner-chat',
      'aisle.assistant.id': assistantId,
      'gen_ai.provider.name': 'local',
      'gen_ai.request.model': 'extractive',
      'aisle.turn.outcome': 'answered',
    });
    const retrieval = await spanWhere((span) => span.name === 'retrieval' && span.traceId === callerTrace);
    expect(retrieval.parentSpanId).toBe(turn.spanId);
    expect(retrieval.attributes).toMatchObject({ 'aisle.retrieval.mode': 'lexical', 'aisle.retrieval.results': 1 });
    const modelCall = await spanWhere((span) => span.name === 'model call' && span.traceId === callerTrace);
    expect(modelCall).toMatchObject({ parentSpanId: turn.spanId, kind: 3 });
    expect(modelCall.attributes).toMatchObject({ 'gen_ai.provider.name': 'local', 'gen_ai.request.model': 'extractive' });
    expect(collector.contentTypes.every((type) => type.startsWith('application/json'))).toBe(true);
  });

  it('puts a job in the trace of the request that queued it', async () => {
    const finish = await spanWhere((span) => span.name === 'POST /api/files/finish-upload/' && span.traceId === uploadTrace);
    const job = await spanWhere((span) => span.name === 'job ingest-file' && span.traceId === uploadTrace);
    expect(job).toMatchObject({ kind: 5, parentSpanId: finish.spanId });
    expect(job.attributes).toMatchObject({ 'messaging.destination.name': 'ingest-file', 'messaging.message.id': expect.any(String) });
    // A request's own trace is new when no caller sent one: the upload's is not the chat's.
    expect(uploadTrace).not.toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('keeps a job queued by a job in the same trace, with the same request id', async () => {
    const upload = await spanWhere((span) => span.name === 'POST /api/files/finish-upload/' && span.traceId === uploadTrace);
    const origin = { requestId: 'abc-123', traceparent: `00-${uploadTrace}-${upload.spanId}-01` };
    const queued = await runJobAttempt(t.services.logger, { name: 'parent-job', id: 'job-1', retryCount: 0 }, origin, async () =>
      withOrigin({ fileId: 'f' }),
    );
    const carried = splitOrigin(queued);
    expect(carried.payload).toEqual({ fileId: 'f' });
    expect(carried.origin.requestId).toBe('abc-123');
    const parentJob = await spanWhere((span) => span.name === 'job parent-job');
    expect(parentJob).toMatchObject({ traceId: uploadTrace, parentSpanId: upload.spanId });
    expect(carried.origin.traceparent).toBe(`00-${uploadTrace}-${parentJob.spanId}-01`);
  });

  it('installs nothing without an endpoint', async () => {
    const off = await startTracing({ serviceName: 'aisle' });
    expect(off.enabled).toBe(false);
    // The app's tracing is on in this process, but outside any span there is nothing to carry.
    expect(currentTraceparent()).toBeUndefined();
  });
});
