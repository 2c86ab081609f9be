import { WorkflowNotFoundError } from '@temporalio/client';
import { progressQuery } from '../../../workflows/handlers.js';
import { runWorkflowId } from '../../migration/contracts/run-name.js';
import { CliError, exitCodes } from '../exit-codes.js';
import { renderProgress } from '../render-progress.js';
import { renderRunList, type RunListRow } from '../run-list.js';
import { apiCallsPerMinute, workerSettings } from '../../config/worker-settings.js';
import { connectTemporal, settingsFrom, type TemporalOptions } from '../temporal-connection.js';
import { followHint } from '../follow-hint.js';
import { watchRun } from '../watch-run.js';
import { describeEndedRun, endedStatusOf } from '../ended-run.js';
import { runningUndo, undoStatus } from '../running-undo.js';
import type { UndoOutcome } from '../../migration/contracts/undo-types.js';
import { undoSummary } from './undo.js';

/**
 * `ledgerlift status [name]`: one run's progress (optionally followed live), or every run. While
 * an undo of the run goes, its progress instead (src/cli/running-undo.ts).
 */
export async function status(
  name: string | undefined,
  options: TemporalOptions & { watch?: boolean; json?: boolean },
): Promise<number> {
  const { client, close } = await connectTemporal(settingsFrom(options));
  try {
    if (!name) {
      const rows: RunListRow[] = [];
      for await (const run of client.workflow.list({ query: "WorkflowType = 'migrateLedger'" })) {
        const phase =
          endedStatusOf(run.status.name) ??
          run.searchAttributes?.LedgerliftPhase?.[0] ??
          run.status.name.toLowerCase();
        const open = run.status.name === 'RUNNING';
        // Open runs answer their progress (pace and ETA); a query to a closed one would replay it.
        const progress = open
          ? await client.workflow
              .getHandle(run.workflowId)
              .query(progressQuery)
              .catch(() => undefined)
          : undefined;
        rows.push({
          name: run.workflowId.replace(/^ledgerlift-/, ''),
          mode: String(run.searchAttributes?.LedgerliftMode?.[0] ?? ''),
          phase: String(phase),
          started: run.startTime,
          ...(progress ? { progress } : {}),
        });
        if (rows.length >= 50) break;
      }
      console.log(
        rows.length > 0
          ? renderRunList(rows, apiCallsPerMinute(workerSettings())).join('\n')
          : 'No migrations yet. Start one with `ledgerlift dry-run`.',
      );
      return exitCodes.ok;
    }
    const undo = await runningUndo(client, name);
    if (undo) {
      console.log(await undoStatus(undo, options.json === true));
      if (!options.watch) return exitCodes.ok;
      // Followed until it ends: what a command refused while the undo held the run name waits for.
      const outcome = (await undo.result()) as UndoOutcome;
      console.log(undoSummary(name, outcome).join('\n'));
      return outcome.status === 'needs-review' ? exitCodes.needsAttention : exitCodes.ok;
    }
    const handle = client.workflow.getHandle(runWorkflowId(name));
    const latest = await handle.describe();
    // The run name's workflow id is its undo's too: after an undo, that is what it answers.
    if (latest.type === 'undoRun' && !endedStatusOf(latest.status.name)) {
      const outcome = (await handle.result()) as UndoOutcome;
      console.log(
        options.json
          ? JSON.stringify({ run: name, undo: outcome }, null, 2)
          : undoSummary(name, outcome).join('\n'),
      );
      return exitCodes.ok;
    }
    if (options.watch) {
      const onInterrupt = followHint(handle.workflowId, settingsFrom(options));
      const watched = await watchRun(handle, {
        show: true,
        stopWhenAwaitingOperator: true,
        onInterrupt,
      });
      const progress = watched.kind === 'finished' ? watched.outcome.progress : watched.progress;
      return progress.steps.some((s) => s.rows.failed > 0) ||
        progress.verification?.verified === false
        ? exitCodes.needsAttention
        : exitCodes.ok;
    }
    const description = latest;
    if (endedStatusOf(description.status.name)) {
      const ended = await describeEndedRun(name, handle, description);
      const { lines, ...facts } = ended;
      console.log(
        options.json ? JSON.stringify({ run: name, ...facts }, null, 2) : lines.join('\n'),
      );
      return exitCodes.needsAttention;
    }
    const progress = await handle.query(progressQuery);
    console.log(
      options.json ? JSON.stringify(progress, null, 2) : renderProgress(progress).join('\n'),
    );
    return exitCodes.ok;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError)
      throw new CliError(`There is no run named "${name}".`, exitCodes.needsAttention);
    throw error;
  } finally {
    await close();
  }
}
