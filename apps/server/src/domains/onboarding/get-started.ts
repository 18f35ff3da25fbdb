import { GET_STARTED_STEPS, type GetStartedResponse } from '@aisle/contracts/onboarding';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { assistants, files, messagingAccounts, sharedAssistants, stores, testRuns, threads } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';

/**
 * Where a merchant stands on the "Get started" checklist, read from their data in one statement
 * (each step an EXISTS on an owner index): a store, a ready file, an assistant, a question asked
 * in their own Chat (a thread with a reply), a test suite run to the end, a share link that is on, a connected channel.
 */
export async function getStarted(db: DbOrTx, ownerEmail: string): Promise<GetStartedResponse> {
  const [row] = await rowsOf<Record<(typeof GET_STARTED_STEPS)[number], boolean>>(
    db,
    sql`SELECT
      EXISTS (SELECT 1 FROM ${stores} WHERE owner_email = ${ownerEmail}) AS store,
      EXISTS (SELECT 1 FROM ${files} WHERE owner_email = ${ownerEmail} AND status = 'ready') AS files,
      EXISTS (SELECT 1 FROM ${assistants} WHERE owner_email = ${ownerEmail}) AS assistant,
      EXISTS (SELECT 1 FROM ${threads} WHERE owner_email = ${ownerEmail} AND last_response_id IS NOT NULL) AS tried,
      EXISTS (SELECT 1 FROM ${testRuns} WHERE owner_email = ${ownerEmail} AND status = 'done') AS tested,
      EXISTS (SELECT 1 FROM ${sharedAssistants} WHERE owner_email = ${ownerEmail} AND is_active
              AND (expires_at IS NULL OR expires_at > now())) AS shared,
      EXISTS (SELECT 1 FROM ${messagingAccounts} WHERE owner_email = ${ownerEmail} AND status = 'connected') AS channel`,
  );
  const steps = Object.fromEntries(GET_STARTED_STEPS.map((step) => [step, row?.[step] === true])) as GetStartedResponse['steps'];
  return { steps, complete: GET_STARTED_STEPS.every((step) => steps[step]) };
}
