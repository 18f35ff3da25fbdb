import { eq } from 'drizzle-orm';
import { sharedAssistants } from '../../db/schema';
import { transactionWithEvents } from '../../lib/deferred-events';
import { createShare } from '../sharing';
import { getShopSettings, lockConnection, saveShopSettings, writeStorefrontConfiguration } from '../shopify';
import { storefrontGreeting } from './assistant-instructions';
import { shopAssistantId } from './ensure-shop-assistant';
import type { WizardRun } from './wizard-run';

/**
 * Step 7: the storefront's shared assistant in the theme's colours, recorded in the shop's settings
 * (widget on, colours, greeting) in one transaction under the connection's lock, so a retried
 * step finds the share it made rather than making a second.
 */
export async function ensureStorefrontShare(run: WizardRun): Promise<string> {
  const { ctx } = run;
  const assistantId = await shopAssistantId(run);
  const colors = await run.colors();
  const greeting = storefrontGreeting(await run.profile());
  const connection = await run.connection();
  return transactionWithEvents(ctx, async ({ tx, events }) => {
    await lockConnection(tx, connection.id);
    const shopify = { ...ctx.shopify, db: tx, events };
    const settings = await getShopSettings(shopify, { ownerEmail: run.ownerEmail, shop: connection.shopDomain });
    if (settings.sharedAssistantId) {
      const [share] = await tx
        .select({ id: sharedAssistants.id, assistantId: sharedAssistants.originalAssistantId })
        .from(sharedAssistants)
        .where(eq(sharedAssistants.id, settings.sharedAssistantId))
        .limit(1);
      if (share?.assistantId === assistantId) return share.id;
    }
    const share = await createShare({ db: tx, events }, { ownerEmail: run.ownerEmail, assistantId, theme: colors });
    await saveShopSettings(shopify, {
      ownerEmail: run.ownerEmail,
      changes: { shop: connection.shopDomain, sharedAssistantId: share.id, widgetEnabled: true, colors, greeting },
    });
    return share.id;
  });
}

/** Step 8: the embed's app-data metafields (share token, colours, greeting) on the app installation. */
export async function updateShopifyConfiguration(run: WizardRun) {
  await writeStorefrontConfiguration(run.ctx.shopify, await run.connection(), { signal: run.signal });
}
