import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, ownerEmail, timestamps } from './columns';

const flag = (name: string) => boolean(name).notNull().default(false);

/**
 * Spec §3 Wizard with all eleven flags. The store-configuration flag is the platform name
 * followed by ConfigurationUpdated: `shopifyConfigurationUpdated` in the API.
 */
export const wizards = pgTable(
  'wizards',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    currentStep: text('current_step').notNull().default('NOT_STARTED'),
    status: text('status'),
    completed: flag('completed'),
    pagesRetrieved: flag('pages_retrieved'),
    blogsRetrieved: flag('blogs_retrieved'),
    productsRetrieved: flag('products_retrieved'),
    themeColorsRetrieved: flag('theme_colors_retrieved'),
    vectorStoreCreated: flag('vector_store_created'),
    filesUploaded: flag('files_uploaded'),
    assistantCreated: flag('assistant_created'),
    vectorStoreLinked: flag('vector_store_linked'),
    templateLinked: flag('template_linked'),
    sharedAssistantCreated: flag('shared_assistant_created'),
    shopifyConfigurationUpdated: flag('shopify_configuration_updated'),
    /** Why the last run stopped (status `Failed`): readable by the owner, never a stack trace. */
    log: text('log'),
    /** The shop the last run was for (domains/setup-wizard keys its steps on it). */
    shopDomain: text('shop_domain'),
    /**
     * The last run was counted against the tier when it started (billing's wizard runs) and the web's
     * `wizard/increment-usage/` call that follows a start has not come yet: that call reports this
     * run and counts nothing more. Not in the API.
     */
    startCounted: flag('start_counted'),
  },
  (t) => [index('wizards_owner_idx').on(t.ownerEmail, t.createdAt)],
);

/**
 * History, read-only: wizard runs as POST wizard/increment-usage/ counted them per owner, all time,
 * before runs were counted against the tier. Runs are counted by billing now (the tier track's
 * `wizard_runs`, per period, checked against the tier's limit); nothing writes this table.
 */
export const wizardUsage = pgTable(
  'wizard_usage',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    runs: integer('runs').notNull().default(0),
  },
  (t) => [uniqueIndex('wizard_usage_owner_unique').on(t.ownerEmail)],
);
