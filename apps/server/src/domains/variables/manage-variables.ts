import { randomUUID } from 'node:crypto';
import { VARIABLES_PAGE_SIZE, type VariableItem, type VariablePage } from '@aisle/contracts/functions';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { isUuid } from '../../data-api/model-fields';
import type { Db } from '../../db/database';
import { variables } from '../../db/schema/variables';
import { AppError } from '../../lib/app-error';
import { pageNumber, pageOf } from '../../lib/page-number';
import { sealSecret } from './secret-box';
import { toVariableItem, type VariableRow } from './variable-representation';
import type { DbTransaction as Tx, VariablesContext } from './variables-context';

export const variableMessages = {
  notFound: 'Not found.',
  invalidPage: 'Invalid page.',
  duplicateName: 'You already have a variable with this name.',
  valueToUnsecret: 'Enter the value again to make this variable not secret.',
};

export interface VariableChanges {
  name?: string;
  value?: string;
  secret?: boolean;
}

const notFound = () => new AppError('NOT_FOUND', variableMessages.notFound);

/** The owner's variables, newest first, one DRF-style page at a time (`page`: a number or "last"). */
export async function listVariables(ctx: VariablesContext, input: { ownerEmail: string; page: string | undefined }): Promise<VariablePage> {
  const mine = eq(variables.ownerEmail, input.ownerEmail);
  const [total] = await ctx.db.select({ value: count() }).from(variables).where(mine);
  const totalCount = total?.value ?? 0;
  const { page, lastPage } = pageNumber(input.page, totalCount, VARIABLES_PAGE_SIZE);
  const rows = await ctx.db
    .select()
    .from(variables)
    .where(mine)
    .orderBy(desc(variables.createdAt), desc(variables.id))
    .limit(VARIABLES_PAGE_SIZE)
    .offset((page - 1) * VARIABLES_PAGE_SIZE);
  return pageOf({
    url: `${ctx.publicUrl}/api/variables/`,
    page,
    lastPage,
    count: totalCount,
    results: rows.map((row) => toVariableItem(ctx, row)),
  });
}

export async function createVariable(
  ctx: VariablesContext,
  input: { ownerEmail: string } & Required<VariableChanges>,
): Promise<VariableItem> {
  const row = await ctx.db.transaction(async (tx) => {
    await lockOwner(tx, input.ownerEmail);
    await assertNameFree(tx, input.ownerEmail, input.name);
    // The id is chosen here because a secret is sealed to its row before the row exists.
    const id = randomUUID();
    const value = input.secret ? sealSecret(ctx.key, input.value, { ownerEmail: input.ownerEmail, id }) : input.value;
    const [inserted] = await tx
      .insert(variables)
      .values({ id, ownerEmail: input.ownerEmail, name: input.name, value, secret: input.secret })
      .returning();
    return inserted as VariableRow;
  });
  return toVariableItem(ctx, row);
}

export async function getVariable(ctx: VariablesContext, input: { ownerEmail: string; id: string }): Promise<VariableItem> {
  return toVariableItem(ctx, await loadOwned(ctx.db, input.ownerEmail, input.id));
}

/**
 * PUT (all three fields) and PATCH (any of them). A secret turning plain needs its value in the
 * same request, since the stored one is never revealed; a plain value turning secret is sealed.
 */
export async function updateVariable(
  ctx: VariablesContext,
  input: { ownerEmail: string; id: string; changes: VariableChanges },
): Promise<VariableItem> {
  const { ownerEmail, changes } = input;
  const row = await ctx.db.transaction(async (tx) => {
    await lockOwner(tx, ownerEmail);
    const current = await loadOwned(tx, ownerEmail, input.id);
    const secret = changes.secret ?? current.secret;
    if (current.secret && !secret && changes.value === undefined) throw AppError.fields({ value: [variableMessages.valueToUnsecret] });
    const name = changes.name ?? current.name;
    if (name !== current.name) await assertNameFree(tx, ownerEmail, name, current.id);

    let value = current.value;
    if (changes.value !== undefined) value = secret ? sealSecret(ctx.key, changes.value, current) : changes.value;
    else if (secret && !current.secret) value = sealSecret(ctx.key, current.value, current);

    const [updated] = await tx
      .update(variables)
      .set({ name, value, secret, updatedAt: new Date() })
      .where(eq(variables.id, current.id))
      .returning();
    return updated as VariableRow;
  });
  return toVariableItem(ctx, row);
}

export async function deleteVariable(ctx: VariablesContext, input: { ownerEmail: string; id: string }): Promise<void> {
  if (!isUuid(input.id)) throw notFound();
  const deleted = await ctx.db
    .delete(variables)
    .where(and(eq(variables.id, input.id.toLowerCase()), eq(variables.ownerEmail, input.ownerEmail)))
    .returning({ id: variables.id });
  if (deleted.length === 0) throw notFound();
}

/** Someone else's variable answers exactly like one that does not exist, so ids cannot be probed. */
async function loadOwned(db: Db | Tx, ownerEmail: string, id: string): Promise<VariableRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select()
    .from(variables)
    .where(and(eq(variables.id, id.toLowerCase()), eq(variables.ownerEmail, ownerEmail)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

// Arbitrary, fixed: keeps these locks apart from other advisory locks keyed on the same hash.
const OWNER_LOCK_NAMESPACE = 0x56_41_52_31;

/**
 * Names are unique per owner, but the table has no unique index (and this change adds no
 * migration), so writers of one owner's variables take a transaction-scoped advisory lock: the
 * name check and the write then happen without another writer in between, on PGlite and Postgres.
 */
async function lockOwner(tx: Tx, ownerEmail: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${OWNER_LOCK_NAMESPACE}, hashtext(${ownerEmail}))`);
}

async function assertNameFree(tx: Tx, ownerEmail: string, name: string, exceptId?: string) {
  const conditions = [eq(variables.ownerEmail, ownerEmail), eq(variables.name, name)];
  if (exceptId) conditions.push(ne(variables.id, exceptId));
  const [taken] = await tx
    .select({ id: variables.id })
    .from(variables)
    .where(and(...conditions))
    .limit(1);
  if (taken) throw AppError.fields({ name: [variableMessages.duplicateName] });
}
