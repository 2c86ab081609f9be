import { runWorkflowId } from '../../migration/contracts/run-name.js';
import type { MigrateLedgerStart } from '../../migration/contracts/start-input.js';
import { chooseProfile, checkDevProfile } from '../default-profile.js';
import { devStackTarget } from '../dev-stack-target.js';
import { CliError, exitCodes } from '../exit-codes.js';
import { lineText } from '../../migration/contracts/line-text.js';
import { sourceFolderProblem } from '../../migration/staging/confine-source.js';
import { runInput, type RunOptions } from '../run-options.js';
import { formatLocation, type Problem } from '../../ledger/index.js';
import { readValidatedExports } from '../../migration/staging/validated-exports.js';
import { settingsFrom, type TemporalOptions } from '../temporal-connection.js';
import { startFormUrl, webUiBase } from '../web-ui-link.js';

export type UiInputOptions = RunOptions & TemporalOptions & { dryRun?: boolean; json?: boolean };

/** What the Web UI's Start Workflow form needs, each fact once. */
interface StartForm {
  formUrl: string;
  workflowId: string;
  taskQueue: string;
  workflowType: 'migrateLedger';
  /** The JSON for Input → Data: no runName, since the workflow takes it from the Workflow ID. */
  input: MigrateLedgerStart;
}

/** The form for these options, checked by the same rules as `ledgerlift run`. */
async function startForm(options: UiInputOptions): Promise<StartForm> {
  const settings = settingsFrom(options);
  const dev = devStackTarget(settings);
  const profile = chooseProfile(options.profile, dev);
  const { runName, ...input } = runInput(
    { ...options, profile },
    options.dryRun ? 'dry-run' : 'live',
  );
  await checkDevProfile(profile, dev);
  // The folder, as validate checks it: a mistyped one would start a run that reads nothing. This
  // machine's view of it, so run ui-input where the worker runs (docs/web-ui.md).
  const problem = await sourceFolderProblem(input.source.folder);
  if (problem !== undefined) {
    throw new CliError(
      `--source: ${lineText(problem)}; check --source (the folder as the worker sees it).`,
      exitCodes.needsAttention,
    );
  }
  // A folder there but of nothing the reader can use: a run would be blocked at once.
  const nothing = await nothingReadProblem(input);
  if (nothing !== undefined) throw new CliError(lineText(nothing), exitCodes.needsAttention);
  return {
    formUrl: startFormUrl(webUiBase(settings, dev), settings.namespace),
    workflowId: runWorkflowId(runName),
    taskQueue: settings.taskQueue,
    workflowType: 'migrateLedger',
    input,
  };
}

/**
 * Why a run of `input` would read nothing to write from its folder, or undefined once the exports
 * give a first record it could write: the folder is read as validate reads it, and no further.
 * The first error is told as validate prints it.
 */
async function nothingReadProblem(input: MigrateLedgerStart): Promise<string | undefined> {
  let errors = 0;
  let first: Problem | undefined;
  const items = readValidatedExports({
    runName: 'ui-input',
    stageId: 'ui-input',
    source: input.source,
    cutoverDate: input.cutoverDate,
    ...(input.endDate ? { endDate: input.endDate } : {}),
    currency: input.currency ?? 'USD',
    batchSize: 25,
  });
  for await (const item of items) {
    // A legacy trial balance is compared with, never written: alone, a run migrates nothing.
    if (item.kind === 'record') {
      if (item.record.entity !== 'trial-balance') return undefined;
    } else if (item.problem.severity === 'error') {
      errors += 1;
      first ??= item.problem;
    }
  }
  const why = first
    ? ` (${plural(errors, 'error')}, the first ${first.code}${first.location ? ` at ${formatLocation(first.location)}` : ''}: ${first.message})`
    : '';
  return (
    `--source: read nothing from ${input.source.folder} as ${input.source.format} exports, so a ` +
    `run would migrate nothing${why}. Check --source and --format; ledgerlift validate with the ` +
    'same options lists every problem.'
  );
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * `ledgerlift ui-input`: takes the options of `ledgerlift run` and prints what to type into the
 * Web UI's Start Workflow form, and the JSON to paste (docs/web-ui.md). Starts nothing.
 */
export async function uiInput(options: UiInputOptions): Promise<number> {
  const form = await startForm(options);
  const json = JSON.stringify(form.input, null, 2);
  if (options.json) {
    console.log(json);
    return exitCodes.ok;
  }
  console.log(
    [
      `In the Temporal Web UI, Start Workflow (${form.formUrl}):`,
      `  Workflow ID     ${form.workflowId}`,
      `  Task Queue      ${form.taskQueue}`,
      `  Workflow Type   ${form.workflowType}`,
      '  Input > Data    paste the JSON below (encoding json/plain)',
      '',
      json,
      '',
      'After pasting, press Tab (or click outside the editor) before you click Start Workflow:',
      'the form reads the editor when it loses focus, so a first click straight after pasting sends nothing.',
    ].join('\n'),
  );
  return exitCodes.ok;
}
