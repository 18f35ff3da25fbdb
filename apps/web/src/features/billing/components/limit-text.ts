import type { LimitName } from '@aisle/contracts/billing';

/** Each limit's name on the Account screen (the contract's LIMIT_LABELS, translated). */
export const LIMIT_LABEL = {
  assistants: 'limits.assistants.label',
  knowledgeStores: 'limits.knowledgeStores.label',
  storedMegabytes: 'limits.storedMegabytes.label',
  messagesPerMonth: 'limits.messagesPerMonth.label',
  channels: 'limits.channels.label',
  functions: 'limits.functions.label',
  wizardRuns: 'limits.wizardRuns.label',
} as const satisfies Record<LimitName, string>;

/** "2 assistants", "500 messages a month": a limit's amount with its unit (`count` and `value`, the formatted number). */
export const LIMIT_AMOUNT = {
  assistants: 'limits.assistants.amount',
  knowledgeStores: 'limits.knowledgeStores.amount',
  storedMegabytes: 'limits.storedMegabytes.amount',
  messagesPerMonth: 'limits.messagesPerMonth.amount',
  channels: 'limits.channels.amount',
  functions: 'limits.functions.amount',
  wizardRuns: 'limits.wizardRuns.amount',
} as const satisfies Record<LimitName, string>;
