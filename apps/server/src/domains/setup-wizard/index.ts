/**
 * The public entry point of `domains/setup-wizard`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { runSetupWizard } from './run-setup-wizard';
export { createSetupWizardContext } from './setup-wizard-context';
export { setupWizardModels } from './setup-wizard-models';
export { setupWizardRoutes } from './setup-wizard-routes';
export { setupWizardJob } from './wizard-jobs';
