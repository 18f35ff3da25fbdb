/**
 * The public entry point of `domains/notifications`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { notificationModels } from './notification-models';
export { notificationRoutes } from './notification-routes';
export { notifyOwner } from './notify-owner';
