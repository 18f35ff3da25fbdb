import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { type BenchServer, graphql, percentile } from './server-process';

/**
 * Mutation-to-subscriber latency with 1,000 open subscriptions: 1,000 WebSocket clients of one
 * merchant subscribe to onCreateAssistant; each mutation is timed from the moment it is sent to
 * the moment each of the 1,000 subscribers has parsed it. The clients speak graphql-transport-ws
 * directly (no client library) so the bench process measures the server, not its own overhead.
 * Goal: p99 under 50 ms.
 */
function openSubscriber(port: number, token: string, onData: (data: { onCreateAssistant: { assistantName: string } }) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws');
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { Authorization: `Bearer ${token}` } })));
    socket.on('error', reject);
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; payload?: { data?: unknown } };
      if (message.type === 'connection_ack') {
        socket.send(
          JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { onCreateAssistant { assistantName } }' } }),
        );
        resolve(socket);
      } else if (message.type === 'next') {
        onData(message.payload?.data as { onCreateAssistant: { assistantName: string } });
      }
    });
  });
}

export async function eventLatency(server: BenchServer, subscriptions = 1000, mutations = 50, warmup = 5) {
  const token = await server.token('latency@bench.test');
  const pending = new Map<string, number>();
  const latencies: number[] = [];
  let received = 0;
  const waiters: (() => void)[] = [];
  const sockets: WebSocket[] = [];
  for (let i = 0; i < subscriptions; i++) {
    sockets.push(
      await openSubscriber(server.port, token, (data) => {
        const sentAt = pending.get(data.onCreateAssistant.assistantName);
        if (sentAt !== undefined) latencies.push(performance.now() - sentAt);
        received++;
        if (received % subscriptions === 0) waiters.shift()?.();
      }),
    );
  }
  await new Promise((r) => setTimeout(r, 1000));

  // The first few fan-outs warm the JIT and the sockets' buffers; they are not counted.
  for (let m = 0; m < warmup + mutations; m++) {
    const name = `Assistant ${m}`;
    const allDelivered = new Promise<void>((resolve) => waiters.push(resolve));
    if (m >= warmup) pending.set(name, performance.now());
    await graphql(server, token, 'mutation($n: String!) { createAssistant(input: { assistantName: $n }) { id } }', { n: name });
    await allDelivered;
    await new Promise((r) => setTimeout(r, 20));
  }
  for (const socket of sockets) socket.close();
  return {
    subscriptions,
    mutations,
    warmupMutations: warmup,
    deliveries: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: percentile(latencies, 100),
    goalP99Ms: 50,
  };
}
