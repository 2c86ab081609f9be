import { WorkflowNotFoundError, type WorkflowHandle } from '@temporalio/client';
import {
  finishSignal,
  pauseSignal,
  resumeSignal,
  retryFailedRowsUpdate,
  skipRowsUpdate,
} from '../../../workflows/handlers.js';
import { runWorkflowId } from '../../migration/contracts/run-name.js';
import { isStepName, type StepName } from '../../migration/contracts/steps.js';
import { CliError, exitCodes } from '../exit-codes.js';
import { connectTemporal, settingsFrom, type TemporalOptions } from '../temporal-connection.js';
import { followHint } from '../follow-hint.js';
import { watchRun } from '../watch-run.js';
import { exitCodeOfRun } from '../exit-code-of-run.js';
import { runningUndo, signalUndo } from '../running-undo.js';
import { heldMessage, runHolder } from '../run-holder.js';

type Filter = { step?: string; code?: string };

function checkStep(step: string | undefined): asserts step is StepName | undefined {
  if (step !== undefined && !isStepName(step))
    throw new CliError(`--step: unknown step "${step}".`);
}

/**
 * Runs `work` (`attempt`, for messages) against a run's migration, turning "no such run" and
 * refusals into clear errors. While an undo of the run holds its workflow id, the undo is what
 * would answer: `attempt` is refused, saying how to wait for the undo (run-holder.ts). An undo
 * started between this look and `work` still cannot take a migration's update or finish: it has
 * no handler for them, so Temporal refuses them as well.
 */
async function withRun<T>(
  name: string,
  attempt: string,
  options: TemporalOptions,
  work: (handle: WorkflowHandle) => Promise<T>,
): Promise<T> {
  const { client, close } = await connectTemporal(settingsFrom(options));
  const handle = client.workflow.getHandle(runWorkflowId(name));
  try {
    const holder = await runHolder(client, name);
    if (holder?.kind === 'undo') {
      throw new CliError(heldMessage(name, holder, attempt), exitCodes.needsAttention);
    }
    return await work(handle);
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) {
      // A signal or update to a run that has ended reads as "not found": say which it is.
      const ended = await handle.describe().then(
        (description) => description.status.name,
        () => undefined,
      );
      throw new CliError(
        ended
          ? `Run "${name}" has already ended (${ended.toLowerCase()}): there is nothing left to do. Its report: ledgerlift report ${name}.`
          : `There is no run named "${name}".`,
        exitCodes.needsAttention,
      );
    }
    if (error instanceof CliError) throw error;
    // Validators answer why they refuse (the run is still migrating, say): show that, not a trace.
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw new CliError(cause ?? (error as Error).message, exitCodes.needsAttention);
  } finally {
    await close();
  }
}

/** `ledgerlift retry`: replays failed rows after re-reading the (corrected) exports. */
export async function retry(
  name: string,
  options: TemporalOptions & Filter & { wait?: boolean },
): Promise<number> {
  checkStep(options.step);
  return withRun(name, `retry run "${name}"`, options, async (handle) => {
    const answer = await handle.executeUpdate(retryFailedRowsUpdate, {
      args: [
        {
          ...(options.step ? { step: options.step as StepName } : {}),
          ...(options.code ? { code: options.code } : {}),
        },
      ],
    });
    const rows = Object.entries(answer.rows)
      .map(([step, count]) => `${step}: ${count}`)
      .join(', ');
    console.log(
      `Replay round ${answer.round} started: ${rows || 'no failed rows; re-reading the exports for rows not yet migrated'}.`,
    );
    if (!options.wait) return exitCodes.ok;
    const onInterrupt = followHint(handle.workflowId, settingsFrom(options));
    return exitCodeOfRun(
      await watchRun(handle, { show: true, stopWhenAwaitingOperator: true, onInterrupt }),
    );
  });
}

/** `ledgerlift skip`: marks failed rows as handled by hand; they are no longer replayed. */
export async function skip(
  name: string,
  options: TemporalOptions & Filter & { keys?: string },
): Promise<number> {
  checkStep(options.step);
  return withRun(name, `skip rows of run "${name}"`, options, async (handle) => {
    const keys = options.keys
      ?.split(',')
      .map((key) => key.trim())
      .filter(Boolean);
    const answer = await handle.executeUpdate(skipRowsUpdate, {
      args: [
        {
          ...(options.step ? { step: options.step as StepName } : {}),
          ...(options.code ? { code: options.code } : {}),
          ...(keys ? { keys } : {}),
        },
      ],
    });
    console.log(`Skipped ${answer.skipped} failed rows.`);
    return exitCodes.ok;
  });
}

/**
 * `ledgerlift pause`, `resume` and `finish`: signals, acknowledged by the server. While an undo of
 * the run goes, pause and resume go to the undo (src/cli/running-undo.ts).
 */
export async function signal(
  kind: 'pause' | 'resume' | 'finish',
  name: string,
  options: TemporalOptions & { reason?: string },
): Promise<number> {
  if (kind !== 'finish') {
    const { client, close } = await connectTemporal(settingsFrom(options));
    try {
      const undo = await runningUndo(client, name);
      if (undo) {
        await signalUndo(undo, kind, options.reason);
        console.log(`${kind === 'pause' ? 'Pausing' : 'Resuming'} the undo of run "${name}".`);
        return exitCodes.ok;
      }
    } finally {
      await close();
    }
  }
  return withRun(name, `${kind} run "${name}"`, options, async (handle) => {
    if (kind === 'pause')
      await handle.signal(pauseSignal, options.reason ? { reason: options.reason } : {});
    else if (kind === 'resume') await handle.signal(resumeSignal, {});
    else await handle.signal(finishSignal, {});
    const said = { pause: 'Pausing', resume: 'Resuming', finish: 'Finishing' }[kind];
    console.log(`${said} run "${name}".`);
    return exitCodes.ok;
  });
}
