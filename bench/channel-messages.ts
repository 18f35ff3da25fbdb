import { performance } from 'node:perf_hooks';
import {
  type FakeLineApi,
  type FakeLineChannel,
  lineMessageEvent,
  signedLineWebhook,
  startFakeLineApi,
} from '../apps/server/src/testing/fake-line/fake-line-api';
import type { FakeLlm } from '../apps/server/src/testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../apps/server/src/testing/fake-llm/fake-openai';
import { type FakeGraphApi, startFakeGraphApi } from '../apps/server/src/testing/fake-meta/fake-graph-api';
import {
  messagingPayload,
  signedMetaWebhook,
  textEvent,
  whatsappMessagesPayload,
} from '../apps/server/src/testing/fake-meta/meta-webhooks';
import { type BenchServer, percentile, startServer } from './server-process';

/**
 * The channels on the production server (embedded database), with a zero-delay OpenAI-compatible
 * fake as the model (as bench/chat-turn.ts) and the fake Graph and LINE APIs in this process:
 * - webhook to outbound send: from posting a customer's signed Messenger webhook to the bot's
 *   reply reaching the fake Send API (store, answer job, turn, send job, HTTP), one at a time.
 * - sustained load: 60 customer messages per second (issue 34's bar; BENCH_CHANNEL_RATE for
 *   another) for 60 s across Messenger, Instagram, WhatsApp and LINE (one new customer each, every
 *   tenth delivery posted twice as platforms redeliver); counts of messages, replies, lost and
 *   duplicate replies, the replies per second while sending, the messages still unanswered when
 *   sending stops (the backlog), the server's CPU per message and the latencies.
 */
/** A merchant on the Business tier with credit (four connected channels are past the Basic plan's one). */
const OWNER = 'channel-shop@bench.test';
const PAGE = '104000000000900';
const INSTAGRAM = '17841400000000900';
const WABA = '102290129340900';
const PHONE = '106540352242900';

type Channel = 'messenger' | 'instagram' | 'whatsapp' | 'line';

interface World {
  server: BenchServer;
  graph: FakeGraphApi;
  line: FakeLineApi;
  lineChannel: FakeLineChannel;
}

async function call(server: BenchServer, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    redirect: 'manual',
    headers: { accept: 'application/json', authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status >= 400) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** An owner with one assistant on the fake model, answering on all four channels. */
async function connectEverything(world: World) {
  const { server, graph, lineChannel } = world;
  const token = await server.token(OWNER);
  const assistant = await call(server, token, 'POST', '/api/assistant/create/', { assistantName: 'Bench', model: 'openai:bench-model' });
  for (const channel of ['messenger', 'instagram', 'whatsapp'] as const) {
    const { url } = (await call(server, token, 'GET', `/api/${channel}/login/?assistantId=${assistant.id}`)) as { url: string };
    const back = new URL(graph.approve(url));
    const landed = await fetch(`${server.url}${back.pathname}${back.search}`, { redirect: 'manual' });
    const location = new URL(landed.headers.get('location') ?? '', server.url);
    if (!location.searchParams.get('connected')) throw new Error(`${channel} did not connect: ${location.search}`);
  }
  await call(server, token, 'POST', '/api/line/connect/', {
    channelId: lineChannel.channelId,
    channelSecret: lineChannel.channelSecret,
    accessToken: lineChannel.accessToken,
    assistantId: assistant.id,
  });
}

/** One customer's first message on a channel, signed as its platform signs it: the URL, headers and body, and who should get the reply. */
function delivery(world: World, channel: Channel, n: number) {
  const text = `Question ${n}: when do you ship?`;
  if (channel === 'line') {
    const userId = `U${n.toString(16).padStart(32, '0')}`;
    const replyToken = world.line.replyTokenFor(world.lineChannel);
    const signed = signedLineWebhook(world.lineChannel, [lineMessageEvent({ userId, text, replyToken })]);
    return { url: '/api/line/webhook/', ...signed, recipient: userId, replyToken };
  }
  if (channel === 'whatsapp') {
    const from = `1555${String(n).padStart(7, '0')}`;
    const signed = signedMetaWebhook(whatsappMessagesPayload({ wabaId: WABA, phoneNumberId: PHONE, messages: [{ from, text }] }));
    return { url: '/api/whatsapp/webhook/', ...signed, recipient: from, replyToken: null };
  }
  const account = channel === 'messenger' ? PAGE : INSTAGRAM;
  const from = `${channel}-customer-${n}`;
  const signed = signedMetaWebhook(
    messagingPayload(channel === 'messenger' ? 'page' : 'instagram', [{ id: account, events: [textEvent({ to: account, from, text })] }]),
  );
  return { url: `/api/${channel}/webhook/`, ...signed, recipient: from, replyToken: null };
}

/**
 * Every reply that reached a fake platform, by recipient, with when it arrived: read incrementally
 * (the fakes' logs only grow), so polling it stays cheap and the fakes in this process keep
 * answering promptly while the server drains a backlog.
 */
function replyTracker(world: World, lineUsers: Map<string, string>) {
  const replies = new Map<string, number[]>();
  let graphSeen = 0;
  let lineSeen = 0;
  const add = (to: string, at: number) => {
    const list = replies.get(to);
    if (list) list.push(at);
    else replies.set(to, [at]);
  };
  return () => {
    for (; graphSeen < world.graph.sends.length; graphSeen++) {
      const sent = world.graph.sends[graphSeen];
      if (sent?.status !== 200) continue;
      const body = sent.body as { recipient?: { id: string }; to?: string };
      add(body.recipient?.id ?? body.to ?? '', sent.receivedAt);
    }
    for (; lineSeen < world.line.sends.length; lineSeen++) {
      const sent = world.line.sends[lineSeen];
      if (sent?.status === 200) add(lineUsers.get(sent.target) ?? sent.target, sent.receivedAt);
    }
    return replies;
  };
}

async function post(world: World, request: { url: string; headers: Record<string, string>; body: string }) {
  const res = await fetch(`${world.server.url}${request.url}`, { method: 'POST', headers: request.headers, body: request.body });
  await res.arrayBuffer();
  return res.status;
}

async function waitFor(check: () => boolean, timeoutMs: number, everyMs = 10) {
  const deadline = performance.now() + timeoutMs;
  while (!check() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, everyMs));
  return check();
}

