import type { z } from 'zod';
import {
  analyticsRoundJob,
  refreshAfterQuietThread,
  refreshOwnerAnalyticsJob,
  resumeAnalyticsRound,
  runAnalyticsRound,
  runOwnerRefreshJob,
} from '../domains/analytics';
import { resumeTierPeriods, runTierPeriodsJob, tierPeriodsJob } from '../domains/billing';
import {
  answerChannelMessage,
  answerChannelMessageJob,
  createChannelsContext,
  sendChannelMessage,
  sendChannelMessageJob,
} from '../domains/channels';
import { createInboxContext } from '../domains/inbox';
import {
  createKnowledgeContext,
  embedFile,
  embedFileJob,
  hybridAvailable,
  ingestFile,
  ingestFileJob,
  queueMissingEmbeddings,
  resumeIngestion,
  resumeReterming,
  retermFile,
  retermFileJob,
} from '../domains/knowledge';
import { createSetupWizardContext, runSetupWizard, setupWizardJob } from '../domains/setup-wizard';
import { summarizeThreadJob, summarizeThreadWhenQuiet } from '../domains/shared-threads';
import {
  createShopifyContext,
  refreshProduct,
  refreshProductJob,
  refreshStorefrontConfiguration,
  resumeCatalogSyncs,
  storefrontConfigurationJob,
  syncCatalog,
  syncCatalogJob,
} from '../domains/shopify';
import {
  checkSuiteChange,
  createTestSuiteContext,
  runScheduled,
  runSuite,
  runTestSuiteJob,
  scheduledTestRunJob,
  suiteChangeJob,
} from '../domains/test-suites';
import type { JobDefinition, JobHandler } from '../lib/job-queue';
import type { Services } from '../services';

/**
 * Every durable job (DESIGN "Server layout": jobs/). Each domain declares its jobs (name, payload
 * schema, retry policy) with `defineJob` beside the code that queues them; this list adds how many
 * run at once in one worker process, the handler, and what a worker re-queues when it starts.
 *
 * Only entry-point wiring (start-workers.ts) imports this file, never a domain: the handlers import
 * their domains, so a domain importing the list back would close a cycle (jobs → inbox → jobs);
 * domains queue a job through its definition alone.
 */
export interface JobEntry<Payload extends z.ZodType = z.ZodType> {
  job: JobDefinition<Payload>;
  /** Jobs of this kind one worker process runs at once; 0 leaves them to workers that can run them. */
  concurrency: number;
  handle: JobHandler<Payload>;
  /**
   * Before the workers start: queues the jobs a crash may have left unwritten. A key with a job
   * still waiting or running gets no second one (on the embedded database, one the crash left
   * running is retried once the workers start).
   */
  resume?: () => Promise<unknown>;
  /**
   * Work nobody waits for (summaries, analytics): each job first gives way to running turns
   * (lib/yield-to-turns.ts), so it never lands in the middle of shoppers' answers.
   */
  deferred?: boolean;
}

/** Checks an entry against its own payload type; the list then holds entries of different payloads. */
const entry = <Payload extends z.ZodType>(job: JobEntry<Payload>) => job as unknown as JobEntry;

