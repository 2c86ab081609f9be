import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster` (docs/deploy.md, docs/reliability.md): a real Temporal server on a private
 * PostgreSQL, worker processes, several migrations at once. Not in CI: it takes minutes.
 */
export default defineConfig({
  test: {
    include: ['test/cluster/**/*.cluster.test.ts'],
    setupFiles: ['test/setup/quiet-runtime.ts'],
    testTimeout: 1_200_000,
    hookTimeout: 600_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
