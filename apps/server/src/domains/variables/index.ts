/**
 * The public entry point of `domains/variables`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { decodeVariablesKey, loadOrCreateVariablesKey, variablesKeyRule } from './encryption-key';
export { createVariable } from './manage-variables';
export { missingVariables, readVariableValues, UnreadableVariablesError } from './read-variables';
export { resealOwnerVariables } from './reseal-variables';
export { openSecret, SecretBoxError, sealSecret, secretBoxKey } from './secret-box';
export { variableRoutes } from './variable-routes';
export type { VariablesContext } from './variables-context';
