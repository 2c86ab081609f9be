import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowFailedError,
  type Client,
} from '@temporalio/client';
import { migrateLedger } from '../../../workflows/migrate-ledger.js';
import { estimateCallsPerMinute, workerSettings } from '../../config/worker-settings.js';
import { runWorkflowId } from '../../migration/contracts/run-name.js';
import {
  checksLegacyBooks,
  describeBasis,
  onlyWhatWasRead,
} from '../../migration/contracts/verification-basis.js';
import { lineText } from '../../migration/contracts/line-text.js';
import { listRunsInProgress } from '../../migration/reporting/runs-in-progress.js';
import { describeSharing, estimateUnderSharing } from '../../reports/estimate-under-sharing.js';
import type { RunProgress } from '../../migration/contracts/workflow-types.js';
import { CliError, exitCodes } from '../exit-codes.js';
import { chooseProfile, checkDevProfile } from '../default-profile.js';
import { devStackTarget } from '../dev-stack-target.js';
import { runInput, type RunOptions } from '../run-options.js';
import { connectTemporal, settingsFrom, type TemporalOptions } from '../temporal-connection.js';
import { followHint } from '../follow-hint.js';
import { heldMessage, runHolder } from '../run-holder.js';
import { refuseAnotherWorkspace } from '../run-workspace.js';
import { watchRun } from '../watch-run.js';
import { stopLines } from '../render-progress.js';

export type StartOptions = RunOptions & TemporalOptions & { detach?: boolean; quiet?: boolean };

/**
 * `ledgerlift dry-run` and `ledgerlift run`: starts the migration and follows it. Answers the
 * exit code: 0 when everything verified, 1 when something needs the consultant.
 */
export async function startRun(mode: 'dry-run' | 'live', options: StartOptions): Promise<number> {
  const settings = settingsFrom(options);
  const dev = devStackTarget(settings);
  const profile = chooseProfile(options.profile, dev);
  const input = runInput({ ...options, profile }, mode);
  await checkDevProfile(profile, dev);
  await refuseAnotherWorkspace(input.runName, profile, mode === 'live' ? 'run' : 'dry run', dev);
  const { client, close } = await connectTemporal(settings);
  try {
    const workflowId = runWorkflowId(input.runName);
    let handle;
    try {
      handle = await client.workflow.start(migrateLedger, {
        taskQueue: settings.taskQueue,
        workflowId,
        args: [input],
      });
    } catch (error) {
      if (error instanceof WorkflowExecutionAlreadyStartedError) {
        const holder = await runHolder(client, input.runName);
        throw new CliError(
          heldMessage(
            input.runName,
            holder,
            `start ${mode === 'live' ? 'live run' : 'dry run'} "${input.runName}"`,
          ),
          exitCodes.needsAttention,
        );
      }
      throw error;
    }
    console.log(
      `Started ${mode === 'live' ? 'live run' : 'dry run'} "${input.runName}" (workflow ${workflowId}).`,
    );
    if (options.detach) return exitCodes.ok;
    let watched;
    try {
      watched = await watchRun(handle, {
        show: !options.quiet,
        stopWhenAwaitingOperator: mode === 'live',
        onInterrupt: followHint(workflowId, settings),
      });
    } catch (error) {
      if (error instanceof WorkflowFailedError) {
        throw new CliError(
          `Run "${input.runName}" failed: ${lineText(rootCause(error))}`,
          exitCodes.unavailable,
        );
      }
      throw error;
    }
    if (watched.kind === 'awaiting-operator') {
      printNextSteps(watched.progress);
      return exitCodes.needsAttention;
    }
    const { outcome } = watched;
    const reportLine = outcome.progress.reportFolder
      ? ` Report: ${outcome.progress.reportFolder}/report.html`
      : '';
    switch (outcome.status) {
      case 'blocked': {
        const lines = stopLines(outcome.progress);
        console.log(
          [
            ...(lines.length > 0
              ? lines
              : [
                  'Blocked: the exports have errors a live run must not write. Fix them (or add --skip-invalid-rows).',
                ]),
            reportLine.trim(),
          ]
            .filter(Boolean)
            .join('\n'),
        );
        return exitCodes.needsAttention;
      }
      case 'dry-run-complete': {
        const verified = outcome.progress.verification?.verified !== false;
        const predicted = outcome.progress.predictedLiveCalls ?? outcome.progress.calls.made;
        const books = withoutLegacyBooks(outcome.progress)
          ? `no verdict on the legacy books: ${withoutLegacyBooks(outcome.progress)}${verified ? '' : '; against what was read, the books will need review'}`
          : `${verified ? 'the books will verify' : 'the books will need review'}${comparedWithWords(outcome.progress)}`;
        console.log(
          `Dry run complete: ${predicted} calls predicted for the live run; ${books}.${reportLine}`,
        );
        console.log(await sharingNow(client, input, predicted));
        return verified ? exitCodes.ok : exitCodes.needsAttention;
      }
      case 'completed': {
        const without = withoutLegacyBooks(outcome.progress);
        console.log(
          without
            ? `Live run complete: the workspace holds what was read; no verdict on the legacy books: ${without}.${reportLine}`
            : `Live run complete and verified${comparedWithWords(outcome.progress)}.${reportLine}`,
        );
        return exitCodes.ok;
      }
      case 'needs-review':
        console.log(
          `Live run finished; the books need review${comparedWithWords(outcome.progress)}.${reportLine}`,
        );
        return exitCodes.needsAttention;
    }
  } finally {
    await close();
  }
}

