import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { loginFailures } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { accountMessages } from './account-messages';

/**
 * Per-account sign-in throttling, on top of the per-address limit (auth-rate-limit.ts), so that
 * guessing one account's password from many addresses gets slow too (issue 28, finding 9).
 * After FREE_FAILURES consecutive failures for a key, attempts are refused with 429 until a wait
 * that doubles with every further failure, from FIRST_WAIT_SECONDS up to MAX_WAIT_SECONDS: a
 * guesser gets about a dozen tries an hour. Refused attempts are not counted (nothing was tried).
 *
 * Keys (known-device.ts says which applies): the e-mail for a client never signed in to the
 * account, the e-mail plus device for one that has. So a stranger's failures lock strangers out,
 * never the owner's own browser or API client.
 *
 * The state is in Postgres, which every deployment has and shares (embedded or several web
 * processes); Redis is not involved, so a Redis outage never fails a sign-in.
 */
export const FREE_FAILURES = 5;
export const FIRST_WAIT_SECONDS = 30;
export const MAX_WAIT_SECONDS = 300;
/** Failures older than this are forgotten: the count is of recent, consecutive failures. */
const FORGET_AFTER = sql.raw(`interval '1 day'`);

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Refuses with 429 while the key is locked, saying when to try again. */
export async function refuseWhileLocked(db: DbOrTx, key: string): Promise<void> {
  const [row] = await db
    .select({ wait: sql<number>`ceil(extract(epoch from ${loginFailures.lockedUntil} - now()))::int` })
    .from(loginFailures)
    .where(eq(loginFailures.keyHash, hashKey(key)))
    .limit(1);
  const wait = row?.wait ?? 0;
  if (wait > 0) throw new AppError('RATE_LIMITED', accountMessages.throttled(wait), { retryAfterSeconds: wait });
}

export async function recordLoginFailure(db: DbOrTx, key: string): Promise<void> {
  // One statement, so failures racing from several processes are all counted.
  const failures = sql`case when ${loginFailures.lastFailureAt} < now() - ${FORGET_AFTER} then 1 else ${loginFailures.failures} + 1 end`;
  const lockFor = (count: typeof failures) =>
    sql`case when ${count} >= ${FREE_FAILURES} then now() + make_interval(secs => least(${FIRST_WAIT_SECONDS} * power(2, ${count} - ${FREE_FAILURES}), ${MAX_WAIT_SECONDS})) end`;
  await db
    .insert(loginFailures)
    .values({ keyHash: hashKey(key), failures: 1, lastFailureAt: sql`now()`, lockedUntil: lockFor(sql`1`) })
    .onConflictDoUpdate({
      target: loginFailures.keyHash,
      set: { failures, lastFailureAt: sql`now()`, lockedUntil: lockFor(failures) },
    });
  // Rows of keys nobody tries any more go now and then, instead of by a scheduled job.
  if (Math.random() < 0.01) await db.delete(loginFailures).where(sql`${loginFailures.lastFailureAt} < now() - ${FORGET_AFTER}`);
}

/** A correct password ends the key's run of failures. */
export async function clearLoginFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.keyHash, hashKey(key)));
}
