/**
 * The public entry point of `domains/account-data`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export type { AccountDataContext } from './account-data-context';
export { createAccountDataContext } from './account-data-context';
export { accountDataRoutes } from './account-data-routes';
export { deleteAccount } from './delete-account';
export { eraseAccount } from './erase-account';
export { ownerRenamer } from './rename-owner';
