import { AppError } from '../../lib/app-error';
import type { JobHandlerContext } from '../../lib/job-queue';
import { ShopReauthorizeError, shopifyMessages } from '../shopify';
import type { SetupWizardContext } from './setup-wizard-context';
import { beginRun, getOwnerWizard, markCompleted, markFailed, markStepDone, markWorking, STARTING } from './wizard-progress';
import { ShopGoneError, WizardRun } from './wizard-run';
import { wizardSteps } from './wizard-steps';

/**
 * The setup-wizard job: runs the steps not yet done, in order, each setting its flag and
 * currentStep as it completes (live to the owner through the event bus), then `completed`. A step
 * that fails after its retries (the Admin client tries Shopify 3 times) ends the run with status
 * Failed and a log the owner can read. A run the owner skipped meanwhile stops at its next step.
 */
export async function runSetupWizard(
  ctx: SetupWizardContext,
  input: { ownerEmail: string; shopDomain: string },
  job?: Pick<JobHandlerContext, 'signal'>,
) {
  let wizard = (await getOwnerWizard(ctx.db, input.ownerEmail)) ?? (await beginRun(ctx, { ...input, status: STARTING }));
  if (wizard.completed) return;
  const run = new WizardRun(ctx, input.ownerEmail, input.shopDomain, job?.signal);
  const started = Date.now();
  for (const step of wizardSteps) {
    if (wizard[step.flag]) continue;
    if (!(await markWorking(ctx, wizard.id, step.status))) return;
    try {
      await step.run(run);
    } catch (error) {
      // Shutting down: the job is given back and resumes from here in the next worker.
      if (job?.signal.aborted) throw error;
      ctx.logger.warn({ err: error, shop: input.shopDomain, step: step.flag }, 'a setup wizard step failed');
      await markFailed(ctx, wizard.id, `Could not ${step.action}: ${reasonOf(error)}`);
      return;
    }
    const done = await markStepDone(ctx, wizard.id, step.flag, step.currentStep);
    if (!done) return;
    wizard = done;
  }
  await markCompleted(ctx, wizard.id);
  ctx.logger.info({ shop: input.shopDomain, ms: Date.now() - started }, 'setup wizard completed');
}

/** A reason the owner can act on; details stay in the server log. */
function reasonOf(error: unknown): string {
  if (error instanceof ShopReauthorizeError) return shopifyMessages.reauthorize;
  if (error instanceof ShopGoneError) return error.message;
  if (error instanceof AppError) return error.detail;
  return 'an unexpected error occurred. Try again, or skip the wizard and set up your assistant yourself.';
}
