import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  continueAsNew,
  getExternalWorkflowHandle,
  patched,
  setCurrentDetails,
  setHandler,
  startChild,
  upsertSearchAttributes,
  workflowInfo,
  type ChildWorkflowHandle,
} from '@temporalio/workflow';
import { stepDependencies, stepNames, type StepName } from '../src/migration/contracts/steps.js';
import { runWorkflowId } from '../src/migration/contracts/run-name.js';
import { CONFIGURATION_ERROR } from '../src/migration/contracts/failure-types.js';
import {
  checkMigrateLedgerInput,
  describeInputProblems,
} from '../src/migration/contracts/migrate-ledger-input-schema.js';
import type {
  MigrateLedgerInput,
  RowCounts,
  RunPhase,
  RunProgress,
  ReplayRequest,
  RunScope,
  SkipRequest,
  StageSummary,
  StepProgress,
  VerificationSummary,
} from '../src/migration/contracts/workflow-types.js';
import { apiActivities, localActivities, stagingActivities } from './activity-proxies.js';
import {
  finishSignal,
  pauseSignal,
  progressQuery,
  resumeSignal,
  retryFailedRowsUpdate,
  skipRowsUpdate,
  stepPausedSignal,
  stepProgressSignal,
} from './handlers.js';
import { migrateStep } from './migrate-step.js';
import { renderDetails } from './render-details.js';
import {
  modeAttribute,
  phaseAttribute,
  rowsDoneAttribute,
  rowsFailedAttribute,
} from './search-attributes.js';

/** State a live run carries across continue-as-new while it waits for replays. */
export interface CarriedState {
  round: number;
  stage: StageSummary;
  steps: StepProgress[];
  /** Calls outside the steps (verification reports). */
  otherCalls: number;
  estimatedCalls: number;
  verification?: VerificationSummary;
  reportFolder?: string;
}

export interface RunOutcome {
  status: 'dry-run-complete' | 'completed' | 'needs-review' | 'blocked';
  progress: RunProgress;
}

const DEFAULT_BATCH_SIZE = 25;
/** A live run reads three reports to verify the books; a dry run does not. */
const VERIFICATION_CALLS = 3;
/**
 * Calls a step keeps in flight. The server paces the API queue whatever the window, so a wider one
 * only keeps the queue from running dry while a step's workflow task turns a finished call into
 * the next (docs/benchmarks.md: the orchestration overhead with the limit off). Runs started
 * before the window widened keep 4, so their histories replay.
 */
const DEFAULT_CONCURRENCY = 8;
const EARLIER_DEFAULT_CONCURRENCY = 4;

/**
 * A whole migration: stage the exports, run the steps in dependency order (independent ones at the
 * same time), verify the books, write the reports; live runs then wait for replays of failed rows
 * until the operator finishes (or finish by themselves when clean).
 */
