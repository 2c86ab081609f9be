// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * Workflow code runs in Temporal's deterministic sandbox: no Node builtins and no I/O libraries.
 * The bundler would reject most of these at worker start; the lint rule rejects them at edit time.
 */
const workflowBannedModules = [
  'fs',
  'path',
  'os',
  'crypto',
  'http',
  'https',
  'net',
  'tls',
  'dns',
  'child_process',
  'worker_threads',
  'stream',
  'zlib',
  'undici',
  'exceljs',
  'csv-parse',
  'p-limit',
  '@temporalio/client',
  '@temporalio/worker',
  '@temporalio/activity',
];

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', '.tools/', '.ledgerlift/', 'coverage/', 'test/fixtures/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='parseFloat']",
          message: 'Money is never a binary float: use src/money.',
        },
      ],
    },
  },
  {
    files: ['workflows/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: workflowBannedModules.map((name) => ({
            name,
            message: 'Workflow code must stay deterministic: no Node builtins or I/O libraries.',
          })),
          patterns: [
            {
              group: ['node:*'],
              message: 'Workflow code must stay deterministic: no Node builtins.',
            },
            {
              group: ['**/activities/*', '**/activities'],
              allowTypeImports: true,
              message:
                'Workflows reach activities through proxyActivities; import their types only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Plain JavaScript outside the TypeScript project: linted without type information.
    files: ['eslint.config.js', 'bin/*.js', '.dependency-cruiser.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
