import { performance } from 'node:perf_hooks';
import { type BenchServer, graphql, percentile } from './server-process';

/**
 * A 999-row list query (the start-up load's page size, spec §9) over HTTP against the embedded
 * PGlite on disk, every scalar field selected. Goal: p50 under 30 ms.
 */
export async function listQuery(server: BenchServer, rows = 999, runs = 40) {
  const token = await server.token('list@bench.test');
  for (let i = 0; i < rows; i++) {
    await graphql(server, token, 'mutation($i: CreateAssistantInput!) { createAssistant(input: $i) { id } }', {
      i: {
        assistantName: `Assistant ${i}`,
        instructions: 'Answer questions about orders, shipping and returns politely and briefly.',
        temperature: 0.4,
        storeRetrievalSettings: JSON.stringify({ passagesPerTurn: 6, minimumScore: 0.2 }),
        assistantUserQA: JSON.stringify([{ question: 'Do you ship abroad?', answer: 'Yes.' }]),
      },
    });
  }
  const query = `{ listAssistants(limit: 999) { items { id ownerEmail createdAt updatedAt status log assistantName tools tool_resources
    instructions model temperature topP inputTokens outputTokens isShared storeRetrievalSettings isSafeGuardOn safeGuardInstruction
    useCase assistantAvatarUrl userAvatarUrl assistantUserQA } nextToken } }`;
  const timings: number[] = [];
  for (let i = 0; i < runs + 5; i++) {
    const start = performance.now();
    const data = await graphql(server, token, query);
    const elapsed = performance.now() - start;
    if ((data.listAssistants as { items: unknown[] }).items.length !== rows) throw new Error('wrong row count');
    if (i >= 5) timings.push(elapsed); // the first runs warm caches and the JIT
  }
  return { rows, runs, p50Ms: percentile(timings, 50), p99Ms: percentile(timings, 99), goalP50Ms: 30 };
}
