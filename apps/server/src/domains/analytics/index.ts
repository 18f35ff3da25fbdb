/**
 * The public entry point of `domains/analytics`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export {
  analyticsRoundJob,
  refreshAfterQuietThread,
  refreshAfterShopperTurn,
  refreshOwnerAnalyticsJob,
  resumeAnalyticsRound,
  runAnalyticsRound,
  runOwnerRefreshJob,
} from './analytics-jobs';
export { analyticsModels } from './analytics-models';
export { analyticsRoutes } from './analytics-routes';
