import type { WizardFlag } from '@aisle/contracts/setup-wizard';
import { ensureShopAssistant, linkShopStore } from './ensure-shop-assistant';
import { ensureStorefrontShare, updateShopifyConfiguration } from './ensure-storefront-share';
import { linkStoreTemplates } from './link-store-templates';
import { createShopStore, uploadStoreFiles } from './upload-store-files';
import type { WizardRun } from './wizard-run';

export interface WizardStep {
  flag: WizardFlag;
  /** currentStep once the step is done. */
  currentStep: string;
  /** The progress line while it runs (spec §4: status text other than Failed is shown as progress). */
  status: string;
  /** What failed, for the owner's log: "Could not <action>: <reason>". */
  action: string;
  run(run: WizardRun): Promise<unknown>;
}

/** The wizard's steps in spec §4's order; each sets its flag once done, and is skipped on a resumed run. */
export const wizardSteps: WizardStep[] = [
  {
    flag: 'pagesRetrieved',
    currentStep: 'PAGES_RETRIEVED',
    status: 'Retrieving your store pages...',
    action: 'retrieve the store’s pages',
    run: async (run) => {
      await run.profile();
      await run.pages();
    },
  },
  {
    flag: 'blogsRetrieved',
    currentStep: 'BLOGS_RETRIEVED',
    status: 'Retrieving your blog posts...',
    action: 'retrieve the store’s blog posts',
    run: (run) => run.articles(),
  },
  {
    flag: 'productsRetrieved',
    currentStep: 'PRODUCTS_RETRIEVED',
    status: 'Retrieving your products...',
    action: 'retrieve the store’s products',
    run: (run) => run.catalog(),
  },
  {
    flag: 'themeColorsRetrieved',
    currentStep: 'THEME_COLORS_RETRIEVED',
    status: 'Retrieving your theme colors...',
    action: 'retrieve the theme’s colours',
    run: (run) => run.colors(),
  },
  {
    flag: 'vectorStoreCreated',
    currentStep: 'VECTOR_STORE_CREATED',
    status: 'Creating your knowledge store...',
    action: 'create the knowledge store',
    run: createShopStore,
  },
  {
    flag: 'filesUploaded',
    currentStep: 'FILES_UPLOADED',
    status: 'Uploading and indexing your store content...',
    action: 'upload and index the store’s content',
    run: uploadStoreFiles,
  },
  {
    flag: 'assistantCreated',
    currentStep: 'ASSISTANT_CREATED',
    status: 'Creating your assistant...',
    action: 'create the assistant',
    run: ensureShopAssistant,
  },
  {
    flag: 'vectorStoreLinked',
    currentStep: 'VECTOR_STORE_LINKED',
    status: 'Linking your knowledge store...',
    action: 'link the knowledge store to the assistant',
    run: linkShopStore,
  },
  {
    flag: 'templateLinked',
    currentStep: 'TEMPLATE_LINKED',
    status: 'Adding templates...',
    action: 'link the templates',
    run: linkStoreTemplates,
  },
  {
    flag: 'sharedAssistantCreated',
    currentStep: 'SHARED_ASSISTANT_CREATED',
    status: 'Creating your storefront assistant...',
    action: 'create the shared assistant',
    run: ensureStorefrontShare,
  },
  {
    flag: 'shopifyConfigurationUpdated',
    currentStep: 'SHOPIFY_CONFIGURATION_UPDATED',
    status: 'Updating your Shopify configuration...',
    action: 'update the Shopify store configuration',
    run: updateShopifyConfiguration,
  },
];
