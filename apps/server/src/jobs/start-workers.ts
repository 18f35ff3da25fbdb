import { createTestSuiteContext, watchSuiteChanges } from '../domains/test-suites';
import { yieldToTurns } from '../lib/yield-to-turns';
import type { Services } from '../services';
import { jobList } from './job-list';

/**
 * Runs every job of the list in this process (ROLE worker, or all): first re-queues what a crash
 * may have left without a job (and prepares what the handlers need, such as the vector table),
 * then starts each handler. Workers start here and nowhere else, so a web process (ROLE web) only
 * ever queues jobs, and a process without routes still runs them all. Stopping is the job
 * queue's: `closeServices` stops taking jobs and lets running ones finish.
 */
export async function startWorkers(services: Services) {
  const jobs = jobList(services);
  for (const { resume } of jobs) await resume?.();
  for (const { job, concurrency, handle, deferred } of jobs) {
    if (concurrency <= 0) continue;
    const run: typeof handle = deferred
      ? async (data, attempt) => {
          await yieldToTurns(services.turnGate, { signal: attempt.signal });
          return handle(data, attempt);
        }
      : handle;
    await services.jobs.work(job, concurrency, run);
  }
  // On the embedded database the workers start with the first job; jobs queued before a restart
  // (a summary waiting for its thread to go quiet, say) start them now.
  await services.jobs.startIfJobsWait();
  // Changes to what an assistant answers from schedule its suite's run (only where jobs run); the
  // feeds end when the event bus closes.
  watchSuiteChanges(createTestSuiteContext(services));
  services.logger.info({ jobs: jobs.filter((entry) => entry.concurrency > 0).map((entry) => entry.job.name) }, 'running background jobs');
}
