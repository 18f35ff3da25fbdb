import { registerModels } from './data-api/model-registry';
import { analyticsModels } from './domains/analytics/analytics-models';
import { announcementModels } from './domains/announcements/announcement-models';
import { assistantModels, taskModels, threadModels } from './domains/assistants/assistant-models';
import { conversationModels } from './domains/conversations/conversation-models';
import { functionModels } from './domains/functions/function-models';
import { inboxModels } from './domains/inbox/inbox-models';
import { knowledgeModels } from './domains/knowledge/knowledge-models';
import { notificationModels } from './domains/notifications/notification-models';
import { setupWizardModels } from './domains/setup-wizard/setup-wizard-models';
import { sharingModels } from './domains/sharing/sharing-models';
import { templateModels } from './domains/templates/template-models';

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
  ...inboxModels,
  ...templateModels,
  ...setupWizardModels,
  ...analyticsModels,
  ...conversationModels,
  ...taskModels,
]);
