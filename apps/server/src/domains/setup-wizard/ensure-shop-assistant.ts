import { eq } from 'drizzle-orm';
import { assistants } from '../../db/schema';
import { transactionWithEvents } from '../../lib/deferred-events';
import { addLink, createAssistant, linkKinds } from '../assistants';
import { lockConnection, updateConnection } from '../shopify';
import { assistantInstructions } from './assistant-instructions';
import type { WizardRun } from './wizard-run';

/**
 * Step 4: the shop's assistant, named after the shop, its instructions from the shop's policies and
 * tone. Made and recorded on the connection in one transaction under the connection's lock: a
 * retried step (or one resumed after a crash) finds it instead of making a second.
 */
export async function ensureShopAssistant(run: WizardRun): Promise<string> {
  const { ctx } = run;
  const profile = await run.profile();
  const instructions = assistantInstructions(profile, await run.pages());
  const connection = await run.connection();
  return transactionWithEvents(ctx, async ({ tx, events }) => {
    const locked = (await lockConnection(tx, connection.id)) ?? connection;
    if (locked.assistantId) {
      const [found] = await tx.select({ id: assistants.id }).from(assistants).where(eq(assistants.id, locked.assistantId)).limit(1);
      if (found) return found.id;
    }
    const assistant = await createAssistant(
      { ...ctx.assistants, db: tx, events },
      { ownerEmail: run.ownerEmail, assistantName: profile.name, instructions, useCase: 'Shopify storefront assistant' },
    );
    await updateConnection(tx, connection.id, { assistantId: assistant.id });
    return assistant.id;
  });
}

/** The assistant the wizard made for the shop (a later step of a resumed run needs its id). */
export async function shopAssistantId(run: WizardRun): Promise<string> {
  return (await run.connection()).assistantId ?? ensureShopAssistant(run);
}

/** Step 5: the shop's store linked to its assistant (a link that exists is kept as it is). */
export async function linkShopStore(run: WizardRun) {
  const storeId = (await run.connection()).catalogStoreId;
  if (!storeId) throw new Error('the shop has no knowledge store');
  await addLink(run.ctx.assistants, linkKinds.store, {
    ownerEmail: run.ownerEmail,
    assistantId: await shopAssistantId(run),
    targetId: storeId,
  });
}
