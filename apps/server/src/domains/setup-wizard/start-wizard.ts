import { setTimeout as sleep } from 'node:timers/promises';
import { WIZARD_FAILED } from '@aisle/contracts/setup-wizard';
import { AppError } from '../../lib/app-error';
import { countWizardRun, uncountWizardRun } from '../billing';
import { getOwnedConnection, shopifyMessages } from '../shopify';
import type { SetupWizardContext } from './setup-wizard-context';
import { queueSetupWizard } from './wizard-jobs';
import { beginRun, getOwnerWizard, markStartCounted, STARTING, type WizardRow } from './wizard-progress';

/** How long a start waits for a failed run's job to be closed, and how often it looks. */
const ENDING_RUN_WAIT_MS = 3_000;
const ENDING_RUN_POLL_MS = 50;

/** A run is going (or queued) by the record: started, not yet at its end. */
const runGoing = (wizard: WizardRow | undefined) =>
  Boolean(wizard && !wizard.completed && wizard.status && wizard.status !== WIZARD_FAILED);

/**
 * `POST wizard/start-process/`: starts the wizard for the owner's connected shop (the one named, or
 * the most recently installed). While a run is already going this is a no-op (`started: false`,
 * 200); otherwise the record is created or reset to running and one durable job is queued (201).
 * A completed wizard is not run again (spec §2: nothing is shown for it).
 *
 * Every new run is counted against the tier's wizard runs for the period (billing's
 * `countWizardRun`, the one check) before anything is created: the run past the limit is refused
 * with the 403 naming it, and nothing starts. A start that finds a run going gives its count back.
 */
export async function startWizard(ctx: SetupWizardContext, input: { ownerEmail: string; shop?: string }) {
  const connection = await getOwnedConnection(ctx.db, input.ownerEmail, input.shop?.toLowerCase());
  if (!connection) throw new AppError('NOT_FOUND', input.shop ? shopifyMessages.notFound : shopifyMessages.noShop);
  const existing = await getOwnerWizard(ctx.db, input.ownerEmail);
  if (existing?.completed) return { wizardId: existing.id, shop: connection.shopDomain, started: false };
  try {
    await countWizardRun(ctx, input.ownerEmail);
  } catch (error) {
    // All runs used while one is going: the start would have been the no-op anyway.
    if (existing && runGoing(existing) && error instanceof AppError && error.bodyCode === 'limit_reached') {
      return { wizardId: existing.id, shop: connection.shopDomain, started: false };
    }
    throw error;
  }
  let started = false;
  try {
    const result = await startRun(ctx, { ownerEmail: input.ownerEmail, shopDomain: connection.shopDomain }, existing);
    started = result.started;
    return result;
  } finally {
    if (!started) await uncountWizardRun(ctx.db, input.ownerEmail);
  }
}

async function startRun(ctx: SetupWizardContext, payload: { ownerEmail: string; shopDomain: string }, existing: WizardRow | undefined) {
  // The record exists before the job can run, so the job and this call never both create one.
  const wizard = existing ?? (await beginRun(ctx, { ...payload, status: STARTING }));
  let queued = await queueSetupWizard(ctx, payload);
  // A record that says Failed is a run that has ended, but its job is closed by the queue just after
  // (the handler returned): a start in that moment waits for it rather than answer "already going".
  for (const since = Date.now(); !queued && existing?.status === WIZARD_FAILED && Date.now() - since < ENDING_RUN_WAIT_MS; ) {
    await sleep(ENDING_RUN_POLL_MS);
    queued = await queueSetupWizard(ctx, payload);
  }
  if (!queued) return { wizardId: wizard.id, shop: payload.shopDomain, started: false };
  // A new run: a failed record resumes after its last step done, its old log cleared.
  if (existing) await beginRun(ctx, { ...payload, status: STARTING });
  // Counted when it started: the web's increment-usage call that follows reports this run (no second count).
  await markStartCounted(ctx.db, wizard.id);
  return { wizardId: wizard.id, shop: payload.shopDomain, started: true };
}
