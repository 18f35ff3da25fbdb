/**
 * The public entry point of `domains/sharing`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */

export type { SharesContext } from './manage-shares';
export { createShare, deleteShare, retargetShare, updateShare } from './manage-shares';
export { loadOpenShare, requireOpenShare, shareProblemError, shareProblemOf } from './open-share';
export { themeOf, toPublicAssistant } from './share-representation';
export { hashVisitorToken, newAnonymousEmail, newVisitorToken, visitorTokenMatches } from './share-tokens';
export { sharedAssistantRoutes } from './shared-assistant-routes';
export { sharingModels } from './sharing-models';
