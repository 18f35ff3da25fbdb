import { performance } from 'node:perf_hooks';
import { type BenchServer, graphql, percentile } from './server-process';

/**
 * One account must not slow the others down (hardening issue): while one signed-in account sends
 * the heaviest list filters the data API accepts, in a loop from 4 connections at once, another
 * client polls `/healthz` and a second account lists its own assistants. Reports their latency
 * (goal: /healthz p99 under 200 ms) and what became of the heavy requests (answered, refused as
 * too large, throttled).
 *
 * The heavy account owns 300 assistants with 20,000-character instructions; its filter is an `or`
 * of `contains` terms over the instructions: 2,000 terms, or as many as the server accepts.
 */
const HEAVY_LOOPS = 4;
const ASSISTANTS = 300;

export async function healthzUnderLoad(server: BenchServer, seconds = 15) {
  const heavyToken = await server.token('heavy@bench.test');
  const quietToken = await server.token('quiet@bench.test');
  const instructions = 'Answer questions about orders, shipping and returns politely and briefly. '.repeat(270);
  for (let i = 0; i < ASSISTANTS; i++) {
    await call(server, heavyToken, '/api/assistant/create/', { assistantName: `Heavy ${i}`, instructions });
  }
  await call(server, quietToken, '/api/assistant/create/', { assistantName: 'Quiet', instructions: 'Be kind.' });

  const terms = await largestAcceptedFilter(server, heavyToken);
  const query = 'query($f: ModelAssistantFilterInput) { listAssistants(filter: $f, limit: 999) { items { id } } }';
  const filter = { or: Array.from({ length: terms }, (_, i) => ({ instructions: { contains: `needle-${i}` } })) };

  const outcomes: Record<string, number> = {};
  const deadline = performance.now() + seconds * 1000;
  const heavy = Array.from({ length: HEAVY_LOOPS }, async () => {
    while (performance.now() < deadline) {
      const res = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${heavyToken}` },
        body: JSON.stringify({ query, variables: { f: filter } }),
      });
      const body = (await res.json().catch(() => ({}))) as { errors?: { message: string }[] };
      const outcome = res.status === 429 ? 'throttled' : body.errors?.length ? 'refused' : 'answered';
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      // A throttled client comes back when told to, as a polite one would; a hostile one gets 429s.
      if (res.status === 429) await new Promise((r) => setTimeout(r, 50));
    }
  });
  const health: number[] = [];
  const quiet: number[] = [];
  // Two probes, each at its own pace: the process's liveness, and another account's own data.
  const healthProbe = (async () => {
    while (performance.now() < deadline) {
      const start = performance.now();
      const res = await fetch(`${server.url}/healthz`);
      await res.arrayBuffer();
      health.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const quietProbe = (async () => {
    while (performance.now() < deadline) {
      const start = performance.now();
      const data = await graphql(server, quietToken, '{ listAssistants { items { id assistantName } } }');
      if ((data.listAssistants as { items: unknown[] }).items.length !== 1) throw new Error('the quiet account lost its assistant');
      quiet.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  await Promise.all([...heavy, healthProbe, quietProbe]);
  return {
    seconds,
    heavyLoops: HEAVY_LOOPS,
    heavyFilterTerms: terms,
    heavyRequests: outcomes,
    healthz: { probes: health.length, p50Ms: percentile(health, 50), p99Ms: percentile(health, 99), maxMs: percentile(health, 100) },
    otherAccountList: { p50Ms: percentile(quiet, 50), p99Ms: percentile(quiet, 99), maxMs: percentile(quiet, 100) },
    goalHealthzP99Ms: 200,
  };
}

async function call(server: BenchServer, token: string, url: string, body: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
}

/** 2,000 terms (what the probe sent), or the most the server accepts. */
async function largestAcceptedFilter(server: BenchServer, token: string): Promise<number> {
  for (const terms of [2000, 1000, 500, 200, 100, 50, 20, 10]) {
    const filter = { or: Array.from({ length: terms }, (_, i) => ({ instructions: { contains: `probe-${i}` } })) };
    try {
      await graphql(server, token, 'query($f: ModelAssistantFilterInput) { listAssistants(filter: $f, limit: 1) { items { id } } }', {
        f: filter,
      });
      return terms;
    } catch {
      // refused: try a smaller one
    }
  }
  throw new Error('the server accepted no filter at all');
}
