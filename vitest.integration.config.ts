import { defineConfig } from 'vitest/config';

/**
 * Integration tests: one real Temporal dev server for the whole run (test/setup/temporal.global.ts),
 * real workers, and real sandboxes over loopback HTTP.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.integration.test.ts'],
    globalSetup: ['test/setup/temporal.global.ts'],
    setupFiles: ['test/setup/quiet-runtime.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
