import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Tx } from '../../db/database';
import { variables } from '../../db/schema/variables';
import { openSecret, SecretBoxError, sealSecret } from './secret-box';

/**
 * After an owner's rows moved to a new e-mail (account-data's renameOwner, same transaction): each
 * secret value is sealed to its row, owner e-mail included, so it is opened with the old address and
 * sealed again with the new one. A value that could not be opened before stays as it was (still
 * unreadable, reported as such when used). `key` is read only when there is a secret to reseal.
 */
export async function resealOwnerVariables(
  tx: Tx,
  input: { from: string; to: string; key: () => Buffer; logger: Pick<Logger, 'warn'> },
): Promise<number> {
  const rows = await tx
    .select({ id: variables.id, value: variables.value })
    .from(variables)
    .where(and(eq(variables.ownerEmail, input.to), eq(variables.secret, true)));
  let resealed = 0;
  for (const row of rows) {
    let plain: string;
    try {
      plain = openSecret(input.key(), row.value, { ownerEmail: input.from, id: row.id });
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      input.logger.warn({ variableId: row.id }, 'a secret variable that could not be opened was moved to the new owner e-mail as it was');
      continue;
    }
    const value = sealSecret(input.key(), plain, { ownerEmail: input.to, id: row.id });
    await tx.update(variables).set({ value }).where(eq(variables.id, row.id));
    resealed += 1;
  }
  return resealed;
}
