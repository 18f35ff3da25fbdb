import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { FakeLlm } from '../apps/server/src/testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../apps/server/src/testing/fake-llm/fake-openai';
import { type BenchServer, firstTokenMs, percentile, removeBundle, startServer } from './server-process';

/**
 * Chat turns against the production server on the embedded default, timed from the request to
 * the first `token` event of the server-sent stream:
 * - server overhead: an OpenAI-compatible fake with zero delay answers in this process; the time to
 *   the first token minus the fake's own time for that request (request in to first bytes out) is
 *   the server's (auth, loading the thread, retrieval, storing the question, building the prompt,
 *   the HTTP round trip on loopback, parsing the stream); at 1 and at 100 concurrent chats, on the
 *   embedded database and, with BENCH_DATABASE_URL set, on Postgres + Redis. Goal: p50 under 10 ms,
 *   p99 under 40 ms.
 * - the built-in `local` provider answering from a store of 10,000 passages (retrieval included).
 * The fake's model is not in the pricing table, so no credit is needed.
 */
interface Client {
  server: BenchServer;
  token: string;
}

async function call(client: Client, url: string, body: unknown) {
  const res = await fetch(`${client.server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${client.token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return res.status === 204 ? {} : ((await res.json()) as Record<string, string>);
}

/** Milliseconds from sending the question to the first streamed token; reads the stream to its end. */
async function timeToFirstToken(client: Client, threadId: string, content: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${client.server.url}/api/chat/message/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${client.token}` },
    body: JSON.stringify({ threadId, content }),
  });
  if (!res.ok || !res.body) throw new Error(`chat/message answered ${res.status}: ${await res.text()}`);
  return firstTokenMs(res, start);
}

async function newThread(client: Client, assistantId: string) {
  return (await call(client, '/api/thread/create/', { assistantId })).id as string;
}

/**
 * The provider's own time for the turn asking `content`: from the request reaching the fake to the
 * fake's first bytes back (the fake runs in this process, on the same clock).
 */
function providerTime(fake: FakeLlm, content: string): number {
  const request = fake.requests.findLast((r) =>
    (r.body.messages as { role: string; content: unknown }[]).some((m) => m.role === 'user' && m.content === content),
  );
  if (!request?.firstWriteAt) throw new Error(`the fake never answered "${content}"`);
  return request.firstWriteAt - request.receivedAt;
}

