import type { TestRunTrigger } from '@aisle/contracts/test-suites';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { assistantStores, testRuns } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import { AppError } from '../../lib/app-error';
import type { ModelEvent } from '../../lib/event-bus';
import { defineJob } from '../../lib/job-queue';
import { answerSettingsOf, changesBetween, fingerprintOf } from './fingerprint';
import { startRun } from './run-suite';
import type { TestSuiteContext } from './test-suite-context';

/**
 * A change that may affect an assistant's answers, debounced per assistant (`scheduleChangeCheck`):
 * when it runs, the assistant's fingerprint is compared with its last run's, and a run starts when
 * they differ. An assistant whose suite never ran is left alone: automatic runs begin once the owner
 * has run the suite (a paid model's runs cost money).
 */
export const suiteChangeJob = defineJob({
  name: 'test-suite-change',
  payload: z.object({ assistantId: z.uuid(), trigger: z.enum(['knowledge', 'assistant']), detail: z.string().max(300).nullable() }),
  retryLimit: 3,
  retryDelay: 10,
  expireInSeconds: 60,
});

/** Queues (or moves) the assistant's change check: it runs once changes have been quiet for the debounce, at most 5 minutes after the first. */
export function scheduleChangeCheck(
  ctx: TestSuiteContext,
  input: { assistantId: string; trigger: Exclude<TestRunTrigger, 'manual' | 'schedule'>; detail: string | null },
) {
  return ctx.jobs.schedule(suiteChangeJob, input, {
    singletonKey: `test-change:${input.assistantId}`,
    startAfterSeconds: ctx.env.TEST_RUN_DEBOUNCE_SECONDS,
    maxWaitSeconds: 300,
  });
}

/** The change job: a run when what the assistant answers from differs from its last run's; later again while a run is going. */
export async function checkSuiteChange(ctx: TestSuiteContext, input: z.output<typeof suiteChangeJob.payload>) {
  const [last] = await ctx.db
    .select({ status: testRuns.status, fingerprint: testRuns.fingerprint, ownerEmail: testRuns.ownerEmail })
    .from(testRuns)
    .where(eq(testRuns.assistantId, input.assistantId))
    .orderBy(desc(testRuns.createdAt))
    .limit(1);
  if (!last) return;
  if (last.status === 'queued' || last.status === 'running') {
    // Its answers were read before this change: check again once it is done.
    await scheduleChangeCheck(ctx, input);
    return;
  }
  const now = await fingerprintOf(ctx.db, input.assistantId);
  if (!now) return;
  const changed = changesBetween(last.fingerprint, now);
  if (!changed.length) return;
  const trigger: TestRunTrigger = changed.includes('knowledge') ? 'knowledge' : 'assistant';
  const detail =
    trigger === input.trigger && input.detail ? input.detail : changed.filter((name) => name !== 'knowledge').join(', ') || input.detail;
  try {
    await startRun(ctx, { ownerEmail: last.ownerEmail, assistantId: input.assistantId, trigger, triggerDetail: detail });
  } catch (error) {
    if (!(error instanceof AppError && error.status === 400)) throw error;
  }
}

/** Assistants of a store whose suite has run. */
async function suitesOfStore(ctx: TestSuiteContext, storeId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    ctx.db,
    sql`SELECT DISTINCT l.assistant_id::text AS id FROM ${assistantStores} l
        WHERE l.store_id = ${storeId} AND EXISTS (SELECT 1 FROM ${testRuns} r WHERE r.assistant_id = l.assistant_id)`,
  );
  return rows.map((row) => row.id);
}

/** Per assistant seen in this process: whether its suite has run, and its answer settings as last seen. */
interface Seen {
  hasSuite: boolean;
  settings: string;
  at: number;
}
/** How long "this assistant has no suite" is believed before being read again. */
const NO_SUITE_TTL_MS = 60_000;
const SEEN_MAX = 10_000;