export function jobList(services: Services): JobEntry[] {
  const knowledgeLog = services.logger.child({ domain: 'knowledge' });
  const knowledge = createKnowledgeContext(services);
  const inbox = createInboxContext(services, services.logger.child({ domain: 'inbox' }));
  const shopify = createShopifyContext(services);
  const wizard = createSetupWizardContext(services);
  const channels = createChannelsContext(services);
  const testSuites = createTestSuiteContext(services);
  return [
    entry({
      job: ingestFileJob,
      concurrency: services.env.INGEST_CONCURRENCY,
      handle: (data, job) => services.metrics.ingestion(() => ingestFile(knowledge, knowledgeLog, data.fileId, job)),
      resume: () => resumeIngestion(knowledge),
    }),
    entry({
      job: retermFileJob,
      concurrency: 1,
      handle: (data) => retermFile(knowledge, data.fileId),
      resume: () => resumeReterming(knowledge),
    }),
    entry({
      job: embedFileJob,
      // Without a model and pgvector this process cannot embed: the jobs wait for a worker that can.
      concurrency: hybridAvailable(knowledge) ? 1 : 0,
      handle: async (data, job) => {
        try {
          await embedFile(knowledge, data.fileId, job);
        } catch (error) {
          knowledgeLog.warn({ err: error, fileId: data.fileId, attempt: job.retryCount }, 'embedding a file failed; it will be retried');
          throw error;
        }
      },
      resume: () => queueMissingEmbeddings(knowledge, knowledgeLog),
    }),
    // Nothing to resume: a summary is queued with the thread's message and waits in the queue.
    // A thread that went quiet also brings its owner's analytics up to date (debounced per owner).
    entry({
      job: summarizeThreadJob,
      concurrency: 1,
      deferred: true,
      handle: async (data) => {
        await summarizeThreadWhenQuiet(inbox, data.sharedThreadId);
        await refreshAfterQuietThread(services, data.sharedThreadId);
      },
    }),
    // One owner's customer-value rows; one at a time per process (each is a few set-based queries).
    entry({
      job: refreshOwnerAnalyticsJob,
      concurrency: 1,
      deferred: true,
      handle: (data) => runOwnerRefreshJob(services, data.ownerEmail),
    }),
    // The hourly round of owners whose analytics are behind; it queues itself again.
    entry({
      job: analyticsRoundJob,
      concurrency: 1,
      deferred: true,
      handle: async () => void (await runAnalyticsRound(services)),
      resume: () => resumeAnalyticsRound(services),
    }),
    // A shop's whole catalog; one at a time per process (each holds Shopify's query budget for its shop).
    entry({
      job: syncCatalogJob,
      concurrency: 1,
      handle: (data, job) => syncCatalog(shopify, data, job),
      resume: () => resumeCatalogSyncs(shopify),
    }),
    // The tier tracks' periods, rolled over when they end; the job queues its own next run.
    entry({
      job: tierPeriodsJob,
      concurrency: 1,
      handle: async () => void (await runTierPeriodsJob(services)),
      resume: () => resumeTierPeriods(services),
    }),
    // One product per webhook; edits of one shop's product list take turns on the file's row lock.
    // Channel customers' answers: each waits on the model, so several run at once.
    entry({
      job: answerChannelMessageJob,
      concurrency: 8,
      handle: (data, job) => answerChannelMessage(channels, data, job),
    }),
    // Replies to the platforms that the answer job could not send at once, and people's replies: each waits on one HTTP call.
    entry({
      job: sendChannelMessageJob,
      concurrency: 8,
      handle: (data, job) => sendChannelMessage(channels, data, job),
    }),
    entry({
      job: refreshProductJob,
      concurrency: 2,
      handle: async (data, job) => void (await refreshProduct(shopify, data, job)),
    }),
    // A shop's storefront settings onto its app metafields (after Preferences are saved).
    entry({
      job: storefrontConfigurationJob,
      concurrency: 1,
      handle: (data, job) => refreshStorefrontConfiguration(shopify, data, job.signal),
    }),
    // A shop's whole setup; one at a time per process. Nothing to resume: a run that died is still
    // the queue's (retried when its heartbeat lapses, or reclaimed at start on the embedded database).
    // A test suite's run asks its cases one at a time, each waiting its turn behind shoppers' (the gate's patient admission).
    entry({
      job: runTestSuiteJob,
      concurrency: 2,
      handle: (data, job) => runSuite(testSuites, data.runId, job),
    }),
    // Changes to what an assistant answers from (debounced); a run when they differ from its last run's.
    entry({
      job: suiteChangeJob,
      concurrency: 1,
      deferred: true,
      handle: (data) => checkSuiteChange(testSuites, data),
    }),
    // The daily run of suites that have run; each run queues the next.
    entry({
      job: scheduledTestRunJob,
      concurrency: 1,
      deferred: true,
      handle: (data) => runScheduled(testSuites, data.assistantId),
    }),
    entry({
      job: setupWizardJob,
      concurrency: 1,
      handle: (data, job) => runSetupWizard(wizard, data, job),
    }),
  ];
}
