import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { assistants, customUserTemplates, functions, stores, templates, threads } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/*
 * Loaders for the rows an assistant call names. Another owner's row answers 404 exactly like a
 * missing one, so ids cannot be probed.
 */

export async function loadOwnedAssistant(db: DbOrTx, ownerEmail: string, id: string) {
  const [row] = await db
    .select()
    .from(assistants)
    .where(and(eq(assistants.id, id), eq(assistants.ownerEmail, ownerEmail)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Assistant not found.');
  return row;
}

export async function loadOwnedThread(db: DbOrTx, ownerEmail: string, id: string) {
  const [row] = await db
    .select()
    .from(threads)
    .where(and(eq(threads.id, id), eq(threads.ownerEmail, ownerEmail)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Thread not found.');
  return row;
}

export async function checkOwnedFunction(db: DbOrTx, ownerEmail: string, id: string) {
  const [row] = await db
    .select({ id: functions.id })
    .from(functions)
    .where(and(eq(functions.id, id), eq(functions.ownerEmail, ownerEmail)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Function not found.');
}

export async function checkOwnedStore(db: DbOrTx, ownerEmail: string, id: string) {
  const [row] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.id, id), eq(stores.ownerEmail, ownerEmail)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Store not found.');
}

/** Templates are public (spec §6): any signed-in user may link one, while it is active. */
export async function checkActiveTemplate(db: DbOrTx, _ownerEmail: string, id: string) {
  const [row] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.id, id), eq(templates.active, true)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Template not found.');
}

export async function checkOwnedCustomUserTemplate(db: DbOrTx, ownerEmail: string, id: string) {
  const [row] = await db
    .select({ id: customUserTemplates.id })
    .from(customUserTemplates)
    .where(and(eq(customUserTemplates.id, id), eq(customUserTemplates.ownerEmail, ownerEmail)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Custom user template not found.');
}
