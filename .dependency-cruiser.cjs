// The layers of Ledgerlift, checked by `npm run lint` (docs/conventions.md, "Layers", explains each
// rule). Every rule is a "may not import": a wrong import fails the lint step with the rule's name.
// test/conventions/layers.test.ts proves the rules bite on a deliberate fixture.

/** Project code outside the named folders: `to.pathNot` of a rule that allows only those. */
const project = '^(src|workflows|activities|mappings|sandbox|scripts|bin|bench|test)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Data flows one way: no file may reach itself through its imports.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'foundations-import-only-foundations',
      severity: 'error',
      comment:
        'Money, exact JSON, collections, the ledger model and private files sit at the bottom.',
      from: { path: '^src/(money|json|collections|ledger|private-files)/' },
      to: { path: project, pathNot: '^src/(money|json|collections|ledger|private-files)/' },
    },
    {
      name: 'contracts-import-only-the-ledger',
      severity: 'error',
      comment:
        'Shared contracts of the migration import nothing of the project but the ledger model.',
      from: { path: '^src/migration/contracts/' },
      to: { path: project, pathNot: '^src/(migration/contracts|ledger|money)/' },
    },
    {
      name: 'intake-never-imports-the-migration',
      severity: 'error',
      comment:
        'Readers, the mapping framework, format mappings and validation know nothing of runs.',
      from: { path: '^(src/sources|src/validation|mappings)/' },
      to: {
        path: '^(src/migration|src/reports|src/run-store|src/worker|src/cli|src/dev|activities|workflows)/',
      },
    },
    {
      name: 'readers-below-mappings-and-validation',
      severity: 'error',
      comment: 'Readers and the mapping framework know no format mapping and no validation rule.',
      from: { path: '^src/sources/' },
      to: { path: '^(src/validation|mappings)/' },
    },
    {
      name: 'validation-below-mappings',
      severity: 'error',
      from: { path: '^src/validation/' },
      to: { path: '^mappings/' },
    },
    {
      name: 'engine-never-imports-a-handler',
      severity: 'error',
      comment: 'The engine runs any step; a step handler plugs into it (handlers/registry.ts).',
      from: { path: '^src/migration/engine/' },
      to: { path: '^src/migration/(handlers|api-adapter|verification)/' },
    },
    {
      name: 'accounting-is-pure',
      severity: 'error',
      comment: 'Accounting rules are pure functions of ledger records: no engine, store or API.',
      from: { path: '^src/migration/accounting/' },
      to: {
        path: '^(src/migration/(engine|handlers|staging|verification|api-adapter)|src/run-store|src/offheap|src/partner-api)/',
      },
    },
    {
      name: 'staging-below-the-engine',
      severity: 'error',
      from: { path: '^src/migration/staging/', pathNot: '-activities\\.ts$' },
      to: { path: '^src/migration/(engine|handlers|verification|api-adapter)/' },
    },
    {
      name: 'reports-read-through-the-read-model',
      severity: 'error',
      comment:
        'Reports see a run through src/migration/reporting/run-read-model.ts, never its storage keys.',
      from: { path: '^src/reports/' },
      to: {
        path: '^(src/migration/(engine|staging|handlers|api-adapter|accounting|verification)|src/run-store|src/offheap)/',
      },
    },
    {
      name: 'config-and-credentials-below-the-dev-stack',
      severity: 'error',
      from: { path: '^src/(config|credentials)/' },
      to: { path: '^(src/(dev|cli|worker|migration)|activities|workflows)/' },
    },
    {
      name: 'partner-api-client-stands-alone',
      severity: 'error',
      comment: 'The API client knows credentials, config, money and JSON; nothing of a migration.',
      from: { path: '^src/partner-api/' },
      to: { path: project, pathNot: '^src/(partner-api|credentials|config|money|json)/' },
    },
    {
      name: 'sandbox-imports-only-money-and-json',
      severity: 'error',
      comment: 'The sandbox emulates the API; sharing pipeline code would hide contract drift.',
      from: { path: '^sandbox/' },
      to: { path: project, pathNot: '^(sandbox|src/money|src/json)/' },
    },
    {
      name: 'workflows-import-only-contracts',
      severity: 'error',
      comment:
        'Workflow code is deterministic: other workflow files, the contracts, the retry schedule, and activity types.',
      from: { path: '^workflows/' },
      to: {
        path: project,
        pathNot: '^(workflows/|src/migration/contracts/|src/partner-api/retry-schedule\\.ts$)',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'shipped-code-never-imports-tests',
      severity: 'error',
      from: { path: '^(src|workflows|activities|mappings|sandbox|scripts|bin)/' },
      to: { path: '^test/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.tools|\\.ledgerlift)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
