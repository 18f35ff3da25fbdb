import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

// Tests of Postgres, Redis and several processes sharing them run in the scaled-out pass only (in
// the embedded pass they are left out rather than reported as skipped).
const scaledOnly = [
  'e2e/scaled-out.test.ts',
  'e2e/scaled-out-sharing.test.ts',
  'e2e/web-concurrency.test.ts',
  'e2e/worker-split.test.ts',
  'e2e/object-storage-split.test.ts',
  'e2e/metrics-processes.test.ts',
  'e2e/outages.test.ts',
  'src/lib/event-bus.test.ts',
  'src/db/statement-timeout.test.ts',
];
const scaled = process.env.AISLE_TEST_BACKEND === 'scaled';

export default defineConfig({
  resolve: {
    // graphql 16 ships CJS and ESM builds; Node (and so Yoga) loads the CJS one. Vite would pick
    // the ESM one for our sources, giving two GraphQLError classes in tests only.
    alias: { graphql: require.resolve('graphql') },
  },
  test: {
    include: ['src/**/*.test.ts', 'e2e/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(scaled ? [] : scaledOnly)],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file boots its own in-memory PGlite; two cores, so two forks.
    pool: 'forks',
    maxWorkers: 2,
  },
});