/** " against the legacy trial balance as at ...": what the verification compared the books with. */
function comparedWithWords(progress: RunProgress): string {
  const basis = progress.verification?.comparedWith;
  return basis ? ` against ${describeBasis(basis)}` : '';
}

/**
 * Why there is no verdict on the legacy books (the exports hold no trial balance, and which would
 * do), or undefined when the books were compared with legacy figures.
 */
function withoutLegacyBooks(progress: RunProgress): string | undefined {
  const basis = progress.verification?.comparedWith;
  return basis && !checksLegacyBooks(basis) ? onlyWhatWasRead(basis.asOf) : undefined;
}

function printNextSteps(progress: RunProgress): void {
  const failed = progress.steps.reduce((sum, step) => sum + step.rows.failed, 0);
  const name = progress.runName;
  console.log(
    [
      `Run "${name}" is waiting for you: ${failed} rows failed${progress.verification && !progress.verification.verified ? ', and the books need review' : ''}.`,
      progress.reportFolder
        ? `  Read why in ${progress.reportFolder}/report.html (every failed row with its file, row and reason).`
        : '',
      `  Fix the exports, then: ledgerlift retry ${name}`,
      `  Or accept the gaps:    ledgerlift skip ${name} && ledgerlift finish ${name}`,
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

/** The innermost cause's message: what went wrong, without Temporal's wrapping. */
function rootCause(error: Error): string {
  let current: unknown = error;
  let message = error.message;
  for (let depth = 0; depth < 6 && current; depth += 1) {
    const text = (current as { message?: unknown }).message;
    if (typeof text === 'string' && text) message = text;
    current = (current as { cause?: unknown }).cause;
  }
  return message;
}

/** What the live migrations running now do to the live run's duration (a forecast: never fails). */
async function sharingNow(
  client: Client,
  input: { runName: string; weight?: number },
  predictedCalls: number,
): Promise<string> {
  const running = await listRunsInProgress(client, input.runName).catch(() => undefined);
  if (!running) return 'Could not list the migrations running now: the estimate assumes none.';
  return describeSharing(
    estimateUnderSharing(
      predictedCalls,
      estimateCallsPerMinute(workerSettings()),
      running,
      input.weight,
    ),
  );
}
