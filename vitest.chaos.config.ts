import { defineConfig } from 'vitest/config';

/**
 * The fault and crash suites (docs/reliability.md): the integration global setup (one Temporal dev
 * server, workflows bundled once), real workers, real sandboxes over loopback, injected faults.
 */
export default defineConfig({
  test: {
    include: ['test/chaos/**/*.chaos.test.ts'],
    globalSetup: ['test/setup/temporal.global.ts', 'test/chaos/support/seed.global.ts'],
    setupFiles: ['test/setup/quiet-runtime.ts'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    // The files of a fork share its module cache, as in vitest.integration.config.ts.
    isolate: false,
  },
});
