/**
 * The public entry point of `domains/inbox`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { answerUnansweredQuestion } from './answer-unanswered-question';
export type { InboxContext } from './inbox-context';
export { createInboxContext } from './inbox-context';
export { inboxSdl } from './inbox-sdl';
export { searchSharedThreads } from './search-shared-threads';
