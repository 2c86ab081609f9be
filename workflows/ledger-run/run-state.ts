import { workflowInfo, type ChildWorkflowHandle } from '@temporalio/workflow';
import { stepNames, type StepName } from '../../src/migration/contracts/steps.js';
import type {
  MigrateLedgerInput,
  RowCounts,
  RunPhase,
  RunProgress,
  RunScope,
  StageSummary,
  StepProgress,
  VerificationSummary,
} from '../../src/migration/contracts/workflow-types.js';
import type { migrateStep } from '../migrate-step.js';

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
  /** The books' base currency the first stage used. */
  currency?: string;
  /** This execution's plan tag (plan-ids.ts), when an earlier execution of the run name planned. */
  planTag?: string;
}

export interface RunOutcome {
  status: 'dry-run-complete' | 'completed' | 'needs-review' | 'blocked';
  progress: RunProgress;
}

/** The workflow's signature, for continue-as-new (which must not import the workflow itself). */
export type MigrateLedgerWorkflow = (
  input: MigrateLedgerInput,
  carried?: CarriedState,
) => Promise<RunOutcome>;

/** What the run's input decides once, at its start. */
export interface RunSettings {
  batchSize: number;
  concurrency: number;
  selectedSteps: StepName[];
  finishWhenClean: boolean;
  /** One stage per execution chain: see openRun. */
  mainStageId: string;
}

/** A replay the operator asked for: all failed rows, or one step's, or one error code's. */
export interface QueuedReplay {
  step?: StepName;
  code?: string;
}

/** What the operator asked for, and what the run is waiting on. */
export interface OperatorState {
  paused: boolean;
  pauseReason: string | undefined;
  /** The phase a pause interrupted, restored on resume (migrating, awaiting the operator...). */
  phaseBeforePause: RunPhase;
  /** Workflow time of the operator's last resume in this execution. */
  lastResumedAt: number | undefined;
  finishRequested: boolean;
  replayQueued: QueuedReplay | undefined;
  replayRequested: boolean;
}

/** Everything one execution of migrateLedger knows; the handlers and the loop share it. */
export interface LedgerRun {
  readonly input: MigrateLedgerInput;
  readonly settings: RunSettings;
  phase: RunPhase;
  round: number;
  stage: StageSummary | undefined;
  readonly steps: Map<StepName, StepProgress>;
  otherCalls: number;
  /** Calls each step made in earlier rounds; a child reports only its own round's calls. */
  readonly priorCalls: Map<StepName, number>;
  estimatedCalls: number;
  verification: VerificationSummary | undefined;
  reportFolder: string | undefined;
  /** The books' base currency: --currency, else the workspace's (the workspace pre-check reads it). */
  currency: string;
  /** Why the run stopped before writing, when the workspace pre-check stopped it. */
  blockedReason: string | undefined;
  /** Set apart from an earlier execution's plans (plan-ids.ts); undefined for a run's first. */
  planTag: string | undefined;
  readonly operator: OperatorState;
  readonly runningChildren: Map<StepName, ChildWorkflowHandle<typeof migrateStep>>;
  /** Signals to the children, one round at a time (see tellChildren). */
  childrenTold: Promise<void>;
  readonly paceSamples: Array<[number, number]>;
}

const DEFAULT_BATCH_SIZE = 25;
/**
 * Calls a step keeps in flight. The server paces the API queue whatever the window, so a wider one
 * only keeps the queue from running dry while a step's workflow task turns a finished call into
 * the next (docs/benchmarks.md: the orchestration overhead with the limit off).
 */
const DEFAULT_CONCURRENCY = 8;

/** A fresh run, or one continued as new with what the previous execution carried. */
export function openRun(input: MigrateLedgerInput, carried?: CarriedState): LedgerRun {
  const selectedSteps = stepNames.filter((step) => !input.steps || input.steps.includes(step));
  const phase: RunPhase = carried ? 'awaiting-operator' : 'staging';
  return {
    input,
    settings: {
      batchSize: input.batchSize ?? DEFAULT_BATCH_SIZE,
      concurrency: input.concurrency ?? DEFAULT_CONCURRENCY,
      selectedSteps,
      finishWhenClean: input.finishWhenClean ?? true,
      // One stage per execution chain (continue-as-new keeps it): a live run never reads the chunks
      // a dry run, or an earlier run of the same migration, staged from older exports.
      mainStageId: `${input.mode}-${workflowInfo().firstExecutionRunId}`,
    },
    phase,
    round: carried?.round ?? 0,
    stage: carried?.stage,
    steps: new Map((carried?.steps ?? selectedSteps.map(waitingStep)).map((s) => [s.step, s])),
    otherCalls: carried?.otherCalls ?? 0,
    priorCalls: new Map(),
    estimatedCalls: carried?.estimatedCalls ?? 0,
    verification: carried?.verification,
    reportFolder: carried?.reportFolder,
    currency: carried?.currency ?? input.currency ?? 'USD',
    blockedReason: undefined,
    planTag: carried?.planTag,
    operator: {
      paused: false,
      pauseReason: undefined,
      phaseBeforePause: phase,
      lastResumedAt: undefined,
      finishRequested: false,
      replayQueued: undefined,
      replayRequested: false,
    },
    runningChildren: new Map(),
    childrenTold: Promise.resolve(),
    paceSamples: [],
  };
}

/** What the next execution needs to go on waiting for the operator. */
export function carriedStateOf(run: LedgerRun): CarriedState {
  return {
    round: run.round,
    stage: currentStage(run),
    steps: [...run.steps.values()],
    otherCalls: run.otherCalls,
    estimatedCalls: run.estimatedCalls,
    ...(run.verification ? { verification: run.verification } : {}),
    ...(run.reportFolder ? { reportFolder: run.reportFolder } : {}),
    currency: run.currency,
    ...(run.planTag !== undefined ? { planTag: run.planTag } : {}),
  };
}

/** The stage the run works from; every caller runs after the first staging. */
export function currentStage(run: LedgerRun): StageSummary {
  return run.stage as StageSummary;
}

/** The run store's scope of the current stage. */
export function scopeOf(run: LedgerRun, stageId = currentStage(run).stageId): RunScope {
  return {
    runName: run.input.runName,
    mode: run.input.mode,
    stageId,
    profile: run.input.profile,
    ...(run.input.weight !== undefined ? { weight: run.input.weight } : {}),
  };
}

export function callsMade(run: LedgerRun): number {
  return run.otherCalls + [...run.steps.values()].reduce((sum, s) => sum + s.calls, 0);
}

/** No row failed and the books verify: a live run may finish by itself. */
export function isClean(run: LedgerRun): boolean {
  return sumRows([...run.steps.values()]).failed === 0 && run.verification?.verified === true;
}

export function stepOf(run: LedgerRun, step: StepName): StepProgress {
  return run.steps.get(step) ?? waitingStep(step);
}

export function waitingStep(step: StepName): StepProgress {
  return {
    step,
    status: 'waiting',
    rows: { planned: 0, done: 0, failed: 0, skipped: 0 },
    units: { total: 0, done: 0 },
    calls: 0,
  };
}

export function sumRows(steps: StepProgress[]): RowCounts {
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
