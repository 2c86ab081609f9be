import { runWorkflowId } from '../../migration/contracts/run-name.js';
import type { MigrateLedgerStart } from '../../migration/contracts/start-input.js';
import { chooseProfile, checkDevProfile } from '../default-profile.js';
import { devStackTarget } from '../dev-stack-target.js';
import { CliError, exitCodes } from '../exit-codes.js';
import { lineText } from '../../migration/contracts/line-text.js';
import { sourceFolderProblem } from '../../migration/staging/confine-source.js';
import { runInput, type RunOptions } from '../run-options.js';
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
  return {
    formUrl: startFormUrl(webUiBase(settings, dev), settings.namespace),
    workflowId: runWorkflowId(runName),
    taskQueue: settings.taskQueue,
    workflowType: 'migrateLedger',
    input,
  };
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
