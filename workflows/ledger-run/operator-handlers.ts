import { ApplicationFailure, setHandler } from '@temporalio/workflow';
import { CONFIGURATION_ERROR } from '../../src/migration/contracts/failure-types.js';
import { stepNames } from '../../src/migration/contracts/steps.js';
import type { ReplayRequest, SkipRequest } from '../../src/migration/contracts/workflow-types.js';
import { failureMessage, localActivities } from '../activity-proxies.js';
import {
  finishSignal,
  progressQuery,
  retryFailedRowsUpdate,
  skipRowsUpdate,
  stepProgressSignal,
} from '../handlers.js';
import { exactCounts } from './exact-counts.js';
import { handlePauseAndResume } from './pause-and-resume.js';
import { progressOf, publish, showDetails } from './run-progress.js';
import {
  addOtherCalls,
  markReplayRequested,
  recordExactCounts,
  recordFinishRequested,
  recordQueuedReplay,
  recordStepProgress,
  samplePace,
  scopeOf,
  type LedgerRun,
} from './run-state.js';
import { checkRunWorkspace } from '../workspace/bind-run-workspace.js';

/** Every query, signal and update the run answers. */
export function registerOperatorHandlers(run: LedgerRun): void {
  setHandler(progressQuery, () => progressOf(run));
  setHandler(stepProgressSignal, (update) => {
    recordStepProgress(run, update);
    samplePace(run, Date.now());
    showDetails(run);
  });
  handlePauseAndResume(run);
  setHandler(finishSignal, () => recordFinishRequested(run));
  handleReplayRequests(run);
  handleSkipRequests(run);
}

/** retryFailedRows: counts the rows a replay would take, then queues it for the operator loop. */
function handleReplayRequests(run: LedgerRun): void {
  setHandler(
    retryFailedRowsUpdate,
    async (request) => {
      // Count first, then queue: the main loop starts the round as soon as it is queued. The
      // flag keeps a second request out meanwhile (validators run before any await).
      markReplayRequested(run, true);
      // The profile may reach another workspace than the run's own by now: refuse the replay then,
      // leaving the run as it waits.
      try {
        await checkRunWorkspace(scopeOf(run), 'replay');
        addOtherCalls(run, 1);
      } catch (error) {
        markReplayRequested(run, false);
        throw ApplicationFailure.nonRetryable(failureMessage(error), CONFIGURATION_ERROR);
      }
      const counts = await localActivities.countFailedRows({
        scope: scopeOf(run),
        ...(request.step ? { step: request.step } : {}),
        ...(request.code ? { code: request.code } : {}),
      });
      recordQueuedReplay(run, {
        ...(request.step ? { step: request.step } : {}),
        ...(request.code ? { code: request.code } : {}),
      });
      return { round: run.round + 1, rows: counts };
    },
    { validator: (request: ReplayRequest) => checkReplayRequest(run, request) },
  );
}

function checkReplayRequest(run: LedgerRun, request: ReplayRequest): void {
  if (run.input.mode !== 'live') throw new Error('Only live runs replay failed rows.');
  if (run.phase !== 'awaiting-operator') {
    throw new Error(
      `The run is ${run.phase}; replay failed rows once it is awaiting the operator.`,
    );
  }
  if (run.operator.replayRequested) throw new Error('A replay is already queued.');
  if (request.step && !stepNames.includes(request.step)) {
    throw new Error(`Unknown step "${request.step}"; steps are ${stepNames.join(', ')}.`);
  }
}

/** skipRows: marks failed rows as skipped, then shows the exact counts. */
function handleSkipRequests(run: LedgerRun): void {
  setHandler(
    skipRowsUpdate,
    async (request) => {
      const result = await localActivities.skipFailedRows({ scope: scopeOf(run), request });
      recordExactCounts(run, await exactCounts(scopeOf(run), run.settings.selectedSteps));
      publish(run);
      return result;
    },
    {
      validator: (_request: SkipRequest) => {
        if (run.phase !== 'awaiting-operator' && run.phase !== 'blocked') {
          throw new Error(`The run is ${run.phase}; skip rows once it is awaiting the operator.`);
        }
      },
    },
  );
}