/**
 * Watches the changes that can change an assistant's answers, in a process that runs jobs: an
 * assistant's answer settings edited (every turn also publishes its assistant, for its token
 * counters, so events are compared in memory first and cost nothing when the settings did not
 * change), a store linked or unlinked, a file of a linked store indexed or deleted. Each schedules
 * the assistant's debounced change check. Returns the stop function.
 */
export function watchSuiteChanges(ctx: TestSuiteContext): () => void {
  const seen = new Map<string, Seen>();
  // The files changed since an assistant's check was last moved: the run says which ("faq.md, faq-v2.md").
  const changedFiles = new Map<string, { files: string[]; at: number }>();
  const filesWindowMs = (ctx.env.TEST_RUN_DEBOUNCE_SECONDS + 5) * 1000;
  const filesOf = (assistantId: string, fileName: string | null) => {
    const now = Date.now();
    let entry = changedFiles.get(assistantId);
    if (!entry || now - entry.at > filesWindowMs) entry = { files: [], at: now };
    if (fileName && !entry.files.includes(fileName)) entry.files.push(fileName);
    entry.at = now;
    changedFiles.delete(assistantId);
    changedFiles.set(assistantId, entry);
    if (changedFiles.size > SEEN_MAX) changedFiles.delete(changedFiles.keys().next().value as string);
    const names = entry.files.slice(-3).join(', ');
    return names ? names.slice(0, 300) : null;
  };

  async function assistantChanged(item: Record<string, unknown>) {
    const id = item.id as string;
    const settings = JSON.stringify(answerSettingsOf(item));
    const known = seen.get(id);
    const now = Date.now();
    if (known && (known.hasSuite || now - known.at < NO_SUITE_TTL_MS)) {
      if (known.settings === settings) return;
      known.settings = settings;
      if (!known.hasSuite) return;
    } else {
      const [row] = await ctx.db.select({ id: testRuns.id }).from(testRuns).where(eq(testRuns.assistantId, id)).limit(1);
      if (seen.size >= SEEN_MAX) seen.delete(seen.keys().next().value as string);
      seen.set(id, { hasSuite: Boolean(row), settings, at: now });
      // First seen here: the check compares with the last run, so a check that finds nothing costs one job.
      if (!row) return;
    }
    await scheduleChangeCheck(ctx, { assistantId: id, trigger: 'assistant', detail: null });
  }

  async function handle(event: ModelEvent) {
    const item = event.item;
    if (event.model === 'Assistant' && event.kind === 'update') return assistantChanged(item);
    if (event.model === 'AssistantStore' && typeof item.assistantId === 'string') {
      const [row] = await ctx.db.select({ id: testRuns.id }).from(testRuns).where(eq(testRuns.assistantId, item.assistantId)).limit(1);
      if (row) await scheduleChangeCheck(ctx, { assistantId: item.assistantId, trigger: 'knowledge', detail: null });
      return;
    }
    if (event.model === 'File' && (event.kind === 'delete' || item.status === 'ready') && typeof item.storeID === 'string') {
      const fileName = typeof item.fileName === 'string' ? item.fileName.slice(0, 200) : null;
      for (const assistantId of await suitesOfStore(ctx, item.storeID)) {
        await scheduleChangeCheck(ctx, { assistantId, trigger: 'knowledge', detail: filesOf(assistantId, fileName) });
      }
    }
  }

  const feeds = ['Assistant', 'AssistantStore', 'File'].map((model) => ctx.events.subscribe(model));
  for (const feed of feeds) {
    void (async () => {
      for await (const event of feed) {
        await handle(event).catch((error: unknown) =>
          ctx.logger.warn({ err: error, model: event.model }, 'a change to a test suite could not be noted'),
        );
      }
    })().catch((error: unknown) => ctx.logger.warn({ err: error }, 'test suite change feed ended'));
  }
  return () => {
    for (const feed of feeds) void feed.return?.();
  };
}
