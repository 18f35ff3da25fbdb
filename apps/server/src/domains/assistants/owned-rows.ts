import { missingVariablesText } from '@aisle/contracts/functions';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import {
  assistants,
  customUserTemplates,
  functions,
  stores,
  templateFunctions,
  templates,
  threads,
  userTemplateFunctions,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { variableNamesOf } from '../functions';
import { missingVariables } from '../variables';

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

/** A function flagged by the rules check cannot be linked until a save passes the check. */
export async function checkOwnedFunction(db: DbOrTx, ownerEmail: string, id: string) {
  const [row] = await db
    .select({ id: functions.id, isViolatingRules: functions.isViolatingRules, violatingBecause: functions.violatingBecause })
    .from(functions)
    .where(and(eq(functions.id, id), eq(functions.ownerEmail, ownerEmail)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Function not found.');
  if (row.isViolatingRules) {
    throw new AppError(
      'BAD_REQUEST',
      `This function breaks the rules and cannot be linked until it is fixed: ${row.violatingBecause ?? 'see its check.'}`,
    );
  }
}

export async function checkOwnedStore(db: DbOrTx, ownerEmail: string, id: string) {
  const [row] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.id, id), eq(stores.ownerEmail, ownerEmail)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Store not found.');
}

/** Templates are public (spec §6): any signed-in user may link one, while it is active and its required variables are set. */
export async function checkActiveTemplate(db: DbOrTx, ownerEmail: string, id: string) {
  const [row] = await db
    .select({ id: templates.id, requiredVariables: templates.requiredVariables })
    .from(templates)
    .where(and(eq(templates.id, id), eq(templates.active, true)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Template not found.');
  await checkVariablesSet(db, ownerEmail, requiredNamesOf(row.requiredVariables));
}

/** A custom template needs the required variables its chosen template functions read. */
export async function checkOwnedCustomUserTemplate(db: DbOrTx, ownerEmail: string, id: string) {
  const [row] = await db
    .select({ id: customUserTemplates.id })
    .from(customUserTemplates)
    .where(and(eq(customUserTemplates.id, id), eq(customUserTemplates.ownerEmail, ownerEmail)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Custom user template not found.');
  const chosen = await db
    .select({ variables: templateFunctions.variables, requiredVariables: templates.requiredVariables })
    .from(userTemplateFunctions)
    .innerJoin(templateFunctions, eq(templateFunctions.id, userTemplateFunctions.templateFunctionId))
    .innerJoin(templates, eq(templates.id, templateFunctions.templateId))
    .where(eq(userTemplateFunctions.customUserTemplateId, id));
  const needed = chosen.flatMap((fn) => {
    const reads = new Set(variableNamesOf(fn.variables));
    return requiredNamesOf(fn.requiredVariables).filter((name) => reads.has(name));
  });
  await checkVariablesSet(db, ownerEmail, [...new Set(needed)]);
}

/** Names in a template's `requiredVariables` (`[{name, description, secret}]`, or plain names). */
export function requiredNamesOf(value: unknown): string[] {
  return variableNamesOf(value);
}

async function checkVariablesSet(db: DbOrTx, ownerEmail: string, names: string[]) {
  if (!names.length) return;
  const missing = await missingVariables(db, ownerEmail, names);
  if (missing.length) throw new AppError('BAD_REQUEST', missingVariablesText(missing), { bodyCode: 'missing_variables' });
}
