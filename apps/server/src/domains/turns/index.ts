/**
 * The public entry point of `domains/turns`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { answerTurn } from './answer-turn';
export { askerKey } from './asker-key';
export { hasToolsSql, linkedFunctionTools } from './assistant-tools';
export type { HandoffReason } from './handoff';
export { HANDOFF_TEXT, handoffRequestOf } from './handoff';
export { linkedStoreIds } from './retrieve-passages';
export { runTurn } from './run-turn';
export { SAFEGUARD_REFUSAL } from './safeguard';
export type { TurnContext } from './turn-context';
export { createTurnContext } from './turn-context';
export { turnErrorOf } from './turn-errors';
export type { TurnAnswer, TurnEvent } from './turn-events';
export { HISTORY_MESSAGES, historyOf } from './turn-prompt';
export type { LoadedTurn, TurnStore } from './turn-store';
