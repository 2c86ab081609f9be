import { Command, Option } from 'commander';
import { localDataDir } from '../config/project-paths.js';
import { sourceFormats } from '../../mappings/source-formats.js';
import { stepNames } from '../migration/contracts/steps.js';
import type { StartOptions } from './commands/start-run.js';
import type { TemporalOptions } from './temporal-connection.js';
import { KEPT_PER_CODE } from '../collections/first-per-code.js';

const exitCodesHelp = `
Exit codes:
  0  done, nothing needs attention
  1  done, but something needs you: errors in the exports, failed rows, books to review
  2  the command line was wrong
  3  Temporal, the API or a file could not be reached
  130  Ctrl-C while following a run: the run goes on in Temporal

A migration, step by step:
  ledgerlift dev                          start Temporal (with its Web UI), the sandbox and a worker
  ledgerlift connect --profile acme ...   authorize Ledgerlift on the real workspace (not needed for the sandbox)
  ledgerlift validate --source ./exports --format xero --cutover 2026-01-01
  ledgerlift dry-run --name acme --source ./exports --format xero --cutover 2026-01-01
  ledgerlift run --name acme --source ./exports --format xero --cutover 2026-01-01
  ledgerlift status acme --watch          progress per step, failures, ETA
  ledgerlift retry acme                   after fixing the exports: replay the failed rows
  ledgerlift report acme --open           the report, in your browser
`;

function temporalOptions(command: Command): Command {
  return command
    .option(
      '--address <host:port>',
      'Temporal frontend (default TEMPORAL_ADDRESS or 127.0.0.1:7233)',
    )
    .option('--namespace <name>', 'Temporal namespace (default TEMPORAL_NAMESPACE or default)')
    .option(
      '--task-queue <name>',
      'task queue of the workers (default LEDGERLIFT_TASK_QUEUE or ledgerlift)',
    );
}

/** Which failed rows `retry` and `skip` act on: one step's, one problem code's. */
function failedRowOptions(command: Command, codeExample = ''): Command {
  return command
    .addOption(new Option('--step <step>', 'only this step').choices([...stepNames]))
    .option('--code <code>', `only rows that failed with this code${codeExample}`);
}

function sourceOptions(command: Command): Command {
  return command
    .requiredOption(
      '--source <folder>',
      'the folder of export files, or a ZIP of them (docs/mappings.md)',
    )
    .addOption(
      new Option('--format <format>', 'the export format')
        .choices([...sourceFormats])
        .makeOptionMandatory(),
    )
    .option(
      '--overrides <file>',
      'a JSON file renaming columns, fixing the date format or account mapping (docs/mappings.md)',
    )
    .requiredOption(
      '--cutover <date>',
      'cutover date (YYYY-MM-DD): the first day of activity in the workspace; the opening balance is the legacy trial balance as at the day before (converted at 31 Dec 2025 -> --cutover 2026-01-01)',
    )
    .option(
      '--end <date>',
      "end of the migration window, the date the books are verified at (default: the legacy trial balance's date, else the latest date in the exports)",
    )
    .option(
      '--currency <code>',
      "the books' base currency; the workspace must be in it (default: the workspace's currency; validate offline: USD)",
    )
    .option(
      '--skip-kind <kinds...>',
      'leave out transactions of these kinds (as transaction.left-out names them, e.g. untyped, eft): you enter them by hand; without it they block a live run',
    );
}

type Act = <A extends unknown[]>(
  action: (...args: A) => Promise<number>,
) => (...args: A) => Promise<void>;

/**
 * A command's code, loaded when that command runs. Loaded up front, every command's modules
 * (Temporal's client and worker among them) took over a second of each command's start, `validate`
 * and `--help` included.
 */
function later<A extends unknown[]>(
  load: () => Promise<(...args: A) => Promise<number>>,
): (...args: A) => Promise<number> {
  return async (...args: A) => (await load())(...args);
}

/** The options that describe a migration: `dry-run`, `run` and `ui-input` share them. */
function migrationOptions(command: Command): Command {
  return temporalOptions(sourceOptions(command))
    .requiredOption(
      '--name <run>',
      'names the migration; the same name is the same migration (never two at once)',
    )
    .option(
      '--profile <name>',
      'connection profile (ledgerlift connect; default LEDGERLIFT_PROFILE, else "sandbox" against `ledgerlift dev`, else "default")',
    )
    .option('--batch-size <rows>', 'rows per bulk call, 1 to 100', '25')
    .option('--steps <list>', `only these steps, comma-separated (${stepNames.join(', ')})`)
    .option('--concurrency <calls>', 'API calls a step keeps in flight (the rate limit paces them)')
    .option(
      '--weight <share>',
      "the run's weight in the API budget runs of one client id share (default 1: equal shares)",
    )
    .option(
      '--skip-invalid-rows',
      'go live even though some rows have errors: those rows are skipped and reported',
    )
    .option(
      '--no-finish-when-clean',
      'keep a clean live run open for replays until `ledgerlift finish`',
    );
}

