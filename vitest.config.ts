import { defineConfig } from 'vitest/config';

/** Fast unit tests: no servers, no network beyond loopback servers a test starts itself. */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [
      'test/**/*.integration.test.ts',
      'test/chaos/**',
      'test/cluster/**',
      'node_modules/**',
    ],
    testTimeout: 30_000,
  },
});
