import { analyticsRefresh } from './analytics-refresh';
import { billingOverhead, webhookToCredit } from './billing';
import { channelMessages } from './channel-messages';
import { chatTurn } from './chat-turn';
import { dashboardFirstPaint } from './dashboard-first-paint';
import { eventLatency } from './event-latency';
import { functionCheck } from './function-check';
import { functionRun } from './function-run';
import { fuzzApiCampaign } from './fuzz-api';
import { healthzUnderLoad } from './healthz-under-load';
import { hostileFiles } from './hostile-files';
import { idleCpu } from './idle-cpu';
import { idleMemory } from './idle-memory';
import { jobHandover } from './job-handover';
import { knowledgeIngest } from './knowledge-ingest';
import { knowledgeSearch } from './knowledge-search';
import { listQuery } from './list-query';
import { localAnswerLatency } from './local-answer-latency';
import { localAnswers } from './local-answers';
import { objectStorage } from './object-storage';
import { productWebhookSearchable } from './product-webhook';
import { sandboxFairness } from './sandbox-fairness';
import { type BenchServer, removeBundle, startServer } from './server-process';
import { setupWizard } from './setup-wizard';
import { sharedChat } from './shared-chat';
import { storefrontCapacity } from './storefront-capacity';
import { storefrontTurns } from './storefront-turns';
import { testSuiteRun } from './test-suite-run';
import { turnThroughput } from './turn-throughput';
import { webFirstScreen } from './web-first-screen';

/** A benchmark that starts a fresh server of its own, or is handed one. */
type Benchmark = () => Promise<unknown>;
const withServer =
  (run: (server: BenchServer) => Promise<unknown>, env?: Record<string, string>): Benchmark =>
  async () => {
    const server = await startServer({ env });
    try {
      return await run(server);
    } finally {
      await server.stop();
    }
  };

/** Every benchmark, in the order `npm run bench` runs them; each gets a fresh server process. */
const benchmarks: Record<string, Benchmark> = {
  idleMemory: () => idleMemory(),
  // CPU of a server with nothing to do, once shoppers have chatted and their deferred work has run.
  idleCpu: () => idleCpu(),
  // Their set-up writes a thousand rows through /graphql: above the per-account rate limit, which
  // is not what they measure.
  listQuery999: withServer((server) => listQuery(server), { GRAPHQL_RATE_LIMIT: '100000' }),
  eventLatency: withServer((server) => eventLatency(server), { GRAPHQL_RATE_LIMIT: '100000' }),
  knowledgeIngest: withServer((server) => knowledgeIngest(server)),
  healthzUnderLoad: withServer((server) => healthzUnderLoad(server)),
  hostileFiles: withServer((server) => hostileFiles(server)),
  webFirstScreen: () => webFirstScreen(),
  knowledgeSearch: () => knowledgeSearch(),
  chatTurn: () => chatTurn(),
  localAnswers: () => localAnswers(),
  localAnswerLatency: () => localAnswerLatency(),
  functionRun: () => functionRun(),
  functionCheck: () => functionCheck(),
  sandboxFairness: () => sandboxFairness(),
  sharedChat: () => sharedChat(),
  productWebhook: () => productWebhookSearchable(),
  setupWizard: () => setupWizard(),
  billingOverhead: () => billingOverhead(),
  webhookToCredit: () => webhookToCredit(),
  channelMessages: () => channelMessages(),
  fuzzApi: () => fuzzApiCampaign(),
  turnThroughput: () => turnThroughput(),
  // Owner and shopper turns with 50- and 300-piece answers, against a bare node:http proxy to the same fake model.
  storefrontTurns: () => storefrontTurns(),
  // The same shoppers on Postgres + Redis: 1 and 2 web processes, and a separate worker; per-turn database cost from pg_stat_* (BENCH_SEED_MESSAGES=5000000 fills the database first).
  storefrontCapacity: () => storefrontCapacity(),
  // Postgres and Redis at DATABASE_URL and REDIS_URL (default: this machine's), two web processes.
  turnThroughputPostgres: () => turnThroughput({ postgres: true }),
  analyticsRefresh: () => analyticsRefresh(),
  // Postgres and Redis at DATABASE_URL and REDIS_URL: a web process and workers that are killed.
  jobHandover: () => jobHandover(),
  dashboardFirstPaint: () => dashboardFirstPaint(),
  // A 20 MB file through an S3-compatible bucket (s3rver on loopback): presigned PUT, finish with hashing, presigned GET.
  objectStorage: () => objectStorage(),
  // A 50-case test suite run on the local model, alone and beside 20 shoppers chatting (issue 35).
  testSuiteRun: () => testSuiteRun(),
};

/**
 * Runs the benchmarks named on the command line (`npm run bench -- chatTurn listQuery999`), or all
 * of them, one after the other, and prints one JSON document.
 */
async function main() {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(name in benchmarks));
  if (unknown.length) throw new Error(`unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(benchmarks).join(', ')}`);
  const results: Record<string, unknown> = { node: process.version, date: new Date().toISOString() };
  for (const [name, run] of Object.entries(benchmarks)) {
    if (asked.length && !asked.includes(name)) continue;
    results[name] = await run();
  }
  removeBundle();
  console.log(JSON.stringify(results, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
