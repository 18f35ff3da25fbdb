/**
 * The public entry point of `domains/assistants`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { assistantModels, messageFields, taskModels, threadModels } from './assistant-models';
export { assistantRoutes } from './assistant-routes';
export type { AssistantsContext } from './assistants-context';
export { linkKinds } from './link-kinds';
export { createAssistant } from './manage-assistants';
export { addLink } from './manage-links';
export { recheckOnMissingReference } from './missing-reference';
export { loadOwnedAssistant, requiredNamesOf } from './owned-rows';
