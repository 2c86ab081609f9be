import { workflowInfo, type ChildWorkflowHandle } from '@temporalio/workflow';
import { stepNames, type StepName } from '../../src/migration/contracts/steps.js';
import type {
  MigrateLedgerInput,
  PauseRecord,
  ProblemBrief,
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
  /** The report's page (report.html) in that folder. */
  report?: string;
  /** The run's pauses so far, for the reports of later rounds. */
  pauses?: PauseRecord[];
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
interface RunSettings {
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
  /** Every pause (the last PAUSES_KEPT), with its reason and when it ended. */
  pauses: PauseRecord[];
}

/**
 * Everything one execution of migrateLedger knows, as the parts of the workflow see it: read-only.
 * Only migrateLedger changes it, through the transitions below (which take `RunState`, its
 * writable form).
 */
export interface LedgerRun {
  readonly input: MigrateLedgerInput;
  readonly settings: RunSettings;
  readonly phase: RunPhase;
  readonly round: number;
  readonly stage: StageSummary | undefined;
  readonly steps: ReadonlyMap<StepName, StepProgress>;
  readonly otherCalls: number;
  /** Calls each step made in earlier rounds; a child reports only its own round's calls. */
  readonly priorCalls: ReadonlyMap<StepName, number>;
  readonly estimatedCalls: number;
  readonly verification: VerificationSummary | undefined;
  readonly reportFolder: string | undefined;
  /** The report's page (report.html) in that folder. */
  readonly report: string | undefined;
  /** The books' base currency: --currency, else the workspace's (the workspace pre-check reads it). */
  readonly currency: string;
  /**
   * Why the run stopped before writing (the workspace pre-check, or the exports); in a dry run,
   * why the live run would.
   */
  readonly blockedReason: string | undefined;
  /** The first codes of errors in the exports, when they are why. */
  readonly firstProblems: readonly ProblemBrief[] | undefined;
  /** Set apart from an earlier execution's plans (plan-ids.ts); undefined for a run's first. */
  readonly planTag: string | undefined;
  readonly operator: Readonly<OperatorState>;
  readonly runningChildren: ReadonlyMap<StepName, StepChild>;
  /** Signals to the children, one round at a time (see sendToChildrenInTurn). */
  readonly childrenTold: Promise<void>;
  readonly paceSamples: ReadonlyArray<readonly [number, number]>;
}

/** A running step's child workflow. */
export type StepChild = ChildWorkflowHandle<typeof migrateStep>;

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** Marks the writable form: a `LedgerRun` a part is given cannot pass for it. */
declare const runOwner: unique symbol;

/**
 * The run's writable form. `openRun` gives it to migrateLedger alone (workflows/migrate-ledger.ts),
 * and the transitions below take only it, so no part the workflow calls can change the run: parts
 * take the read-only `LedgerRun` and return values, which migrateLedger applies.
 */
export interface RunState extends Writable<
  Omit<LedgerRun, 'steps' | 'priorCalls' | 'operator' | 'runningChildren' | 'paceSamples'>
> {
  readonly [runOwner]: true;
  readonly steps: Map<StepName, StepProgress>;
  readonly priorCalls: Map<StepName, number>;
  readonly operator: OperatorState;
  readonly runningChildren: Map<StepName, StepChild>;
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
export function openRun(input: MigrateLedgerInput, carried?: CarriedState): RunState {
  const selectedSteps = stepNames.filter((step) => !input.steps || input.steps.includes(step));
  const phase: RunPhase = carried ? 'awaiting-operator' : 'staging';
  const fresh: Omit<RunState, typeof runOwner> = {
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
    report: carried?.report,
    currency: carried?.currency ?? input.currency ?? 'USD',
    blockedReason: undefined,
    firstProblems: undefined,
    planTag: carried?.planTag,
    operator: {
      paused: false,
      pauseReason: undefined,
      phaseBeforePause: phase,
      lastResumedAt: undefined,
      finishRequested: false,
      replayQueued: undefined,
      replayRequested: false,
      pauses: carried?.pauses ?? [],
    },
    runningChildren: new Map(),
    childrenTold: Promise.resolve(),
    paceSamples: [],
  };
  return fresh as RunState;
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
    ...(run.report ? { report: run.report } : {}),
    ...(run.operator.pauses.length > 0 ? { pauses: [...run.operator.pauses] } : {}),
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

function stepOf(run: LedgerRun, step: StepName): StepProgress {
  return run.steps.get(step) ?? waitingStep(step);
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

export function sumRows(steps: readonly StepProgress[]): RowCounts {
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

// The transitions: every change of a run's state, named for what happened.

/** Pace samples kept: enough for five minutes of step reports. */
const PACE_SAMPLES_KEPT = 200;

/** Phases of work under way: a pause holds them, so reaching one while paused changes nothing shown. */
const WORKING_PHASES: ReadonlySet<RunPhase> = new Set<RunPhase>([
  'staging',
  'migrating',
  'verifying',
  'reporting',
  'replaying',
]);

/**
 * The phase the run shows next. While the operator has it paused, a working phase it reaches (a
 * pause during staging, then the steps start, themselves told to wait) is kept for the resume, and
 * the run goes on showing "paused": it is paused, and the consultant waiting for that word sees it.
 */
export function enterPhase(
  run: { phase: RunPhase; operator: Pick<OperatorState, 'paused' | 'phaseBeforePause'> },
  next: RunPhase,
): void {
  if (run.operator.paused && WORKING_PHASES.has(next)) run.operator.phaseBeforePause = next;
  else run.phase = next;
}

/** Enters the next phase of this run (migrateLedger then shows it). */
export function enterRunPhase(run: RunState, next: RunPhase): void {
  enterPhase(run, next);
}

/** API calls made outside the steps (checks, reads, verification reports). */
export function addOtherCalls(run: RunState, calls: number): void {
  run.otherCalls += calls;
}

export function recordCurrency(run: RunState, currency: string): void {
  run.currency = currency;
}

/** The stage the run works from now (the main stage, or a replay round's). */
export function recordStage(run: RunState, stage: StageSummary): void {
  run.stage = stage;
}

export function recordEstimatedCalls(run: RunState, estimatedCalls: number): void {
  run.estimatedCalls = estimatedCalls;
}

export function recordBlockedReason(
  run: RunState,
  reason: string | undefined,
  firstProblems?: readonly ProblemBrief[],
): void {
  run.blockedReason = reason;
  run.firstProblems = firstProblems;
}

export function recordPlanTag(run: RunState, tag: string | undefined): void {
  run.planTag = tag;
}

/** Exact counts from the run store replace the live ones. */
export function recordExactCounts(
  run: RunState,
  exact: ReadonlyArray<readonly [StepName, RowCounts]>,
): void {
  for (const [step, rows] of exact) run.steps.set(step, { ...stepOf(run, step), rows });
}

/** A step child's report of its progress (its calls are its own round's). */
export function recordStepProgress(run: RunState, update: StepProgress): void {
  run.steps.set(update.step, {
    ...update,
    calls: (run.priorCalls.get(update.step) ?? 0) + update.calls,
  });
}

/** A step starts its child: its earlier rounds' calls are kept apart from the child's. */
export function recordStepStarted(run: RunState, step: StepName): void {
  const before = stepOf(run, step);
  run.priorCalls.set(step, before.calls);
  run.steps.set(step, { ...before, status: 'running' });
}

export function recordStepChild(run: RunState, step: StepName, child: StepChild): void {
  run.runningChildren.set(step, child);
}

/** A step's child finished with its final counts. */
export function recordStepDone(
  run: RunState,
  step: StepName,
  result: { rows: RowCounts; calls: number },
): void {
  run.steps.set(step, {
    ...stepOf(run, step),
    status: 'done',
    rows: result.rows,
    calls: (run.priorCalls.get(step) ?? 0) + result.calls,
  });
  run.runningChildren.delete(step);
}

export function recordVerification(run: RunState, verification: VerificationSummary): void {
  run.verification = verification;
}

/** A report as written: its folder, its page (report.html) in it, and the calls it counts. */
export interface WrittenReport {
  folder: string;
  html: string;
  /** Calls made: a live run's call log holds every call sent; absent from older workers. */
  callsMade?: number;
}

/**
 * The report just written: the result and the details panel name its page. Its count of calls is
 * what the run says from then on: a step counts the calls an activity reports back, and an attempt
 * that fails and is retried reports none, though its calls were sent. Those calls join the run's
 * other calls, so the result, the status and the details panel give the report's figure.
 */
export function recordReport(run: RunState, written: WrittenReport): void {
  run.reportFolder = written.folder;
  run.report = written.html;
  if (written.callsMade !== undefined) {
    run.otherCalls += Math.max(0, written.callsMade - callsMade(run));
  }
}

/** A replay round begins. */
export function beginReplayRound(run: RunState): void {
  run.round += 1;
}

/** The operator asked for a replay: a second request is refused while this one is counted. */
export function markReplayRequested(run: RunState, requested: boolean): void {
  run.operator.replayRequested = requested;
}

/** The replay the operator loop runs next (undefined once it has run). */
export function recordQueuedReplay(run: RunState, replay: QueuedReplay | undefined): void {
  run.operator.replayQueued = replay;
}

export function recordFinishRequested(run: RunState): void {
  run.operator.finishRequested = true;
}

/** Pauses kept for the report: enough for any run a person steers, bounded for history. */
const PAUSES_KEPT = 20;
/** A pause's reason as kept: an API's message can be long, and the record is carried. */
const REASON_KEPT = 500;

function kept(reason: string): string {
  return reason.length > REASON_KEPT ? `${reason.slice(0, REASON_KEPT - 1)}…` : reason;
}

/**
 * Pauses the run at the given workflow time (the operator's pause, or a step's on a credential or
 * quota problem). A pause while paused changes the reason, not the pause.
 */
export function recordPause(run: RunState, reason: string, at: number): void {
  const { operator } = run;
  if (!operator.paused) {
    operator.phaseBeforePause = run.phase;
    operator.pauses.push({ at: new Date(at).toISOString(), reason: kept(reason) });
    if (operator.pauses.length > PAUSES_KEPT) operator.pauses.shift();
  } else {
    const last = operator.pauses.at(-1);
    if (last) last.reason = kept(reason);
  }
  operator.paused = true;
  operator.pauseReason = reason;
  enterRunPhase(run, 'paused');
}

/** Resumes the run at the given workflow time, in the phase the pause interrupted. */
export function recordResume(run: RunState, at: number): void {
  const { operator } = run;
  operator.paused = false;
  operator.pauseReason = undefined;
  operator.lastResumedAt = at;
  const last = operator.pauses.at(-1);
  if (last && last.resumedAt === undefined) last.resumedAt = new Date(at).toISOString();
  enterRunPhase(run, operator.phaseBeforePause);
}

/** Chains a round of signals to the children after the rounds already under way. */
export function sendToChildrenInTurn(run: RunState, send: () => Promise<void>): Promise<void> {
  run.childrenTold = run.childrenTold.then(send);
  return run.childrenTold;
}

/** Notes the calls made so far at this moment of workflow time, for the pace. */
export function samplePace(run: RunState, at: number): void {
  const samples = run.paceSamples;
  samples.push([at, callsMade(run)]);
  if (samples.length > PACE_SAMPLES_KEPT) samples.splice(0, samples.length - PACE_SAMPLES_KEPT);
}
