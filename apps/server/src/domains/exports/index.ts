/**
 * The public entry point of `domains/exports`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { downloadRoutes } from './download-routes';
export { eraseOwnerExports, eraseSubjectExports } from './erase-exports';
export type { ExportsContext } from './exports-context';
export { createExportsContext } from './exports-context';
export { saveExport } from './save-export';
