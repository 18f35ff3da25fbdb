/**
 * The public entry point of `domains/onboarding`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { getStarted } from './get-started';
export { onboardingRoutes } from './onboarding-routes';
