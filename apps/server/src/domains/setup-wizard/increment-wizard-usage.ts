import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { wizardUsage } from '../../db/schema';

/**
 * `POST wizard/increment-usage/`: counts one wizard run against the owner. A plain counter for
 * now; the billing issue checks the tier's limit on it. One statement, so concurrent calls all count.
 */
export async function incrementWizardUsage(ctx: { db: Db }, input: { ownerEmail: string }) {
  const [row] = await ctx.db
    .insert(wizardUsage)
    .values({ ownerEmail: input.ownerEmail, runs: 1 })
    .onConflictDoUpdate({ target: wizardUsage.ownerEmail, set: { runs: sql`${wizardUsage.runs} + 1`, updatedAt: new Date() } })
    .returning({ runs: wizardUsage.runs });
  return { runs: row?.runs ?? 1 };
}
