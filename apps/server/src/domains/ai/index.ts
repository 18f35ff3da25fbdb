/**
 * The public entry point of `domains/ai`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { searchQueryOf } from './follow-up';
export { languageModelFor } from './language-model';
export type { RetrievedPassage } from './local-answer';
export { UNKNOWN_ANSWER } from './local-answer';
export type { ModelCall } from './model-call-span';
export { abandonModelCall, inModelCall, readInModelCall, startModelCall } from './model-call-span';
export type { ModelCatalog } from './model-catalog';
export { LOCAL_MODEL_ID, modelCatalog } from './model-catalog';
export { modelRoutes } from './model-routes';
export type { ProviderFailure } from './provider-errors';
export { providerFailures } from './provider-errors';
export type { ToolCallRecord } from './read-answer-stream';
export { readAnswerStream } from './read-answer-stream';
export type { ShopperLanguage } from './shopper-language';
export { detectLanguage, LANGUAGE_NAMES, languageOfThread, SHOPPER_LANGUAGES } from './shopper-language';
export type { ShopperTextKey } from './shopper-texts';
export { handoffQuickReply, shopperText } from './shopper-texts';
