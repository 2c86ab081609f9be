import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { undoRun } from '../../../workflows/undo-run.js';
import { describeWorkspace } from '../../migration/contracts/workspace-identity.js';
import { runNameProblem } from '../../migration/contracts/run-name.js';
import { isStepName, type StepName } from '../../migration/contracts/steps.js';
import {
  undoWorkflowId,
  type UndoInput,
  type UndoOutcome,
} from '../../migration/contracts/undo-types.js';
import { undoReportFiles } from '../../reports/undo/write-undo-report.js';
import { chooseProfile } from '../default-profile.js';
import { aboutDuration } from '../../migration/contracts/shown-figures.js';
import { CliError, exitCodes } from '../exit-codes.js';
import { devStackTarget } from '../dev-stack-target.js';
import { heldMessage, runHolder } from '../run-holder.js';
import { boundWorkspace, refuseAnotherWorkspace } from '../run-workspace.js';
import { connectTemporal, settingsFrom, type TemporalOptions } from '../temporal-connection.js';

export interface UndoOptions extends TemporalOptions {
  dryRun?: boolean;
  steps?: string;
  profile?: string;
  json?: boolean;
}

/** `--steps payments,bills` as step names, or a usage error naming the unknown one. */
function stepsOption(text: string | undefined): StepName[] | undefined {
  if (text === undefined) return undefined;
  const steps = text
    .split(',')
    .map((step) => step.trim())
    .filter(Boolean);
  const unknown = steps.find((step) => !isStepName(step));
  if (unknown !== undefined || steps.length === 0)
    throw new CliError(`--steps: unknown step "${unknown ?? text}".`);
  return steps as StepName[];
}

/** The lines an operator reads: the plan, then (live) the verification. */
export function undoSummary(runName: string, outcome: UndoOutcome): string[] {
  const lines = [
    `Undo of ${runName}: ${outcome.status}`,
    `  plan: ${outcome.plan.calls} calls (${aboutDuration(outcome.estimatedMinutes * 60)} at the rate limit), ${outcome.plan.notReversible} records not reversible`,
    ...outcome.plan.groups.map((g) => `    ${g.phase.padEnd(26)} ${g.step.padEnd(18)} ${g.units}`),
  ];
  const verification = outcome.verification;
  if (verification) {
    lines.push(
      verification.balanced
        ? '  trial balance: equal to the snapshot before the run, to the cent'
        : `  trial balance: ${verification.differences.length} accounts differ from the snapshot`,
      `  reversed: ${verification.reversed}; not reversed: ${verification.notReversed.length}; accounts made inactive instead of deleted: ${verification.inactiveInstead.length}`,
      ...(verification.keptSettings ?? []).map((kept) => `  kept: ${kept.entity} (${kept.reason})`),
    );
  }
  // The page a consultant reads, as `run` and `dry-run` point to theirs (the JSON and XLSX beside it).
  if (outcome.reportFolder) lines.push(`  Report: ${outcome.reportFolder}/${undoReportFiles.html}`);
  return lines;
}

/** `ledgerlift undo <run>`: plans (--dry-run) or makes the reversal of a live run, and waits. */
export async function undo(runName: string, options: UndoOptions): Promise<number> {
  const problem = runNameProblem(runName);
  if (problem) throw new CliError(problem);
  const settings = settingsFrom(options);
  const dev = devStackTarget(settings);
  // The run's own workspace unless --profile says otherwise, and then only if it is the same one.
  const bound = await boundWorkspace(runName, dev);
  const profile = options.profile ?? bound?.profile ?? chooseProfile(undefined, dev);
  await refuseAnotherWorkspace(runName, profile, 'undo', dev);
  const input: UndoInput = {
    runName,
    profile,
    mode: options.dryRun ? 'dry-run' : 'live',
    ...(options.steps !== undefined ? { steps: stepsOption(options.steps) } : {}),
  };
  const { client, close } = await connectTemporal(settings);
  try {
    let handle;
    try {
      handle = await client.workflow.start(undoRun, {
        taskQueue: settings.taskQueue,
        workflowId: undoWorkflowId(runName),
        args: [input],
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      const holder = await runHolder(client, runName);
      throw new CliError(
        heldMessage(runName, holder, `undo run "${runName}"`),
        exitCodes.needsAttention,
      );
    }
    if (bound && !options.json) {
      console.log(`Undoing run "${runName}" in its own ${describeWorkspace(bound)}.`);
    }
    const outcome = await handle.result();
    if (options.json) process.stdout.write(`${JSON.stringify(outcome, null, 2)}\n`);
    else process.stdout.write(`${undoSummary(runName, outcome).join('\n')}\n`);
    return outcome.status === 'needs-review' ? exitCodes.needsAttention : exitCodes.ok;
  } catch (error) {
    if (error instanceof CliError) throw error;
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw new CliError(cause ?? (error as Error).message, exitCodes.needsAttention);
  } finally {
    await close();
  }
}
