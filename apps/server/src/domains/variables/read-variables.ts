import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { variables } from '../../db/schema/variables';
import { isSealedEmpty, openSecret, SecretBoxError, secretBoxKey } from './secret-box';
import type { DbOrTransaction } from './variables-context';

/**
 * Secret variables that exist but no longer decrypt (the key changed, or the stored value was
 * altered or copied from another row). Refused rather than left out, so a function never runs
 * silently without a credential it was given; the owner fixes it by entering the values again.
 */
export class UnreadableVariablesError extends Error {
  constructor(readonly names: string[]) {
    super(`The secret ${names.length === 1 ? 'variable' : 'variables'} ${names.join(', ')} cannot be decrypted; enter the value again.`);
    this.name = 'UnreadableVariablesError';
  }
}

/**
 * The owner's values of these names, secrets decrypted, for the function sandbox. Names the owner
 * has no variable for are absent. `key` is `env.VARIABLES_ENCRYPTION_KEY`.
 * Throws UnreadableVariablesError when a requested secret cannot be decrypted.
 */
export async function readVariableValues(
  db: DbOrTransaction,
  key: string,
  ownerEmail: string,
  names: readonly string[],
): Promise<Record<string, string>> {
  const rows = await ownedRows(db, ownerEmail, names);
  const keyBytes = rows.some((row) => row.secret) ? secretBoxKey(key) : undefined;
  // No prototype: a variable named "__proto__" or "constructor" is just a key here.
  const values: Record<string, string> = Object.create(null);
  const unreadable: string[] = [];
  for (const row of rows) {
    if (!row.secret || !keyBytes) {
      values[row.name] = row.value;
      continue;
    }
    try {
      values[row.name] = openSecret(keyBytes, row.value, row);
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      unreadable.push(row.name);
    }
  }
  if (unreadable.length) throw new UnreadableVariablesError(unreadable.sort());
  return values;
}

/** The names, in the order given, that the owner has not set or has set to an empty value (template-add). */
export async function missingVariables(db: DbOrTransaction, ownerEmail: string, names: readonly string[]): Promise<string[]> {
  const rows = await ownedRows(db, ownerEmail, names);
  const filled = new Set(rows.filter((row) => (row.secret ? !isSealedEmpty(row.value) : row.value !== '')).map((row) => row.name));
  return [...new Set(names)].filter((name) => !filled.has(name));
}

async function ownedRows(db: DbOrTransaction, ownerEmail: string, names: readonly string[]) {
  const wanted = [...new Set(names)];
  if (wanted.length === 0) return [];
  // Every member of the union is a PgDatabase over this schema; TypeScript cannot call `select` on the union itself.
  return (db as Db)
    .select({ id: variables.id, ownerEmail: variables.ownerEmail, name: variables.name, value: variables.value, secret: variables.secret })
    .from(variables)
    .where(and(eq(variables.ownerEmail, ownerEmail), inArray(variables.name, wanted)));
}