/** `scaled`: Postgres and Redis (BENCH_DATABASE_URL, BENCH_REDIS_URL) instead of the embedded database. */
async function serverOverhead(turns = 200, concurrent = 100, backend: 'embedded' | 'scaled' = 'embedded') {
  const fake = await startFakeOpenAi();
  const server = await startServer({
    env: {
      OPENAI_API_KEY: FAKE_OPENAI_KEY,
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MODELS: 'bench-model',
      ...(backend === 'scaled'
        ? { DATABASE_URL: scaledDatabaseUrl(), REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379' }
        : {}),
    },
  });
  try {
    const client = { server, token: await server.token('chat@bench.test') };
    const assistant = await call(client, '/api/assistant/create/', {
      assistantName: 'Bench',
      model: 'openai:bench-model',
      instructions: 'Answer briefly.',
    });
    fake.script({ text: ['Hello', ' there', '.'], usage: { inputTokens: 20, outputTokens: 3 } });

    const thread = await newThread(client, assistant.id as string);
    for (let i = 0; i < 20; i++) await timeToFirstToken(client, thread, `warm-up ${i}`);
    // Server overhead: time to the first token minus the provider's own time for that request.
    const overhead = async (threadId: string, content: string) =>
      (await timeToFirstToken(client, threadId, content)) - providerTime(fake, content);
    const single: number[] = [];
    for (let i = 0; i < turns; i++) single.push(await overhead(await newThread(client, assistant.id as string), `Question ${i}?`));

    const threads = await Promise.all(Array.from({ length: concurrent }, () => newThread(client, assistant.id as string)));
    const parallel: number[] = [];
    for (let round = 0; round < 3; round++) {
      parallel.push(...(await Promise.all(threads.map((id, i) => overhead(id, `Round ${round} question ${i}?`)))));
    }

    // 100 chats in progress at once, as on a busy shop: each streams a long answer (50 pieces, 20 ms
    // apart, the first at once) and asks its next question when it ends; every turn's overhead
    // counts after the first of each chat.
    fake.chunkDelayMs = 20;
    fake.undelayedChunks = 2;
    fake.script({ text: Array.from({ length: 50 }, (_, i) => `word${i} `), usage: { inputTokens: 20, outputTokens: 50 } });
    const steady: number[] = [];
    const until = performance.now() + 15_000;
    await Promise.all(
      threads.map(async (id, chat) => {
        for (let turn = 0; performance.now() < until; turn++) {
          const time = await overhead(id, `Chat ${chat} question ${turn}?`);
          if (turn > 0) steady.push(time);
        }
      }),
    );
    fake.chunkDelayMs = 0;
    return {
      backend,
      concurrency100Streaming: { turns: steady.length, p50Ms: percentile(steady, 50), p99Ms: percentile(steady, 99) },
      concurrency1: { turns: single.length, p50Ms: percentile(single, 50), p99Ms: percentile(single, 99) },
      /** 100 questions sent at the same instant: bound by throughput, not by per-turn overhead. */
      burstOf100: { turns: parallel.length, p50Ms: percentile(parallel, 50), p99Ms: percentile(parallel, 99) },
      rssMbAfter: Math.round(server.rssBytes() / 1024 / 1024),
      goal: { p50Ms: 10, p99Ms: 40 },
    };
  } finally {
    await server.stop();
    await fake.close();
  }
}

/** A store of `passages` passages: Markdown handbooks of 100 sections each, uploaded through the API. */
async function fillStore(client: Client, storeId: string, passages: number) {
  const topics = ['returns', 'shipping', 'sizing', 'care', 'warranty', 'payments', 'loyalty', 'gift cards'];
  for (let doc = 0; doc < passages / 100; doc++) {
    const sections = Array.from({ length: 100 }, (_, i) => {
      const n = doc * 100 + i;
      return `## ${topics[n % topics.length]} rule ${n}\n\nItem ${n} in collection ${doc} follows the ${topics[n % topics.length]} rule: ${(n % 28) + 3} days, orders over $${(n % 90) + 10}, code R${n}.`;
    });
    const bytes = Buffer.from(`# Handbook ${doc}\n\n${sections.join('\n\n')}\n`);
    const batch = (await call(client, '/api/files/upload-batch/', {
      storeId,
      files: [{ fileName: `handbook-${doc}.md`, size: bytes.length, contentType: 'text/markdown' }],
    })) as unknown as { files: { fileId: string; uploadUrl: string }[] };
    const upload = batch.files[0];
    if (!upload) throw new Error('no upload URL');
    await fetch(`${client.server.url}${upload.uploadUrl}`, {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { 'content-type': 'text/markdown' },
    });
    await call(client, '/api/files/finish-upload/', { storeId, fileIds: [upload.fileId] });
  }
  for (;;) {
    const res = await fetch(`${client.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${client.token}` },
      body: JSON.stringify({ query: 'query($id: ID!) { getStore(id: $id) { status } }', variables: { id: storeId } }),
    });
    const status = ((await res.json()) as { data: { getStore: { status: string } } }).data.getStore.status;
    if (status === 'ready') return;
    if (status === 'attention') throw new Error('a handbook failed to index');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function localFirstToken(passages = 10_000, questions = 100) {
  const server = await startServer();
  try {
    const client = { server, token: await server.token('local@bench.test') };
    const store = await call(client, '/api/store/create/', { name: 'Handbooks' });
    await fillStore(client, store.id as string, passages);
    const assistant = await call(client, '/api/assistant/create/', { assistantName: 'Local', model: 'local:extractive' });
    await call(client, '/api/assistant/store-add/', { assistantId: assistant.id, storeId: store.id });
    const thread = await newThread(client, assistant.id as string);
    for (let i = 0; i < 10; i++) await timeToFirstToken(client, thread, `How many days for item ${i}?`);
    const timings: number[] = [];
    for (let i = 0; i < questions; i++) {
      timings.push(
        await timeToFirstToken(
          client,
          await newThread(client, assistant.id as string),
          `What is the ${['returns', 'shipping', 'care'][i % 3]} rule for item ${i * 97}?`,
        ),
      );
    }
    return {
      passages,
      questions: timings.length,
      p50Ms: percentile(timings, 50),
      p95Ms: percentile(timings, 95),
      rssMbAfter: Math.round(server.rssBytes() / 1024 / 1024),
    };
  } finally {
    await server.stop();
  }
}

/** A fresh database on the benchmark's Postgres server, so runs never see each other's rows. */
function scaledDatabaseUrl(): string {
  const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const name = `aisle_bench_${Date.now()}`;
  execFileSync('psql', [url.toString(), '-qc', `CREATE DATABASE ${name}`]);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Postgres and Redis are measured when BENCH_DATABASE_URL is set (the embedded database always). */
export async function chatTurn() {
  return {
    serverOverhead: await serverOverhead(),
    ...(process.env.BENCH_DATABASE_URL ? { serverOverheadScaled: await serverOverhead(200, 100, 'scaled') } : {}),
    localFirstToken: await localFirstToken(),
  };
}

if (process.argv[1]?.endsWith('chat-turn.ts')) {
  // `--overhead`: only the server-overhead part (quick to rerun while tuning a turn).
  (process.argv.includes('--overhead')
    ? serverOverhead(200, 100, process.argv.includes('--scaled') ? 'scaled' : 'embedded').then((serverOverhead) => ({ serverOverhead }))
    : chatTurn()
  )
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(removeBundle);
}
