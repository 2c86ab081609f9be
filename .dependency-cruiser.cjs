// The layers of Ledgerlift, checked by `npm run lint` (docs/conventions.md, "Layout", gives one row
// per folder, each naming its rule here). Every rule is a "may not import": a wrong import fails the
// lint step with the rule's name. test/conventions/layers.test.ts proves the rules bite on fixtures.

/** Project code: what a rule that allows only some folders forbids the rest of. */
const project = '^(src|workflows|activities|mappings|sandbox|scripts|bin|bench|test)/';
/** The foundations: exact money and JSON, collections, the ledger model, private files. */
const foundations = 'src/(money|json|collections|ledger|private-files)/';
/** What reads the exports: readers, validation, format mappings. */
const intake = 'src/(sources|validation)/|mappings/';

/**
 * A rule that lets `from` import project code only from `allowed` (regular expression
 * alternatives, each relative to the repository root) and from its own folder.
 */
function onlyImports(name, comment, from, allowed) {
  return {
    name,
    severity: 'error',
    comment,
    from: { path: `^${from}` },
    to: { path: project, pathNot: `^(${from}|${allowed.join('|')})` },
  };
}

/** A rule that forbids `from` to import anything under `forbidden`. */
function neverImports(name, comment, from, forbidden) {
  return {
    name,
    severity: 'error',
    comment,
    from: { path: `^${from}` },
    to: { path: `^(${forbidden.join('|')})` },
  };
}

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

    // Foundations.
    onlyImports('money-imports-nothing', 'Exact money sits at the bottom.', 'src/money/', []),
    onlyImports('json-imports-only-money', 'Exact JSON knows money.', 'src/json/', ['src/money/']),
    onlyImports('collections-import-nothing', 'Generic helpers.', 'src/collections/', []),
    onlyImports('private-files-import-nothing', 'Owner-only files.', 'src/private-files/', []),
    onlyImports(
      'code-form-imports-nothing',
      'Which form the code runs in, for what a process starts.',
      'src/code-form/',
      [],
    ),
    onlyImports('ledger-imports-only-money', 'The canonical model.', 'src/ledger/', ['src/money/']),

    // Intake: readers, validation, format mappings.
    onlyImports(
      'readers-import-only-foundations',
      'Readers and the mapping framework know no format mapping, no validation rule, no run.',
      'src/sources/',
      [foundations],
    ),
    onlyImports(
      'validation-imports-foundations-and-offheap',
      'Validation knows the ledger model, not the mappings that produce it.',
      'src/validation/',
      [foundations, 'src/offheap/'],
    ),
    onlyImports(
      'mappings-import-only-intake',
      'Format mappings are pure maps from raw rows to the ledger; what a report holds until the end of the exports is kept off the heap.',
      'mappings/',
      [foundations, 'src/sources/', 'src/validation/', 'src/offheap/'],
    ),

    // The migration, bottom to top.
    onlyImports(
      'contracts-import-only-the-ledger',
      'What the migration and the workflows share imports nothing of the project but the ledger model.',
      'src/migration/contracts/',
      ['src/(ledger|money)/'],
    ),
    onlyImports(
      'accounting-is-pure',
      'Accounting rules are pure functions of ledger records: no engine, store or API.',
      'src/migration/accounting/',
      [foundations, 'src/migration/contracts/'],
    ),
    onlyImports(
      'outcomes-sit-below-every-step',
      'Row outcomes, references and the run keys are what every part of a run shares.',
      'src/migration/outcomes/',
      [foundations, 'src/(offheap|run-store)/', 'src/migration/(contracts|accounting)/'],
    ),
    onlyImports(
      'staging-imports-intake-not-the-steps',
      'Staging reads the exports into the run store; it knows no plan, unit or outcome.',
      'src/migration/staging/',
      [
        foundations,
        intake,
        'src/(offheap|run-store|code-form)/',
        'src/migration/(contracts|accounting)/',
      ],
    ),
    onlyImports(
      'call-log-imports-only-contracts',
      'The call log records calls; it knows the API client only by its types.',
      'src/migration/call-log/',
      ['src/run-store/', 'src/migration/contracts/', 'src/partner-api/index\\.ts$'],
    ),
    onlyImports(
      'engine-is-the-port-of-the-steps',
      'The dependencies, the handler port and call failures: no step handler, no adapter.',
      'src/migration/engine/',
      [
        'src/run-store/',
        'src/migration/(contracts|outcomes)/',
        'src/migration/planning/plan-sink\\.ts$',
        // The client's one typed error, which the engine reads to settle a call.
        'src/partner-api/errors\\.ts$',
      ],
    ),
    onlyImports(
      'planning-never-sends',
      'Planning decides units from staged rows and outcomes; it makes no API call.',
      'src/migration/planning/',
      [foundations, 'src/run-store/', 'src/migration/(contracts|engine|outcomes|staging)/'],
    ),
    onlyImports(
      'sending-runs-planned-units',
      'Sending executes and reconciles planned units; the undo lends it only the pre-run records.',
      'src/migration/sending/',
      [
        foundations,
        'src/run-store/',
        'src/migration/(contracts|engine|outcomes|planning|call-log)/',
        'src/migration/undo/pre-run-records\\.ts$',
      ],
    ),
    onlyImports(
      'handlers-plug-into-the-engine',
      'A step handler implements the port; it sees the API client only for its pure rules.',
      'src/migration/handlers/',
      [
        foundations,
        'src/migration/(contracts|accounting|engine|outcomes)/',
        'src/partner-api/newest-first\\.ts$',
        'src/migration/undo/reversal-rows\\.ts$',
      ],
    ),
    onlyImports(
      'api-adapter-imports-the-client-and-the-port',
      'The Partner API client seen through the migration port, its failures classified.',
      'src/migration/api-adapter/',
      ['src/(money|json)/', 'src/partner-api/', 'src/migration/(contracts|engine)/'],
    ),
    onlyImports(
      'workspace-reads-through-sending',
      'The workspace pre-check, snapshots and binding: reads made like any unit call.',
      'src/migration/workspace/',
      [
        foundations,
        'src/run-store/',
        'src/migration/(contracts|engine|outcomes|staging|sending|handlers)/',
      ],
    ),
    onlyImports(
      'verification-reads-what-the-steps-wrote',
      'Verification compares the workspace or the projection with the legacy books.',
      'src/migration/verification/',
      [
        foundations,
        'src/run-store/',
        'src/migration/(contracts|accounting|engine|outcomes|staging|sending|handlers)/',
      ],
    ),
    onlyImports(
      'undo-reverses-through-the-steps',
      'The undo plans and reverses a run with the steps own parts; it writes no report itself.',
      'src/migration/undo/',
      [
        foundations,
        'src/run-store/',
        'src/migration/(contracts|accounting|engine|outcomes|planning|sending|handlers|api-adapter|verification|workspace)/',
        'src/partner-api/errors\\.ts$',
      ],
    ),
    onlyImports(
      'replay-history-reads-outcomes',
      'The record of replay rounds, read from the outcome log.',
      'src/migration/replay-history/',
      ['src/run-store/', 'src/offheap/', 'src/migration/(contracts|outcomes)/'],
    ),
    onlyImports(
      'reporting-reads-the-run',
      'What a run came to, as reports and the CLI read it; never the workflows or the reports.',
      'src/migration/reporting/',
      [
        foundations,
        'src/run-store/',
        'src/migration/(contracts|engine|outcomes|staging|call-log|replay-history|verification)/',
      ],
    ),
    onlyImports(
      'migration-root-imports-only-contracts',
      'Files directly under src/migration/ (the source confinement) import only the contracts.',
      'src/migration/[^/]+\\.ts$',
      ['src/migration/contracts/'],
    ),
    neverImports(
      'migration-sits-below-the-activities-and-reports',
      'The migration knows neither the activities that run it nor the reports written from it.',
      'src/migration/',
      ['activities/', 'src/reports/'],
    ),

    // Infrastructure.
    onlyImports(
      'partner-api-client-stands-alone',
      'The API client knows credentials, config, money and JSON; nothing of a migration.',
      'src/partner-api/',
      ['src/(credentials|config|money|json)/'],
    ),
    onlyImports(
      'credentials-import-config-and-foundations',
      'The credential store.',
      'src/credentials/',
      [foundations, 'src/config/'],
    ),
    onlyImports(
      'config-imports-only-foundations',
      'Configuration read from the environment and files.',
      'src/config/',
      [foundations],
    ),
    onlyImports('offheap-imports-only-foundations', 'LMDB scratch maps.', 'src/offheap/', [
      foundations,
    ]),
    onlyImports('run-store-imports-only-foundations', 'The run store.', 'src/run-store/', [
      foundations,
    ]),
    onlyImports(
      'reports-read-through-the-read-model',
      'Reports see a run through src/migration/reporting/run-read-model.ts, never its storage keys.',
      'src/reports/',
      [
        foundations,
        'src/migration/contracts/',
        'src/migration/reporting/run-read-model\\.ts$',
        'src/migration/call-log/summarize-call-log\\.ts$',
      ],
    ),

    // The Temporal sides and the programs.
    neverImports(
      'activities-never-import-the-programs',
      'Activities sit below the worker, the CLI and the dev stack, and never import workflow code.',
      'activities/',
      ['workflows/', 'src/(worker|cli|dev)/', 'sandbox/', 'scripts/', 'bin/', 'bench/'],
    ),
    {
      name: 'only-the-worker-registers-activities',
      severity: 'error',
      comment:
        'activities/ is what the worker registers: the worker, benchmarks and (for types) the workflows import it.',
      from: { pathNot: '^(activities|src/worker|workflows|bench|test)/' },
      to: { path: '^activities/' },
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
    neverImports(
      'worker-never-imports-the-cli-or-dev-stack',
      'The worker process is started by them, not the other way round.',
      'src/worker/',
      ['src/(cli|dev)/', 'sandbox/', 'scripts/', 'bin/', 'bench/'],
    ),
    neverImports(
      'cli-never-imports-scripts-or-the-sandbox',
      'The ledgerlift command reaches the sandbox through the dev stack.',
      'src/cli/',
      ['sandbox/', 'scripts/', 'bin/', 'bench/'],
    ),
    neverImports(
      'dev-stack-never-imports-the-cli',
      'The embedded stack (Temporal CLI, dev server, sandbox) is what the CLI starts.',
      'src/dev/',
      ['src/cli/', 'scripts/', 'bin/', 'bench/'],
    ),
    onlyImports(
      'synthetic-company-imports-intake',
      'Generated companies are written as exports: intake, foundations, templates, config.',
      'src/synthetic-company/',
      [foundations, intake, 'src/(templates|config)/'],
    ),
    onlyImports(
      'templates-import-the-generic-mapping',
      'The generic CSV templates are written from the generic mapping.',
      'src/templates/',
      [foundations, 'mappings/'],
    ),
    onlyImports(
      'sandbox-imports-only-money-and-json',
      'The sandbox emulates the API; sharing pipeline code would hide contract drift.',
      'sandbox/',
      ['src/(money|json)/'],
    ),
    neverImports(
      'scripts-never-import-bench-or-bin',
      'Entry points behind npm run: thin, they call into src/.',
      'scripts/',
      ['bin/', 'bench/'],
    ),
    onlyImports(
      'bin-imports-only-the-cli',
      'The ledgerlift command starts the CLI and nothing else.',
      'bin/',
      ['src/cli/'],
    ),
    neverImports(
      'bench-never-imports-scripts-or-bin',
      'Benchmarks call into src/ (and test support), not into other entry points.',
      'bench/',
      ['scripts/', 'bin/'],
    ),
    {
      name: 'shipped-code-never-imports-tests',
      severity: 'error',
      comment: 'Tests import shipped code, never the other way round.',
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
