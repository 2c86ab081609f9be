import { ApplicationFailure } from '@temporalio/workflow';
import { CONFIGURATION_ERROR } from '../../src/migration/contracts/failure-types.js';
import { stepNames } from '../../src/migration/contracts/steps.js';
import type { ReplayRequest } from '../../src/migration/contracts/workflow-types.js';
import { failureMessage, localActivities } from '../activity-proxies.js';
import { checkRunWorkspace } from '../workspace/bind-run-workspace.js';
import type { LedgerRun, QueuedReplay } from './run-state.js';

/** retryFailedRows's validator: only a live run awaiting the operator replays, one at a time. */
export function checkReplayRequest(run: LedgerRun, request: ReplayRequest): void {
  if (run.input.mode !== 'live') throw new Error('Only live runs replay failed rows.');
  if (run.phase !== 'awaiting-operator') {
    throw new Error(
      `The run is ${run.phase}; replay failed rows once it is awaiting the operator.`,
    );
  }
  if (run.replayRequested) throw new Error('A replay is already queued.');
  if (request.step && !stepNames.includes(request.step)) {
    throw new Error(`Unknown step "${request.step}"; steps are ${stepNames.join(', ')}.`);
  }
}

/**
 * The profile may reach another workspace than the run's own by now: the replay is refused then
 * (one API call), leaving the run as it waits.
 */
export async function checkReplayWorkspace(run: LedgerRun): Promise<void> {
  try {
    await checkRunWorkspace(run.scope(), 'replay');
  } catch (error) {
    throw ApplicationFailure.nonRetryable(failureMessage(error), CONFIGURATION_ERROR);
  }
}

/** The replay a request asks for, and the failed rows each step would replay in it. */
export async function countReplay(
  run: LedgerRun,
  request: ReplayRequest,
): Promise<{ replay: QueuedReplay; rows: Record<string, number> }> {
  const replay: QueuedReplay = {
    ...(request.step ? { step: request.step } : {}),
    ...(request.code ? { code: request.code } : {}),
  };
  const rows = await localActivities.countFailedRows({ scope: run.scope(), ...replay });
  return { replay, rows };
}

/** skipRows's validator: rows are skipped once the run waits for the operator (or is blocked). */
export function checkSkipRequest(run: LedgerRun): void {
  if (run.phase !== 'awaiting-operator' && run.phase !== 'blocked') {
    throw new Error(`The run is ${run.phase}; skip rows once it is awaiting the operator.`);
  }
}
