import { defineConfig } from 'vitest/config';

const notUnit = [
  'test/**/*.integration.test.ts',
  'test/chaos/**',
  'test/cluster/**',
  'node_modules/**',
];

/**
 * Files whose tests depend on a module's state being fresh: a once-per-process sweep, a timer a
 * module keeps, a `vi.mock` of a module other files load unmocked. They run with isolation.
 */
const needFreshModules = [
  'test/offheap/off-heap-map.test.ts',
  'test/migration/planning/unit-pages.test.ts',
  'test/workflows/run-progress.test.ts',
  'test/workflows/stale-pause.test.ts',
];

/**
 * Fast unit tests: no servers, no network beyond loopback servers a test starts itself. Most files
 * share their workers' module cache (no isolation): importing the code again for each file was a
 * large part of the suite's CPU (docs/benchmarks.md, "The test suite").
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    globalSetup: ['test/setup/compiled-programs.global.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...notUnit, ...needFreshModules],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: needFreshModules, exclude: notUnit },
      },
    ],
  },
});
