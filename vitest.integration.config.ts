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
    // The files of a fork share its module cache: each builds its own stack (Temporal clients,
    // workers, sandbox) and closes it, and the Temporal Runtime is installed once a process
    // (test/setup/quiet-runtime.ts). Importing the code again for each file cost about a minute
    // of CPU a run (docs/benchmarks.md, "The test suite").
    isolate: false,
  },
});