/** Webhook to outbound send, one message at a time (Messenger). */
async function webhookToSend(world: World, messages: number, lineUsers: Map<string, string>, firstCustomer: number) {
  const repliesByRecipient = replyTracker(world, lineUsers);
  const latencies: number[] = [];
  for (let i = 0; i < messages; i++) {
    const request = delivery(world, 'messenger', firstCustomer + i);
    const started = performance.now();
    if ((await post(world, request)) !== 200) throw new Error('the webhook was refused');
    const arrived = await waitFor(() => (repliesByRecipient().get(request.recipient)?.length ?? 0) > 0, 30_000);
    if (!arrived) throw new Error(`no reply to message ${i}`);
    latencies.push((repliesByRecipient().get(request.recipient)?.[0] ?? Number.NaN) - started);
  }
  return { messages, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), maxMs: percentile(latencies, 100) };
}

/** Why replies were not delivered, as the server recorded it (`deliveryError` of failed channel replies), counted. */
async function failedDeliveries(world: World) {
  const token = await world.server.token(OWNER);
  const res = await fetch(`${world.server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      query: '{ listSharedMessages(filter: { deliveryStatus: { eq: "failed" } }, limit: 999) { items { deliveryError } } }',
    }),
  });
  const body = (await res.json()) as { data?: { listSharedMessages?: { items: { deliveryError: string | null }[] } } };
  const counts: Record<string, number> = {};
  for (const item of body.data?.listSharedMessages?.items ?? [])
    counts[item.deliveryError ?? ''] = (counts[item.deliveryError ?? ''] ?? 0) + 1;
  return counts;
}

/** `perSecond` messages every second for `seconds`, round-robin over the four channels. */
async function sustained(world: World, perSecond: number, seconds: number, lineUsers: Map<string, string>) {
  const channels: Channel[] = ['messenger', 'instagram', 'whatsapp', 'line'];
  const total = perSecond * seconds;
  const sentAt = new Map<string, number>();
  const statuses = new Map<number, number>();
  const inFlight: Promise<void>[] = [];
  let redelivered = 0;
  const cpuBefore = world.server.cpuMs();
  const threadsBefore = world.server.cpuMsByThread();
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const request = delivery(world, channels[i % channels.length] as Channel, i);
    if (request.replyToken) lineUsers.set(request.replyToken, request.recipient);
    sentAt.set(request.recipient, performance.now());
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    inFlight.push(post(world, request).then((status) => void count(status)));
    if (i % 10 === 0) {
      redelivered++;
      inFlight.push(
        new Promise((resolve) => setTimeout(resolve, 200)).then(() => post(world, request).then((status) => void count(status))),
      );
    }
  }
  const sendingSeconds = (performance.now() - start) / 1000;
  const sendingEnded = start + sendingSeconds * 1000;
  await Promise.all(inFlight);
  const repliesByRecipient = replyTracker(world, lineUsers);
  const answered = () => [...sentAt.keys()].every((recipient) => repliesByRecipient().has(recipient));
  await waitFor(answered, 300_000, 250);
  const drainedSeconds = (performance.now() - start) / 1000;
  const cpuMs = world.server.cpuMs() - cpuBefore;
  const threadsAfter = world.server.cpuMsByThread();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const replies = repliesByRecipient();
  let lost = 0;
  let duplicates = 0;
  const lostByChannel: Record<string, number> = {};
  const latencies: number[] = [];
  let repliedWhileSending = 0;
  for (const [recipient, at] of sentAt) {
    const got = replies.get(recipient) ?? [];
    if (!got.length) {
      lost++;
      const channel = recipient.startsWith('U') ? 'line' : recipient.startsWith('1555') ? 'whatsapp' : (recipient.split('-')[0] ?? '');
      lostByChannel[channel] = (lostByChannel[channel] ?? 0) + 1;
    }
    duplicates += Math.max(0, got.length - 1);
    if (got[0] !== undefined) latencies.push(got[0] - at);
    if (got[0] !== undefined && got[0] <= sendingEnded) repliedWhileSending++;
  }
  return {
    messagesPerSecond: perSecond,
    seconds,
    messages: total,
    redeliveredWebhooks: redelivered,
    webhookStatuses: Object.fromEntries(statuses),
    replies: [...sentAt.keys()].reduce((sum, recipient) => sum + (replies.get(recipient)?.length ?? 0), 0),
    lost,
    ...(lost ? { lostByChannel, failedDeliveries: await failedDeliveries(world) } : {}),
    duplicateReplies: duplicates,
    sendingSeconds: Number(sendingSeconds.toFixed(1)),
    // Keeping up means these stay near the rate and near a second's worth of messages.
    repliesPerSecondWhileSending: Number((repliedWhileSending / sendingSeconds).toFixed(1)),
    unansweredWhenSendingStopped: total - repliedWhileSending,
    allRepliedAfterSeconds: Number(drainedSeconds.toFixed(1)),
    // From the first message to the last reply (or the wait's end), over every message.
    serverCpuMsPerMessage: Number((cpuMs / total).toFixed(2)),
    serverCpuMsPerMessageByThread: Object.fromEntries(
      Object.entries(threadsAfter)
        .map(([name, ms]) => [name, Number(((ms - (threadsBefore[name] ?? 0)) / total).toFixed(2))] as const)
        .filter(([, perMessage]) => perMessage > 0),
    ),
    webhookToSendMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: percentile(latencies, 100) },
  };
}

export async function channelMessages(
  options: { single?: number; perSecond?: number; seconds?: number; env?: Record<string, string> } = {},
) {
  const llm: FakeLlm = await startFakeOpenAi();
  const graph = await startFakeGraphApi();
  graph.pages = [{ id: PAGE, name: 'Bench page', instagram: { id: INSTAGRAM, username: 'bench' } }];
  graph.whatsappAccounts = [{ id: WABA, numbers: [{ id: PHONE, displayPhoneNumber: '+1 555 0900', verifiedName: 'Bench' }] }];
  const line = await startFakeLineApi();
  const lineChannel = line.addChannel('Bench LINE');
  llm.script({ text: ['We ship', ' within two days.'], usage: { inputTokens: 20, outputTokens: 5 } });
  const server = await startServer({
    env: {
      ...graph.env(),
      ...line.env(),
      OPENAI_API_KEY: FAKE_OPENAI_KEY,
      OPENAI_BASE_URL: llm.baseUrl,
      OPENAI_MODELS: 'bench-model',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    users: [OWNER],
  });
  const world: World = { server, graph, line, lineChannel };
  const lineUsers = new Map<string, string>();
  try {
    await connectEverything(world);
    // Warm-up: the job queue, the model client, the connections.
    await webhookToSend(world, 10, lineUsers, 2_000_000);
    const single = await webhookToSend(world, options.single ?? 100, lineUsers, 1_000_000);
    const perSecond = options.perSecond ?? Number(process.env.BENCH_CHANNEL_RATE ?? 60);
    const load = await sustained(world, perSecond, options.seconds ?? 60, lineUsers);
    return { webhookToOutboundSend: single, sustained: load, rssMbAfter: Math.round(server.rssBytes() / 1024 / 1024) };
  } finally {
    await server.stop();
    await Promise.all([llm.close(), graph.close(), line.close()]);
  }
}
