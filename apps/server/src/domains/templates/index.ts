/**
 * The public entry point of `domains/templates`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { seedTemplates } from './seed-templates';
export { ORDER_STATUS_TEMPLATE_ID, STORE_FAQ_TEMPLATE_ID } from './seeded-templates';
export { templateModels } from './template-models';
