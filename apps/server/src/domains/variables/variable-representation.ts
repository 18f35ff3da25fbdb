import type { VariableItem } from '@aisle/contracts/functions';
import type { variables } from '../../db/schema/variables';
import { openSecret, SecretBoxError } from './secret-box';
import type { VariablesContext } from './variables-context';

export type VariableRow = typeof variables.$inferSelect;

const MASK = '••••••••';
/** Shorter secrets show no characters at all: four of eleven would give too much away. */
const MIN_LENGTH_TO_SHOW_TAIL = 12;

/** `••••••••` plus the last four characters of a secret of 12 or more characters. */
export function maskSecret(plaintext: string | undefined): string {
  const chars = Array.from(plaintext ?? ''); // code points, so an emoji is never cut in half
  return chars.length >= MIN_LENGTH_TO_SHOW_TAIL ? MASK + chars.slice(-4).join('') : MASK;
}

/** A variable as answered: a secret's value is never sent, only its mask. */
export function toVariableItem(ctx: VariablesContext, row: VariableRow): VariableItem {
  return {
    id: row.id,
    name: row.name,
    value: row.secret ? null : row.value,
    secret: row.secret,
    maskedValue: row.secret ? maskSecret(openForMask(ctx, row)) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A secret that no longer opens (key changed, row altered) still lists, fully masked, so the owner
 * can see it and enter the value again; the sandbox read (read-variables.ts) refuses it instead.
 */
function openForMask(ctx: VariablesContext, row: VariableRow): string | undefined {
  try {
    return openSecret(ctx.key, row.value, row);
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    ctx.logger.warn({ variableId: row.id, reason: error.message }, 'secret variable cannot be decrypted');
    return undefined;
  }
}
