import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 ships CJS and ESM builds; Node (and so Yoga) loads the CJS one. Vite would pick
    // the ESM one for our sources, giving two GraphQLError classes in tests only.
    alias: { graphql: require.resolve('graphql') },
  },
  test: {
    include: ['src/**/*.test.ts', 'e2e/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file boots its own in-memory PGlite; two cores, so two forks.
    pool: 'forks',
    maxWorkers: 2,
  },
});
