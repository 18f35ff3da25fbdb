/**
 * The public entry point of `domains/billing`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { ACCOUNT_MODEL, publishAccountNow } from './account-events';
export { adjustBalance } from './adjust-balance';
export type { ChargeOutcome } from './billing-notices';
export { afterCharge, noticePaymentFailed } from './billing-notices';
export { billingRoutes } from './billing-routes';
export { billingSdl } from './billing-sdl';
export { chargeGeneration, generationCharge } from './charge-generation';
export type { Checkout } from './checkouts';
export { findCheckout, openCheckout, setCheckoutExternalId, settleCheckout, toCheckoutStatus } from './checkouts';
export type { Spending } from './credit';
export { answerRefusal, balanceOf, balanceSql, canSpend, NO_CREDIT, noCredit, spendingSql, surelyPayableSql } from './credit';
export { creditTopUp, refundTopUp } from './credit-top-up';
export { generationUsage } from './generation-usage';
export { ledgerKeyFor, stripeRefundedTotal, topUpOwner } from './ledger';
export { countWizardRun, limitUse, requireWithinLimit, uncountWizardRun, withinLimit } from './limits';
export type { Price, ProviderName } from './pricing';
export { costOf, PRICING_AS_OF, priceOf } from './pricing';
export { applySubscriptionState, findSubscription, renewingSubscription } from './subscriptions';
export { resumeTierPeriods, runTierPeriodsJob, tierPeriodsJob } from './tier-periods';
export type { TierChange, TierPlan } from './tiers';
export { currentTierPlans, DEFAULT_TIER_PLANS, paidTierPlan, seedTierPlans, setTierPlans } from './tiers';