export async function migrateLedger(
  input: MigrateLedgerInput,
  carried?: CarriedState,
): Promise<RunOutcome> {
  // Before anything else: an input from the Temporal UI or `temporal workflow start` is unchecked,
  // and a near miss (`mode: "Live"`) would otherwise write while skipping a live run's safeguards.
  const checked = checkMigrateLedgerInput(input);
  if (!checked.ok) {
    throw ApplicationFailure.nonRetryable(
      describeInputProblems(checked.problems),
      CONFIGURATION_ERROR,
    );
  }
  const expectedId = runWorkflowId(input.runName);
  if (workflowInfo().workflowId !== expectedId) {
    throw ApplicationFailure.nonRetryable(
      `Start this migration with workflow id "${expectedId}": the id comes from the run name, so one migration never runs twice at once.`,
      CONFIGURATION_ERROR,
    );
  }
  const batchSize = input.batchSize ?? DEFAULT_BATCH_SIZE;
  const concurrency =
    input.concurrency ??
    (patched('window-of-8') ? DEFAULT_CONCURRENCY : EARLIER_DEFAULT_CONCURRENCY);
  const selectedSteps = stepNames.filter((step) => !input.steps || input.steps.includes(step));
  const finishWhenClean = input.finishWhenClean ?? true;
  // One stage per execution chain (continue-as-new keeps it): a live run never reads the chunks a
  // dry run, or an earlier run of the same migration, staged from older exports.
  const mainStageId = `${input.mode}-${workflowInfo().firstExecutionRunId}`;

  let phase: RunPhase = carried ? 'awaiting-operator' : 'staging';
  let round = carried?.round ?? 0;
  let stage = carried?.stage;
  const steps = new Map<StepName, StepProgress>(
    (carried?.steps ?? selectedSteps.map(waitingStep)).map((s) => [s.step, s]),
  );
  let otherCalls = carried?.otherCalls ?? 0;
  // Calls each step made in earlier rounds; a child reports only its own round's calls.
  const priorCalls = new Map<StepName, number>();
  let estimatedCalls = carried?.estimatedCalls ?? 0;
  let verification = carried?.verification;
  let reportFolder = carried?.reportFolder;
  let paused = false;
  let pauseReason: string | undefined;
  let finishRequested = false;
  let replayQueued: { step?: StepName; code?: string } | undefined;
  let replayRequested = false;
  const runningChildren = new Map<StepName, ChildWorkflowHandle<typeof migrateStep>>();
  const paceSamples: Array<[number, number]> = [];

  const callsMade = () => otherCalls + [...steps.values()].reduce((sum, s) => sum + s.calls, 0);

  const scopeOf = (stageId: string): RunScope => ({
    runName: input.runName,
    mode: input.mode,
    stageId,
    profile: input.profile,
  });

  const progress = (): RunProgress => {
    const made = callsMade();
    const pace = pacePerMinute(paceSamples);
    const remaining = Math.max(0, estimatedCalls - made);
    return {
      runName: input.runName,
      mode: input.mode,
      phase,
      round,
      ...(input.mode === 'dry-run' ? { predictedLiveCalls: made + VERIFICATION_CALLS } : {}),
      steps: [...steps.values()],
      calls: { made, remainingEstimate: remaining },
      pacePerMinute: pace,
      etaSeconds:
        pace > 0 && remaining > 0
          ? Math.round((remaining / pace) * 60)
          : remaining === 0
            ? 0
            : null,
      ...(pauseReason ? { pauseReason } : {}),
      ...(verification ? { verification } : {}),
      ...(reportFolder ? { reportFolder } : {}),
    };
  };
  const publish = () => {
    const current = progress();
    const rows = sumRows(current.steps);
    setCurrentDetails(renderDetails(current));
    upsertSearchAttributes([
      { key: phaseAttribute, value: phase },
      { key: modeAttribute, value: input.mode },
      { key: rowsDoneAttribute, value: rows.done },
      { key: rowsFailedAttribute, value: rows.failed },
    ]);
  };
  const setPhase = (next: RunPhase) => {
    phase = next;
    publish();
  };

  setHandler(progressQuery, progress);
  setHandler(stepProgressSignal, (update) => {
    steps.set(update.step, { ...update, calls: (priorCalls.get(update.step) ?? 0) + update.calls });
    paceSamples.push([Date.now(), callsMade()]);
    if (paceSamples.length > 200) paceSamples.splice(0, paceSamples.length - 200);
    setCurrentDetails(renderDetails(progress()));
  });
  // The phase a pause interrupted, restored on resume (migrating, awaiting the operator...).
  let phaseBeforePause: RunPhase = phase;
  const pause = (reason: string) => {
    if (!paused) phaseBeforePause = phase;
    paused = true;
    pauseReason = reason;
    setPhase('paused');
  };
  setHandler(stepPausedSignal, ({ step, reason }) => pause(`${step}: ${reason}`));
  setHandler(pauseSignal, async ({ reason }) => {
    pause(reason ?? 'paused by the operator');
    await tellChildren();
  });
  setHandler(resumeSignal, async () => {
    if (!paused) return;
    paused = false;
    pauseReason = undefined;
    setPhase(phaseBeforePause);
    await tellChildren();
  });
  setHandler(finishSignal, () => {
    finishRequested = true;
  });
  setHandler(
    retryFailedRowsUpdate,
    async (request) => {
      // Count first, then queue: the main loop starts the round as soon as it is queued. The
      // flag keeps a second request out meanwhile (validators run before any await).
      replayRequested = true;
      const counts = await localActivities.countFailedRows({
        scope: scopeOf((stage as StageSummary).stageId),
        ...(request.step ? { step: request.step } : {}),
        ...(request.code ? { code: request.code } : {}),
      });
      replayQueued = {
        ...(request.step ? { step: request.step } : {}),
        ...(request.code ? { code: request.code } : {}),
      };
      return { round: round + 1, rows: counts };
    },
    {
      validator: (request: ReplayRequest) => {
        if (input.mode !== 'live') throw new Error('Only live runs replay failed rows.');
        if (phase !== 'awaiting-operator') {
          throw new Error(
            `The run is ${phase}; replay failed rows once it is awaiting the operator.`,
          );
        }
        if (replayRequested) throw new Error('A replay is already queued.');
        if (request.step && !stepNames.includes(request.step)) {
          throw new Error(`Unknown step "${request.step}"; steps are ${stepNames.join(', ')}.`);
        }
      },
    },
  );
  setHandler(
    skipRowsUpdate,
    async (request) => {
      const result = await localActivities.skipFailedRows({
        scope: scopeOf((stage as StageSummary).stageId),
        request,
      });
      await refreshCounts();
      return result;
    },
    {
      validator: (_request: SkipRequest) => {
        if (phase !== 'awaiting-operator' && phase !== 'blocked') {
          throw new Error(`The run is ${phase}; skip rows once it is awaiting the operator.`);
        }
      },
    },
  );

  // Signals to the children go out one round at a time, each saying the run's state as it is when
  // sent. A pause and a resume sent close together would otherwise interleave their awaits, and a
  // child could hear the resume before the pause and stay paused forever.
  let childrenTold: Promise<void> = Promise.resolve();
  function tellChildren(): Promise<void> {
    childrenTold = childrenTold.then(async () => {
      for (const handle of [...runningChildren.values()]) {
        const child = getExternalWorkflowHandle(handle.workflowId);
        try {
          if (paused) await child.signal(pauseSignal, { reason: pauseReason });
          else await child.signal(resumeSignal, {});
        } catch {
          // The child finished between the lookup and the signal: nothing is left to pause.
        }
      }
    });
    return childrenTold;
  }

  /** Replaces live counts with exact ones from the run store (after a round or a skip). */
  async function refreshCounts() {
    const exact = await localActivities.summarizeRun({
      scope: scopeOf((stage as StageSummary).stageId),
      steps: selectedSteps,
    });
    for (const [step, rows] of Object.entries(exact) as Array<[StepName, RowCounts]>) {
      const current = steps.get(step) ?? waitingStep(step);
      steps.set(step, { ...current, rows });
    }
    publish();
  }

  /** Runs the selected steps as children, each once its dependencies are done. */
  async function runSteps(planId: string, only: StepName[], replay?: { failedCode?: string }) {
    const scope = scopeOf((stage as StageSummary).stageId);
    const pending = new Set(only);
    const finished = new Set<StepName>(selectedSteps.filter((step) => !only.includes(step)));
    const running = new Map<StepName, Promise<StepName>>();
    while (pending.size > 0 || running.size > 0) {
      for (const step of [...pending]) {
        if (!stepDependencies[step].every((dependency) => finished.has(dependency))) continue;
        pending.delete(step);
        const before = steps.get(step) ?? waitingStep(step);
        priorCalls.set(step, before.calls);
        steps.set(step, { ...before, status: 'running' });
        const handle = await startChild(migrateStep, {
          workflowId: `${workflowInfo().workflowId}/${planId}/${step}`,
          args: [
            {
              scope,
              planId,
              step,
              batchSize,
              concurrency,
              ...(input.unitsPerStepRun ? { unitsPerRun: input.unitsPerStepRun } : {}),
              ...(replay ? { replay } : {}),
            },
          ],
        });
        runningChildren.set(step, handle);
        if (paused) await tellChildren();
        running.set(
          step,
          handle.result().then((result) => {
            const current = steps.get(step) ?? waitingStep(step);
            steps.set(step, {
              ...current,
              status: 'done',
              rows: result.rows,
              calls: (priorCalls.get(step) ?? 0) + result.calls,
            });
            runningChildren.delete(step);
            return step;
          }),
        );
      }
      if (running.size === 0) break;
      const done = await Promise.race(running.values());
      running.delete(done);
      finished.add(done);
      publish();
    }
  }

  /** Verification (live: the workspace's reports against the legacy books) and the reports. */
  async function verifyAndReport() {
    const scope = scopeOf((stage as StageSummary).stageId);
    setPhase('verifying');
    if (input.mode === 'live') {
      const api = apiActivities();
      const reports = ['trial-balance', 'aged-receivables', 'aged-payables'] as const;
      for (const report of reports.slice(0, VERIFICATION_CALLS)) {
        await api.fetchReport({ scope, report, asOf: (stage as StageSummary).endDate });
        otherCalls += 1;
      }
    }
    verification = await localActivities.verifyBooks({ scope });
    setPhase('reporting');
    ({ folder: reportFolder } = await localActivities.writeReports({
      scope,
      // The report is kept and signed: it states where the run stands once it is written, not
      // that it is being written.
      progress: { ...progress(), phase: phaseAfterReport() },
      source: input.source,
      batchSize,
    }));
  }

  /** No row failed and the books verify: a live run may finish by itself. */
  function isClean(): boolean {
    return sumRows([...steps.values()]).failed === 0 && verification?.verified === true;
  }

  /** Where the run stands once its report is written (the loop below decides the same). */
  function phaseAfterReport(): RunPhase {
    const verified = verification?.verified !== false;
    if (input.mode === 'dry-run') return verified ? 'completed' : 'needs-review';
    if (paused) return 'paused';
    return finishWhenClean && isClean() && replayQueued === undefined
      ? 'completed'
      : 'awaiting-operator';
  }

  if (!carried) {
    publish();
    stage = await stagingActivities.stageSource({
      runName: input.runName,
      stageId: mainStageId,
      source: input.source,
      cutoverDate: input.cutoverDate,
      ...(input.endDate ? { endDate: input.endDate } : {}),
      currency: input.currency ?? 'USD',
      batchSize,
      profile: input.profile,
    });
    estimatedCalls = selectedSteps.reduce((sum, step) => sum + stage!.estimatedCalls[step], 0);
    if (input.mode === 'live' && stage.blocking && !input.skipInvalidRows) {
      setPhase('blocked');
      ({ folder: reportFolder } = await localActivities.writeReports({
        scope: scopeOf(stage.stageId),
        progress: progress(),
        source: input.source,
        batchSize,
      }));
      return { status: 'blocked', progress: progress() };
    }
    setPhase('migrating');
    await runSteps('main', selectedSteps);
    await refreshCounts();
    await verifyAndReport();
    if (input.mode === 'dry-run') {
      setPhase(verification?.verified === false ? 'needs-review' : 'completed');
      return { status: 'dry-run-complete', progress: progress() };
    }
  }

  for (;;) {
    setPhase(paused ? 'paused' : 'awaiting-operator');
    await condition(
      () =>
        finishRequested ||
        replayQueued !== undefined ||
        (finishWhenClean && isClean()) ||
        workflowInfo().continueAsNewSuggested,
    );
    if (finishRequested || (finishWhenClean && isClean() && replayQueued === undefined)) break;
    if (replayQueued === undefined) {
      await condition(allHandlersFinished);
      return continueAsNew<typeof migrateLedger>(input, {
        round,
        stage: stage as StageSummary,
        steps: [...steps.values()],
        otherCalls,
        estimatedCalls,
        ...(verification ? { verification } : {}),
        ...(reportFolder ? { reportFolder } : {}),
      });
    }

    const request = replayQueued;
    round += 1;
    setPhase('replaying');
    // Re-read the source first, so corrections made in the files are what gets replayed.
    stage = await stagingActivities.stageSource({
      runName: input.runName,
      stageId: `${mainStageId}-replay-${round}`,
      source: input.source,
      cutoverDate: input.cutoverDate,
      endDate: (stage as StageSummary).endDate,
      currency: input.currency ?? 'USD',
      batchSize,
      replayOf: mainStageId,
    });
    const failedSteps = await localActivities.stepsWithFailures({
      scope: scopeOf(stage.stageId),
      ...(request.step ? { step: request.step } : {}),
    });
    await runSteps(
      `replay-${round}`,
      failedSteps,
      request.code ? { failedCode: request.code } : {},
    );
    replayQueued = undefined;
    await refreshCounts();
    await verifyAndReport();
  }

  setPhase(isClean() ? 'completed' : 'needs-review');
  return { status: isClean() ? 'completed' : 'needs-review', progress: progress() };
}

function waitingStep(step: StepName): StepProgress {
  return {
    step,
    status: 'waiting',
    rows: { planned: 0, done: 0, failed: 0, skipped: 0 },
    units: { total: 0, done: 0 },
    calls: 0,
  };
}

function sumRows(steps: StepProgress[]): RowCounts {
  return steps.reduce(
    (sum, s) => ({
      planned: sum.planned + s.rows.planned,
      done: sum.done + s.rows.done,
      failed: sum.failed + s.rows.failed,
      skipped: sum.skipped + s.rows.skipped,
    }),
    { planned: 0, done: 0, failed: 0, skipped: 0 },
  );
}

/** Calls per minute over the samples of the last five minutes of workflow time. */
function pacePerMinute(samples: Array<[number, number]>): number {
  const last = samples[samples.length - 1];
  if (!last) return 0;
  const window = samples.filter(([at]) => at >= last[0] - 5 * 60_000);
  const first = window[0];
  if (!first || last[0] === first[0]) return 0;
  return Math.round(((last[1] - first[1]) / (last[0] - first[0])) * 60_000 * 10) / 10;
}
