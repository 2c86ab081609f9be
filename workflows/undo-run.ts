import { ApplicationFailure, workflowInfo } from '@temporalio/workflow';
import { CONFIGURATION_ERROR } from '../src/migration/contracts/failure-types.js';
import {
  asEnginePhase,
  undoPhases,
  type UndoGroup,
  type UndoInput,
  type UndoOutcome,
  type UndoPlan,
} from '../src/migration/contracts/undo.js';
import { checkUndoInput } from '../src/migration/contracts/undo-input-schema.js';
import type { RunScope } from '../src/migration/contracts/workflow-types.js';
import { runUndoUnit } from './undo-run/run-undo-unit.js';
import { undoApiActivities, undoLocalActivities as local } from './undo-run/undo-proxies.js';

/** Reversal calls in flight at once within a group (the queue's pace still rules). */
const WINDOW = 4;

/**
 * Undoes a live run: plans the reversal from the run's outcome log phase by phase (what holds a
 * record first), runs each unit as one API call through the migration's engine, then compares the
 * workspace's trial balance with the snapshot taken before the run's first write. A dry run plans
 * and reports only. Started by `ledgerlift undo` or from the Web UI with one JSON object.
 */
export async function undoRun(given: UndoInput): Promise<UndoOutcome> {
  const checked = checkUndoInput(given);
  if (!checked.ok) throw ApplicationFailure.nonRetryable(checked.message, CONFIGURATION_ERROR);
  const input = checked.input;
  // Run ids are time-ordered (UUIDv7): their random tail tells two undos of the same minute apart.
  const planId = `undo-${workflowInfo().firstExecutionRunId.replace(/-/g, '').slice(-12)}`;
  const scope: RunScope = {
    runName: input.runName,
    mode: input.mode,
    stageId: planId,
    profile: input.profile,
    ...(input.weight !== undefined ? { weight: input.weight } : {}),
  };
  const asOf = await local.undoSnapshotDate({ scope });
  if (asOf === undefined) {
    throw ApplicationFailure.nonRetryable(
      `Run ${input.runName} has no snapshot from before its first write, so an undo could not verify ` +
        'the books afterwards: only live runs started by this version can be undone.',
      CONFIGURATION_ERROR,
    );
  }
  const notReversible = await local.listNotReversible({
    runName: input.runName,
    steps: input.steps,
  });
  const groups: UndoGroup[] = [];
  let calls = 0;
  for (const phase of undoPhases) {
    const planned = await local.planUndoPhase({ scope, planId, phase, steps: input.steps });
    groups.push(...planned);
    if (input.mode !== 'live') continue;
    for (const group of planned) {
      let next = 0;
      const worker = async () => {
        while (next < group.units) {
          const index = next;
          next += 1;
          calls += await runUndoUnit(scope, {
            step: group.step,
            phase: asEnginePhase(phase),
            planId,
            index,
          });
        }
      };
      await Promise.all(Array.from({ length: Math.min(WINDOW, group.units) }, worker));
    }
  }
  const plan: UndoPlan = {
    planId,
    groups,
    calls: groups.reduce((sum, group) => sum + group.units, 0),
    notReversible,
    asOf,
  };
  let verification: UndoOutcome['verification'];
  if (input.mode === 'live') {
    await undoApiActivities(scope).fetchUndoTrialBalance({ scope, planId, asOf });
    calls += 1;
    verification = await local.verifyUndo({ scope, planId, steps: input.steps });
  }
  const requestsPerMinute = await local.undoRequestsPerMinute();
  const outcome: Omit<UndoOutcome, 'reportFolder'> = {
    status:
      input.mode === 'dry-run'
        ? 'dry-run-complete'
        : verification?.balanced && verification.notReversed.length === 0
          ? 'verified'
          : 'needs-review',
    plan: { ...plan, notReversible: notReversible.length },
    estimatedMinutes:
      requestsPerMinute > 0 ? Math.ceil((plan.calls / requestsPerMinute) * 10) / 10 : 0,
    calls,
    verification,
  };
  const { folder } = await local.writeUndoReport({
    runName: input.runName,
    mode: input.mode,
    plan,
    calls,
    verification,
    outcome,
  });
  return { ...outcome, reportFolder: folder };
}
