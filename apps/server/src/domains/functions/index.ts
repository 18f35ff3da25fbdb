/**
 * The public entry point of `domains/functions`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { functionModels } from './function-models';
export { functionRoutes } from './function-routes';
export { runAndRecord } from './function-runs';
export type { FunctionsContext } from './functions-context';
export type { AbilityScope, VisitorContact } from './host-abilities';
export { closeSandbox } from './sandbox/index';
export { argumentsValidatorFor, describeSchemaErrors, toolDefinitionOf, toolNameOf } from './tool-definition';
export { variableNamesOf } from './variable-names';
