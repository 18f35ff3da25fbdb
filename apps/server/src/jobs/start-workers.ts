import type { Services } from '../services';
import { jobList } from './job-list';

/**
 * Runs every job of the list in this process (ROLE worker, or all): starts each handler, then
 * re-queues what a crash may have left without a job. Workers start here and nowhere else, so a
 * web process (ROLE web) only ever queues jobs, and a process without routes still runs them all.
 * Stopping is the job queue's: `closeServices` stops taking jobs and lets running ones finish.
 */
export async function startWorkers(services: Services) {
  const jobs = jobList(services);
  for (const { job, concurrency, handle } of jobs) {
    if (concurrency > 0) await services.jobs.work(job, concurrency, handle);
  }
  // After the workers: on the embedded database they first take back jobs a crash left running.
  for (const { resume } of jobs) await resume?.();
  services.logger.info({ jobs: jobs.filter((entry) => entry.concurrency > 0).map((entry) => entry.job.name) }, 'running background jobs');
}
