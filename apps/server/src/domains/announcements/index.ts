/**
 * The public entry point of `domains/announcements`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { announcementModels } from './announcement-models';
