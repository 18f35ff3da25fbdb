import { z } from 'zod';
import { defineJob, type JobQueue } from '../../lib/job-queue';

/**
 * One setup-wizard run for an owner's shop (run-setup-wizard.ts; jobs/job-list.ts runs it).
 * Idempotent: each step is skipped once its flag is set, and the steps that create something
 * (store, assistant, share) find what an earlier attempt made, keyed on the shop. A worker that
 * died mid-run (kill -9) is noticed when its heartbeat lapses, and the retry resumes.
 */
export const setupWizardJob = defineJob({
  name: 'setup-wizard',
  payload: z.object({ ownerEmail: z.string().max(320), shopDomain: z.string().max(255) }),
  // Retries are for a worker that died: a step that fails ends the run as Failed (the owner may start it again).
  retryLimit: 3,
  retryDelay: 2,
  expireInSeconds: 30 * 60,
});

/** Queues a run; while one is waiting or running for the shop, none is added (spec: a no-op). */
export function queueSetupWizard(ctx: { jobs: JobQueue }, input: { ownerEmail: string; shopDomain: string }) {
  return ctx.jobs.send(setupWizardJob, input, { singletonKey: `wizard:${input.shopDomain}` });
}
