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
  for (const { job, concurrency, handle } of jobs) {
    if (concurrency > 0) await services.jobs.work(job, concurrency, handle);
  }
  // On the embedded database the workers start with the first job; jobs queued before a restart
  // (a summary waiting for its thread to go quiet, say) start them now.
  await services.jobs.startIfJobsWait();
  services.logger.info({ jobs: jobs.filter((entry) => entry.concurrency > 0).map((entry) => entry.job.name) }, 'running background jobs');
}
