import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/users';
import type { Env } from '../../env';
import type { Mailer } from '../../lib/mailer';
import { passwordResetMail } from './account-mails';
import { encodeUid, makePasswordResetToken } from './password-reset-token';

export interface RequestPasswordResetInput {
  db: Db;
  env: Env;
  mailer: Mailer;
  logger: Pick<Logger, 'error'>;
  /** Normalised (trimmed, lower-cased) by the contract schema. */
  email: string;
}

/**
 * Mails a reset link when an active account has this e-mail, and does nothing otherwise; the
 * caller answers the same in both cases so the call cannot be used to find accounts. The mail is
 * sent without waiting for it: an SMTP round trip only for existing accounts would give the
 * answer away through response time. A failed send is logged. The mail is in the account's language.
 */
export async function requestPasswordReset({ db, env, mailer, logger, email }: RequestPasswordResetInput): Promise<void> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.isActive, true)))
    .limit(1);
  if (!user) return;
  const token = makePasswordResetToken(user, { secret: env.JWT_SECRET, lifetimeSeconds: env.PASSWORD_RESET_LIFETIME });
  const link = `${env.PUBLIC_URL}/users/reset-password?uid=${encodeUid(user.id)}&token=${token}`;
  mailer
    .send(passwordResetMail(env, user.email, user.language, link))
    .catch((error: unknown) => logger.error({ err: error, userId: user.id }, 'password reset e-mail could not be sent'));
}
