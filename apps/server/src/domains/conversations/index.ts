/**
 * The public entry point of `domains/conversations`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { conversationModels } from './conversation-models';
export { conversationSdl } from './conversation-sdl';
export { conversationThread, stopReasonOf } from './conversation-thread';
export { getMessageContents } from './get-message-contents';
export { loadOwnedConversation } from './load-conversation';
export { blocksOf, replyBlocks, STREAM_EVENT_MODEL } from './reply-events';
export { sendMessage } from './send-message';
