/**
 * The public entry point of `domains/shared-threads`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { markSharedThreadRead, sendManualReply } from './send-manual-reply';
export { setSenderPicture } from './sender-picture';
export { STAFF_REPLY_MARKER, withoutStaffMarker } from './shared-history';
export type { SharedTurn } from './shared-thread-turn';
export { channelThread, conversationNotFound, visitorThread } from './shared-thread-turn';
export { sharedThreadsModels } from './shared-threads-models';
export { storeInboundMessage } from './store-inbound-message';
export { summarizeOnDemand, THREAD_NOT_FOUND } from './summarize-thread';
export { scheduleThreadSummary, summarizeThreadJob, summarizeThreadWhenQuiet } from './summary-queue';
