/**
 * The public entry point of `domains/test-suites`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { runScheduled, runSuite, runTestSuiteJob, scheduledTestRunJob, startRun } from './run-suite';
export { checkSuiteChange, suiteChangeJob, watchSuiteChanges } from './suite-changes';
export type { TestSuiteContext } from './test-suite-context';
export { createTestSuiteContext } from './test-suite-context';
export { testSuiteModels } from './test-suite-models';
export { testSuiteRoutes } from './test-suite-routes';
