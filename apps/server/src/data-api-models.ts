import { registerModels } from './data-api/model-registry';
import { analyticsModels } from './domains/analytics';
import { announcementModels } from './domains/announcements';
import { assistantModels, taskModels, threadModels } from './domains/assistants';
import { conversationModels } from './domains/conversations';
import { functionModels } from './domains/functions';
import { knowledgeModels } from './domains/knowledge';
import { notificationModels } from './domains/notifications';
import { setupWizardModels } from './domains/setup-wizard';
import { sharedThreadsModels } from './domains/shared-threads';
import { sharingModels } from './domains/sharing';
import { templateModels } from './domains/templates';
import { testSuiteModels } from './domains/test-suites';

/**
 * Every model of the live data API (spec §3, §7 "GraphQL data calls"), each declared by its domain.
 * The SDL, the resolvers and the isolation tests are generated from this list, in this order (the
 * SDL's text follows it).
 *
 * Registered when this module loads, so `getModel` knows them: services.ts imports it, and every
 * process and test builds its services there before any domain operation runs. A model left out
 * fails loudly: `getModel` throws `Unknown model …`, and the GraphQL schema checks every
 * relation's target at boot.
 */
export const dataApiModels = registerModels([
  ...announcementModels,
  ...notificationModels,
  ...functionModels,
  ...assistantModels,
  ...knowledgeModels,
  ...threadModels,
  ...sharingModels,
  ...sharedThreadsModels,
  ...templateModels,
  ...setupWizardModels,
  ...analyticsModels,
  ...conversationModels,
  ...taskModels,
  ...testSuiteModels,
]);
