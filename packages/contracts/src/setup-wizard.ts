import { z } from 'zod';

/**
 * The setup wizard (spec §2 "Setup wizard screen", §3 Wizard, §4 Wizard, §7 Wizard calls, §8), shared
 * by the server's job and routes and the web app's wizard screens.
 */

/** Spec §3: the eleven flags of a Wizard record, in the order the job sets them (spec §4). */
export const WIZARD_FLAGS = [
  'pagesRetrieved',
  'blogsRetrieved',
  'productsRetrieved',
  'themeColorsRetrieved',
  'vectorStoreCreated',
  'filesUploaded',
  'assistantCreated',
  'vectorStoreLinked',
  'templateLinked',
  'sharedAssistantCreated',
  'shopifyConfigurationUpdated',
] as const;
export type WizardFlag = (typeof WIZARD_FLAGS)[number];

/** Spec §2: the progress checklist, in its fixed order; productsRetrieved is not in it (spec §3). */
export const WIZARD_CHECKLIST: readonly { flag: WizardFlag; label: string }[] = [
  { flag: 'pagesRetrieved', label: 'Pages Retrieved' },
  { flag: 'blogsRetrieved', label: 'Blogs Retrieved' },
  { flag: 'themeColorsRetrieved', label: 'Theme Colors Retrieved' },
  { flag: 'vectorStoreCreated', label: 'Vector Store Created' },
  { flag: 'filesUploaded', label: 'Files Uploaded' },
  { flag: 'assistantCreated', label: 'Assistant Created' },
  { flag: 'vectorStoreLinked', label: 'Vector Store Linked' },
  { flag: 'templateLinked', label: 'Template Linked' },
  { flag: 'sharedAssistantCreated', label: 'Shared Assistant Created' },
  { flag: 'shopifyConfigurationUpdated', label: 'Shopify Configuration Updated' },
];

/** Spec §9: the percentage counts completed flags out of 10. */
export const WIZARD_STEP_COUNT = 10;

/** Spec §3: currentStep of a new record. */
export const WIZARD_NOT_STARTED = 'NOT_STARTED';
/** Spec §4: the one status value with a meaning of its own. */
export const WIZARD_FAILED = 'Failed';
export const WIZARD_COMPLETED = 'Completed';

/** POST wizard/start-process/: 201 when a run was started, 200 when one was already going. */
export const wizardStartResponseSchema = z.object({
  wizardId: z.string(),
  shop: z.string(),
  started: z.boolean(),
});
export type WizardStartResponse = z.infer<typeof wizardStartResponseSchema>;

/** POST wizard/increment-usage/: the owner's wizard runs so far. */
export const wizardUsageResponseSchema = z.object({ runs: z.number().int() });

/** Both calls take an optional JSON body naming the shop (default: the most recently installed). */
export const wizardRequestSchema = z.object({ shop: z.string().trim().max(255).optional() }).strict();

/**
 * The app-data metafields the wizard writes on the app installation (`metafieldsSet`) and the theme
 * app extension's embed block reads (`app.metafields.aisle_chat.<key>.value`, extensions/aisle-chat).
 */
export const STOREFRONT_METAFIELD_NAMESPACE = 'aisle_chat';
export const STOREFRONT_METAFIELD_KEYS = {
  shareToken: 'share_token',
  appOrigin: 'app_origin',
  primaryColor: 'primary_color',
  primaryTextColor: 'primary_text_color',
  greeting: 'greeting',
  enabled: 'enabled',
} as const;

/** The theme app extension's embed block: its file name under blocks/ is its handle (the deep link uses it). */
export const THEME_EMBED_HANDLE = 'aisle-chat';
