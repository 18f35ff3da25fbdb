import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'e2e/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file boots its own in-memory PGlite; two cores, so two forks.
    pool: 'forks',
    maxWorkers: 2,
  },
});
