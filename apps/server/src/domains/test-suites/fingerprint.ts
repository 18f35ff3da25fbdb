import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { assistantStores, assistants, type SuiteFingerprint, stores } from '../../db/schema';

/** The assistant's fields its answers depend on: a change to one of them is worth a run. */
export const ANSWER_SETTINGS = [
  'instructions',
  'model',
  'temperature',
  'topP',
  'isSafeGuardOn',
  'safeGuardInstruction',
  'storeRetrievalSettings',
] as const;

/** The answer settings of an assistant row (a database row or a data API item: the same names). */
export function answerSettingsOf(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(ANSWER_SETTINGS.map((name) => [name, row[name] ?? null]));
}

/** What an assistant answers from now: its answer settings and each linked store's content version. Null when it is gone. */
export async function fingerprintOf(db: DbOrTx, assistantId: string): Promise<SuiteFingerprint | null> {
  const [assistant] = await db.select().from(assistants).where(eq(assistants.id, assistantId)).limit(1);
  if (!assistant) return null;
  const linked = await db
    .select({ id: stores.id, version: stores.contentVersion })
    .from(assistantStores)
    .innerJoin(stores, eq(stores.id, assistantStores.storeId))
    .where(eq(assistantStores.assistantId, assistantId))
    .orderBy(asc(stores.id));
  return { settings: answerSettingsOf(assistant), stores: Object.fromEntries(linked.map((store) => [store.id, store.version])) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What differs between two fingerprints: the settings by name, and `knowledge` when a store changed, was linked or unlinked. */
export function changesBetween(before: SuiteFingerprint | null, now: SuiteFingerprint): string[] {
  if (!before) return ['knowledge'];
  const changed: string[] = ANSWER_SETTINGS.filter((name) => !same(before.settings[name], now.settings[name]));
  if (!same(before.stores, now.stores)) changed.push('knowledge');
  return changed;
}
