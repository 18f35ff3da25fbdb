import { inArray } from 'drizzle-orm';
import { templates } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { addLink, linkKinds, requiredNamesOf } from '../assistants';
import { ORDER_STATUS_TEMPLATE_ID, STORE_FAQ_TEMPLATE_ID } from '../templates';
import { createVariable, missingVariables } from '../variables';
import { shopAssistantId } from './ensure-shop-assistant';
import type { ShopProfile } from './store-content';
import type { WizardRun } from './wizard-run';

/** The templates a shop's assistant starts with: answers from the store's pages, and order lookups. */
export const WIZARD_TEMPLATE_IDS = [STORE_FAQ_TEMPLATE_ID, ORDER_STATUS_TEMPLATE_ID];

/** Variables the wizard can fill from the shop itself, when the owner has not set them. */
const shopValues = (profile: ShopProfile): Record<string, string> => ({
  SUPPORT_EMAIL: profile.contactEmail,
  STORE_URL: profile.url,
});

/**
 * Step 6: the Store FAQ and Order status templates linked to the assistant. Each template's
 * requiredVariables must be set first (template-add refuses otherwise): those the owner has not
 * set are created from the shop's own details; values the owner set are never changed.
 */
export async function linkStoreTemplates(run: WizardRun) {
  const { ctx } = run;
  const assistantId = await shopAssistantId(run);
  const rows = await ctx.db
    .select({ id: templates.id, name: templates.name, requiredVariables: templates.requiredVariables })
    .from(templates)
    .where(inArray(templates.id, WIZARD_TEMPLATE_IDS));
  const needed = [...new Set(rows.flatMap((row) => requiredNamesOf(row.requiredVariables)))];
  const missing = await missingVariables(ctx.db, run.ownerEmail, needed);
  const known = shopValues(await run.profile());
  for (const name of missing) {
    const value = known[name];
    if (!value)
      throw new AppError('BAD_REQUEST', `The variable ${name} is needed by a template and could not be filled in from the store.`);
    try {
      await createVariable(ctx.variables, { ownerEmail: run.ownerEmail, name, value, secret: false });
    } catch (error) {
      // An empty variable of that name exists: the owner's to fill, the template is left unlinked.
      if (!(error instanceof AppError)) throw error;
      throw new AppError('BAD_REQUEST', `Set the variable ${name} (under Variables), then run the wizard again.`, { cause: error });
    }
  }
  for (const id of WIZARD_TEMPLATE_IDS) {
    await addLink(ctx.assistants, linkKinds.template, { ownerEmail: run.ownerEmail, assistantId, targetId: id });
  }
}
