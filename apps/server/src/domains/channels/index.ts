/**
 * The public entry point of `domains/channels`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { answerChannelMessage } from './answer-channel-message';
export { answerChannelMessageJob, sendChannelMessageJob } from './channel-jobs';
export { channelMessages } from './channel-messages';
export { channelRoutes } from './channel-routes';
export type { ChannelsContext } from './channels-context';
export { createChannelsContext } from './channels-context';
export type { InboundMessage } from './inbound-message';
export { verifyLineWebhook } from './line/verify-line-webhook';
export { verifyMetaWebhook } from './meta/verify-meta-webhook';
export { receiveInboundMessage } from './receive-inbound-message';
export { replyByHand } from './reply-by-hand';
export { resealChannelSecrets } from './reseal-channel-secrets';
export { sendChannelMessage } from './send-channel-message';
