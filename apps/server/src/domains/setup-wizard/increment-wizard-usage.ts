import type { Db } from '../../db/database';
import type { EventBus } from '../../lib/event-bus';
import { countWizardRun, limitUse } from '../billing';
import { takeStartCounted } from './wizard-progress';

/**
 * `POST wizard/increment-usage/`: the web's "count this run" call, made after a start. Runs are
 * counted by billing, per period against the tier's wizard runs, where they start
 * (`wizard/start-process/`): the call that follows a start reports that run and counts nothing
 * more. Any other call counts one run the same way (the 403 naming the limit once they are used
 * up). Answers the runs of this period.
 */
export async function incrementWizardUsage(ctx: { db: Db; events: EventBus }, input: { ownerEmail: string }) {
  if (await takeStartCounted(ctx.db, input.ownerEmail)) {
    return { runs: (await limitUse(ctx.db, input.ownerEmail, 'wizardRuns'))?.used ?? 0 };
  }
  return { runs: (await countWizardRun(ctx, input.ownerEmail)).used };
}
