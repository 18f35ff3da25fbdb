import { WIZARD_COMPLETED, WIZARD_FAILED, type WizardFlag } from '@aisle/contracts/setup-wizard';
import { and, desc, eq } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import type { Db } from '../../db/database';
import { wizards } from '../../db/schema';
import type { EventBus } from '../../lib/event-bus';

/** The status of a run queued but not yet at its first step. */
export const STARTING = 'Starting...';

export type WizardRow = typeof wizards.$inferSelect;
type ProgressContext = { db: Db; events: EventBus };

/**
 * The owner's Wizard record (spec §3), written only here: every change goes out on the event bus
 * after its statement, so the web's wizard subscription shows each step live (spec §2).
 */
export async function getOwnerWizard(db: Db, ownerEmail: string): Promise<WizardRow | undefined> {
  const [row] = await db.select().from(wizards).where(eq(wizards.ownerEmail, ownerEmail)).orderBy(desc(wizards.createdAt)).limit(1);
  return row;
}

async function update(ctx: ProgressContext, id: string, values: Partial<typeof wizards.$inferInsert>, only?: { running: boolean }) {
  const [row] = await ctx.db
    .update(wizards)
    .set({ ...values, updatedAt: new Date() })
    .where(only?.running ? and(eq(wizards.id, id), eq(wizards.completed, false)) : eq(wizards.id, id))
    .returning();
  if (row) publishRow(ctx, getModel('Wizard'), 'update', row);
  return row;
}

/**
 * A run begins: the owner's record (created when there is none) gets the shop and a status. A
 * record that had failed keeps its flags (the run resumes after the last step done) and loses its log.
 */
export async function beginRun(ctx: ProgressContext, input: { ownerEmail: string; shopDomain: string; status: string }) {
  const existing = await getOwnerWizard(ctx.db, input.ownerEmail);
  if (!existing) {
    const [row] = await ctx.db
      .insert(wizards)
      .values({ ownerEmail: input.ownerEmail, shopDomain: input.shopDomain, status: input.status })
      .returning();
    const created = row as WizardRow;
    publishRow(ctx, getModel('Wizard'), 'create', created);
    return created;
  }
  const row = await update(ctx, existing.id, { shopDomain: input.shopDomain, status: input.status, log: null });
  return row ?? existing;
}

/** A step is about to run: its text becomes the progress line (spec §4: any status but Failed is progress text). */
export const markWorking = (ctx: ProgressContext, id: string, status: string) => update(ctx, id, { status }, { running: true });

/** A step is done: its flag and currentStep, one statement. */
export const markStepDone = (ctx: ProgressContext, id: string, flag: WizardFlag, currentStep: string) =>
  update(ctx, id, { [flag]: true, currentStep }, { running: true });

export const markFailed = (ctx: ProgressContext, id: string, log: string) => update(ctx, id, { status: WIZARD_FAILED, log });

export const markCompleted = (ctx: ProgressContext, id: string) =>
  update(ctx, id, { completed: true, status: WIZARD_COMPLETED, currentStep: 'COMPLETED', log: null });

/**
 * The run just started was counted against the tier (start-wizard.ts): the next
 * `wizard/increment-usage/` reports it rather than count another. Not a field of the API: no event.
 */
export async function markStartCounted(db: Db, id: string) {
  await db.update(wizards).set({ startCounted: true }).where(eq(wizards.id, id));
}

/** Takes the mark of a run counted at its start, once: true when there was one (the caller counts nothing more). */
export async function takeStartCounted(db: Db, ownerEmail: string): Promise<boolean> {
  const rows = await db
    .update(wizards)
    .set({ startCounted: false })
    .where(and(eq(wizards.ownerEmail, ownerEmail), eq(wizards.startCounted, true)))
    .returning({ id: wizards.id });
  return rows.length > 0;
}