function runCommand(
  program: Command,
  act: Act,
  name: 'dry-run' | 'run',
  description: string,
): void {
  const command = program.command(name).description(description);
  migrationOptions(command)
    .option('--detach', 'start and return at once; follow with `ledgerlift status <run> --watch`')
    .option('--quiet', 'no progress while waiting');
  command.action(
    act(async (options: StartOptions) =>
      (await import('./commands/start-run.js')).startRun(
        name === 'run' ? 'live' : 'dry-run',
        options,
      ),
    ),
  );
}

/** The `ledgerlift` command line. */
export function buildProgram(exit: (code: number) => void): Command {
  const program = new Command('ledgerlift')
    .description(
      'Moves a legacy ledger (Xero, QuickBooks, generic CSV/XLSX exports) into a Partner Accounting API workspace, durably, on Temporal.',
    )
    .addHelpText('after', exitCodesHelp)
    .showHelpAfterError('(ledgerlift --help lists every command)')
    .exitOverride();

  // Every command answers its exit code; main.ts exits with it.
  const act: Act =
    <A extends unknown[]>(action: (...args: A) => Promise<number>) =>
    async (...args: A) => {
      exit(await action(...args));
    };

  program
    .command('dev')
    .description(
      'start the embedded stack: Temporal dev server with its Web UI, the sandbox and a worker (Ctrl-C stops)',
    )
    .option(
      '--data <dir>',
      "the stack's state: Temporal's database, runs, credentials",
      localDataDir,
    )
    .option('--port <port>', 'Temporal frontend port', '7233')
    .option('--ui-port <port>', 'Temporal Web UI port (default: port + 1000)')
    .option('--sandbox-port <port>', 'sandbox port', '4010')
    .option(
      '--window-seconds <seconds>',
      "the sandbox's rate window for 100 requests (the real API: 60)",
      '60',
    )
    .option(
      '--currency <code>',
      'rehearse in a sandbox workspace in this currency (default USD), e.g. CAD',
    )
    .option(
      '--country <code>',
      "the sandbox workspace's country, e.g. CA (default: the currency's)",
    )
    .action(act(later(async () => (await import('./commands/dev.js')).dev)));

  program
    .command('connect')
    .description(
      'authorize Ledgerlift on a workspace (OAuth consent in the browser); tokens stay on this machine',
    )
    .option('--profile <name>', 'profile to store the tokens under', 'default')
    .option('--base-url <url>', 'the API base URL (default LEDGERLIFT_API_BASE_URL)')
    .option('--client-id <id>', 'the OAuth client id (default LEDGERLIFT_CLIENT_ID)')
    .option(
      '--client-secret <secret>',
      'the OAuth client secret; it leaks into the shell history and `ps`: prefer LEDGERLIFT_CLIENT_SECRET or --client-secret-stdin',
    )
    .option(
      '--client-secret-stdin',
      'read the OAuth client secret from standard input (its first line)',
    )
    .option('--port <port>', 'loopback port for the redirect (0: any free port)', '0')
    .option('--no-browser', 'only print the consent URL')
    .action(act(later(async () => (await import('./commands/connect.js')).connect)));

  program
    .command('template [dir]')
    .description(
      'write the generic templates to <dir> (an XLSX workbook, one sheet per entity, and matching CSVs), or with --format print what to export from that system: each file, its menu path and its dates',
    )
    .addOption(
      new Option('--format <format>', 'the format whose export checklist to print').choices([
        ...sourceFormats,
      ]),
    )
    .option('--cutover <date>', 'cutover date (YYYY-MM-DD): the checklist names the dates from it')
    .option('--end <date>', 'end date (YYYY-MM-DD), the date the books are verified at')
    .action(act(later(async () => (await import('./commands/template.js')).template)));

  sourceOptions(program.command('validate'))
    .description('read and check the exports offline: every problem with its file, row and column')
    .option('--json', 'one JSON problem per line, for scripts')
    .option('--limit <n>', 'errors and warnings to print per code', String(KEPT_PER_CODE))
    .option(
      '--profile <name>',
      "also check that profile's workspace before anything is written (reads only)",
    )
    .option(
      '--report <file>',
      'also write the validate report (JSON): problems and predicted verdict',
    )
    .action(act(later(async () => (await import('./commands/validate.js')).validate)));

  runCommand(
    program,
    act,
    'dry-run',
    'plan the migration without writing: predicted calls, matches, problems and the books it will produce',
  );
  runCommand(
    program,
    act,
    'run',
    'migrate for real, then verify the books; waits for you if rows fail',
  );

  migrationOptions(program.command('ui-input'))
    .description(
      "what to type into the Temporal Web UI's Start Workflow form for this migration, and the JSON to paste (starts nothing)",
    )
    .option('--dry-run', 'a dry run (default: a live run, as `ledgerlift run`)')
    .option('--json', 'only the JSON to paste')
    .action(act(later(async () => (await import('./commands/ui-input.js')).uiInput)));

  temporalOptions(program.command('status [run]'))
    .description(
      'progress per step (planned, done, failed, skipped), calls and ETA; without a run, every run',
    )
    .option('--watch', 'follow the run until it finishes or waits for you')
    .option('--json', 'the progress as JSON')
    .action(act(later(async () => (await import('./commands/status.js')).status)));

  failedRowOptions(temporalOptions(program.command('retry <run>')), ' (e.g. api.400)')
    .description('re-read the (corrected) exports and replay the failed rows')
    .option('--wait', 'follow the replay')
    .action(act(later(async () => (await import('./commands/control.js')).retry)));

  failedRowOptions(temporalOptions(program.command('skip <run>')))
    .description('mark failed rows as handled by hand; they are no longer replayed')
    .option('--keys <list>', 'only these legacy keys, comma-separated')
    .action(act(later(async () => (await import('./commands/control.js')).skip)));

  temporalOptions(program.command('pause <run>'))
    .description('stop making API calls (calls in flight finish)')
    .option('--reason <text>', 'shown in the progress and the Web UI')
    .action(
      act(async (run: string, options: TemporalOptions) =>
        (await import('./commands/control.js')).signal('pause', run, options),
      ),
    );
  temporalOptions(program.command('resume <run>'))
    .description('continue a paused run (also after a credential or quota problem is fixed)')
    .action(
      act(async (run: string, options: TemporalOptions) =>
        (await import('./commands/control.js')).signal('resume', run, options),
      ),
    );
  temporalOptions(program.command('finish <run>'))
    .description('end a live run that is waiting for replays')
    .action(
      act(async (run: string, options: TemporalOptions) =>
        (await import('./commands/control.js')).signal('finish', run, options),
      ),
    );

  program
    .command('report <run>')
    .description("print where the run's newest report is (HTML, XLSX, JSON)")
    .option('--open', 'open the HTML report in the browser')
    .addOption(
      new Option('--format <format>', 'print only this file').choices(['html', 'xlsx', 'json']),
    )
    .action(act(later(async () => (await import('./commands/report.js')).report)));

  program
    .command('log <run>')
    .description('the API calls a run made, oldest first (docs/cli.md)')
    .option('--step <step>', 'only this step (or "verification", "undo-snapshot")')
    .option('--status <status>', 'a code (201), a class (4xx), "failed" or "none"')
    .option('--method <method>', 'only this HTTP method')
    .option('--since <time>', 'calls that started at or after this date or time')
    .option('--until <time>', 'calls that started before this date or time')
    .option('--unit <unit>', 'a unit id, or its beginning (replay-1/invoices)')
    .option('--id <uuid>', 'calls on or producing this workspace UUID')
    .option('--stage <stage>', 'one execution or replay round')
    .option('--limit <n>', 'only the newest n calls')
    .option('--json', 'the JSON lines of the log instead of a table')
    .action(act(later(async () => (await import('./commands/log.js')).log)));

  temporalOptions(program.command('undo <run>'))
    .description(
      'reverse what a live run created, then check the trial balance against the one before the run',
    )
    .option('--dry-run', 'only the reversal plan: counts, calls and duration at the rate limit')
    .option('--steps <list>', "only these steps' records, comma-separated (e.g. payments)")
    .option('--profile <name>', "the connection profile of the run's workspace")
    .option('--json', 'the outcome as JSON')
    .action(act(later(async () => (await import('./commands/undo.js')).undo)));

  temporalOptions(program.command('worker'))
    .description('run a worker (configured from the environment; see docs/deploy.md)')
    .action(act(later(async () => (await import('./commands/worker.js')).worker)));

  return program;
}
