import {
  getExternalWorkflowHandle,
  workflowInfo,
  type ChildWorkflowHandle,
} from '@temporalio/workflow';
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
import { pauseSignal, resumeSignal, answeredByLastResume } from '../handlers.js';
import type { migrateStep, StepResult } from '../migrate-step.js';
import { pacePerMinute, publishProgress, showProgress, sumRows } from './run-progress.js';

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

/** What the run's input decides once, at its start. */
interface RunSettings {
  batchSize: number;
  concurrency: number;
  selectedSteps: StepName[];
  finishWhenClean: boolean;
  /** One stage per execution chain: see the constructor. */
  mainStageId: string;
}

/** A replay the operator asked for: all failed rows, or one step's, or one error code's. */
export interface QueuedReplay {
  step?: StepName;
  code?: string;
}

/** A running step's child workflow. */
type StepChild = ChildWorkflowHandle<typeof migrateStep>;

const DEFAULT_BATCH_SIZE = 25;
/**
 * Calls a step keeps in flight. The server paces the API queue whatever the window, so a wider one
 * only keeps the queue from running dry while a step's workflow task turns a finished call into
 * the next (docs/benchmarks.md: the orchestration overhead with the limit off).
 */
const DEFAULT_CONCURRENCY = 8;
/** A live run reads three reports to verify the books; a dry run does not. */
export const VERIFICATION_CALLS = 3;
/** Pace samples kept: enough for five minutes of step reports. */
const PACE_SAMPLES_KEPT = 200;
/** Pauses kept for the report: enough for any run a person steers, bounded for history. */
const PAUSES_KEPT = 20;
/** A pause's reason as kept: an API's message can be long, and the record is carried. */
const REASON_KEPT = 500;

/** Phases of work under way: a pause holds them, so reaching one while paused changes nothing shown. */
const WORKING_PHASES: ReadonlySet<RunPhase> = new Set<RunPhase>([
  'staging',
  'migrating',
  'verifying',
  'reporting',
  'replaying',
]);

/**
 * One execution of migrateLedger: what it knows and every change to it. migrateLedger creates it
 * and hands it to the parts that need it; they read its getters and change it only through its
 * methods, each named for what happened. The changes the Temporal UI shows are published here too
 * (the details panel and the search attributes), at the same points as ever: a history replays only
 * if its upserts come in the same order.
 */
export class LedgerRun {
  readonly input: MigrateLedgerInput;
  readonly settings: RunSettings;
  #phase: RunPhase;
  #round: number;
  #stage: StageSummary | undefined;
  readonly #steps: Map<StepName, StepProgress>;
  /** Calls outside the steps: checks, reads, verification reports. */
  #otherCalls: number;
  /** Calls each step made in earlier rounds; a child reports only its own round's calls. */
  readonly #priorCalls = new Map<StepName, number>();
  #estimatedCalls: number;
  #verification: VerificationSummary | undefined;
  #reportFolder: string | undefined;
  /** The report's page (report.html) in that folder. */
  #report: string | undefined;
  /** The books' base currency: --currency, else the workspace's (the workspace pre-check reads it). */
  #currency: string;
  /**
   * Why the run stopped before writing (the workspace pre-check, or the exports); in a dry run,
   * why the live run would.
   */
  #blockedReason: string | undefined;
  /** The first codes of errors in the exports, when they are why. */
  #firstProblems: readonly ProblemBrief[] | undefined;
  /** Set apart from an earlier execution's plans (plan-ids.ts); undefined for a run's first. */
  #planTag: string | undefined;
  #paused = false;
  #pauseReason: string | undefined;
  /** Every pause (the last PAUSES_KEPT), with its reason and when it ended. */
  readonly #pauses: PauseRecord[];
  /** The phase a pause interrupted, restored on resume (migrating, awaiting the operator...). */
  #phaseBeforePause: RunPhase;
  /** Workflow time of the operator's last resume in this execution. */
  #lastResumedAt: number | undefined;
  #finishRequested = false;
  #replayQueued: QueuedReplay | undefined;
  /** A replay request is being counted: a second one is refused meanwhile. */
  #replayRequested = false;
  readonly #runningChildren = new Map<StepName, StepChild>();
  /** Signals to the children, one round at a time (see tellChildren). */
  #childrenTold: Promise<void> = Promise.resolve();
  readonly #paceSamples: Array<[number, number]> = [];

  /** A fresh run, or one continued as new with what the previous execution carried. */
  constructor(input: MigrateLedgerInput, carried?: CarriedState) {
    const selectedSteps = stepNames.filter((step) => !input.steps || input.steps.includes(step));
    this.input = input;
    this.settings = {
      batchSize: input.batchSize ?? DEFAULT_BATCH_SIZE,
      concurrency: input.concurrency ?? DEFAULT_CONCURRENCY,
      selectedSteps,
      finishWhenClean: input.finishWhenClean ?? true,
      // One stage per execution chain (continue-as-new keeps it): a live run never reads the chunks
      // a dry run, or an earlier run of the same migration, staged from older exports.
      mainStageId: `${input.mode}-${workflowInfo().firstExecutionRunId}`,
    };
    this.#phase = carried ? 'awaiting-operator' : 'staging';
    this.#phaseBeforePause = this.#phase;
    this.#round = carried?.round ?? 0;
    this.#stage = carried?.stage;
    this.#steps = new Map(
      (carried?.steps ?? selectedSteps.map(waitingStep)).map((s) => [s.step, s]),
    );
    this.#otherCalls = carried?.otherCalls ?? 0;
    this.#estimatedCalls = carried?.estimatedCalls ?? 0;
    this.#verification = carried?.verification;
    this.#reportFolder = carried?.reportFolder;
    this.#report = carried?.report;
    this.#pauses = carried?.pauses ? [...carried.pauses] : [];
    this.#currency = carried?.currency ?? input.currency ?? 'USD';
    this.#planTag = carried?.planTag;
  }

  get phase(): RunPhase {
    return this.#phase;
  }

  get round(): number {
    return this.#round;
  }

  /** The stage the run works from; every caller runs after the first staging. */
  get stage(): StageSummary {
    if (!this.#stage) throw new Error('The run has staged no exports yet.');
    return this.#stage;
  }

  get currency(): string {
    return this.#currency;
  }

  get planTag(): string | undefined {
    return this.#planTag;
  }

  get verification(): VerificationSummary | undefined {
    return this.#verification;
  }

  /** Why the run stops before writing; in a dry run, why its live run would. */
  get blockedReason(): string | undefined {
    return this.#blockedReason;
  }

  get paused(): boolean {
    return this.#paused;
  }

  get finishRequested(): boolean {
    return this.#finishRequested;
  }

  /** The replay the operator loop runs next (undefined once it has run). */
  get replayQueued(): QueuedReplay | undefined {
    return this.#replayQueued;
  }

  get replayRequested(): boolean {
    return this.#replayRequested;
  }

  /** No row failed and the books verify. */
  get isClean(): boolean {
    return sumRows([...this.#steps.values()]).failed === 0 && this.#verification?.verified === true;
  }

  /** A clean live run finishes by itself, unless its input says to wait for the operator. */
  get finishesByItself(): boolean {
    return this.settings.finishWhenClean && this.isClean;
  }

  /** The run store's scope of the current stage, or of the given one. */
  scope(stageId = this.stage.stageId): RunScope {
    const { input } = this;
    return {
      runName: input.runName,
      mode: input.mode,
      stageId,
      profile: input.profile,
      ...(input.weight !== undefined ? { weight: input.weight } : {}),
    };
  }

  /** The run's progress as the progress query, the reports and the details panel show it. */
  progress(): RunProgress {
    const { input } = this;
    const made = this.#callsMade();
    const pace = pacePerMinute(this.#paceSamples);
    const remaining = Math.max(0, this.#estimatedCalls - made);
    return {
      runName: input.runName,
      mode: input.mode,
      phase: this.#phase,
      round: this.#round,
      ...(input.mode === 'dry-run' ? { predictedLiveCalls: made + VERIFICATION_CALLS } : {}),
      steps: [...this.#steps.values()],
      calls: { made, remainingEstimate: remaining },
      // A dry run's calls are predictions: its pace of predicting is no pace of API calls.
      pacePerMinute: input.mode === 'live' ? pace : 0,
      etaSeconds: this.#etaSeconds(pace, remaining),
      ...(input.weight !== undefined ? { weight: input.weight } : {}),
      ...(this.#pauseReason ? { pauseReason: this.#pauseReason } : {}),
      ...(this.#pauses.length > 0 ? { pauses: this.#pauses.map((pause) => ({ ...pause })) } : {}),
      ...(this.#blockedReason ? { blockedReason: this.#blockedReason } : {}),
      ...(this.#firstProblems?.length ? { firstProblems: [...this.#firstProblems] } : {}),
      ...(this.#verification ? { verification: this.#verification } : {}),
      ...(this.#reportFolder ? { reportFolder: this.#reportFolder } : {}),
      ...(this.#report ? { report: this.#report } : {}),
    };
  }

  /** What the next execution needs to go on waiting for the operator. */
  carriedState(): CarriedState {
    return {
      round: this.#round,
      stage: this.stage,
      steps: [...this.#steps.values()],
      otherCalls: this.#otherCalls,
      estimatedCalls: this.#estimatedCalls,
      ...(this.#verification ? { verification: this.#verification } : {}),
      ...(this.#reportFolder ? { reportFolder: this.#reportFolder } : {}),
      ...(this.#report ? { report: this.#report } : {}),
      ...(this.#pauses.length > 0 ? { pauses: this.#pauses.map((pause) => ({ ...pause })) } : {}),
      currency: this.#currency,
      ...(this.#planTag !== undefined ? { planTag: this.#planTag } : {}),
    };
  }

  /**
   * True when a step's pausing failure came from an attempt scheduled before the operator's last
   * resume, while the run is running: the operator has acted since.
   */
  resumedSince(attemptStartedAt: number | undefined): boolean {
    return answeredByLastResume(
      { paused: this.#paused, lastResumedAt: this.#lastResumedAt },
      attemptStartedAt,
    );
  }

  /** Shows the run in the Temporal UI: its details panel and its search attributes. */
  publish(): void {
    publishProgress(this.progress());
  }

  /**
   * The run moves on to a phase, and shows it. While the operator has it paused, a working phase
   * it reaches (a pause during staging, then the steps start, themselves told to wait) is kept for
   * the resume, and the run goes on showing "paused": it is paused, and the consultant waiting for
   * that word sees it.
   */
  enter(next: RunPhase): void {
    this.#enter(next);
    this.publish();
  }

  /**
   * Pauses the run at the given workflow time (the operator's pause, or a step's on a credential or
   * quota problem). A pause while paused changes the reason, not the pause.
   */
  pause(reason: string, at: number): void {
    if (!this.#paused) {
      this.#phaseBeforePause = this.#phase;
      this.#pauses.push({ at: new Date(at).toISOString(), reason: kept(reason) });
      if (this.#pauses.length > PAUSES_KEPT) this.#pauses.shift();
    } else {
      const last = this.#pauses.at(-1);
      if (last) last.reason = kept(reason);
    }
    this.#paused = true;
    this.#pauseReason = reason;
    this.#enter('paused');
    this.publish();
  }

  /** Resumes the run at the given workflow time, in the phase the pause interrupted. */
  resume(at: number): void {
    this.#paused = false;
    this.#pauseReason = undefined;
    this.#lastResumedAt = at;
    const last = this.#pauses.at(-1);
    if (last && last.resumedAt === undefined) last.resumedAt = new Date(at).toISOString();
    this.#enter(this.#phaseBeforePause);
    this.publish();
  }

  /**
   * Tells the running steps whether the run is paused, as it is when each signal is sent, one round
   * after another: a pause and a resume sent close together would otherwise interleave their
   * awaits, and a child could hear the resume before the pause and stay paused forever.
   */
  tellChildren(): Promise<void> {
    this.#childrenTold = this.#childrenTold.then(() => this.#signalChildren());
    return this.#childrenTold;
  }

  /** API calls made outside the steps (checks, reads, verification reports). */
  addCalls(calls: number): void {
    this.#otherCalls += calls;
  }

  /**
   * The workspace pre-check read the workspace with so many calls: the books' currency is
   * --currency, else the workspace's.
   */
  workspaceRead(read: { calls: number; currency: string | undefined }): void {
    this.addCalls(read.calls);
    this.#currency = this.input.currency ?? read.currency ?? this.#currency;
  }

  /**
   * The stage the run works from now: the first pass's (whose estimate of calls is the run's), or
   * a replay round's.
   */
  staged(stage: StageSummary): void {
    this.#stage = stage;
    if (this.#round > 0) return;
    this.#estimatedCalls = this.settings.selectedSteps.reduce(
      (sum, step) => sum + stage.estimatedCalls[step],
      0,
    );
  }

  /**
   * Why the run stops before writing (the workspace pre-check's reason, or the exports'), with the
   * first codes of errors in the exports when they are why; in a dry run, why its live run would.
   * Shown in its progress from now on; `block` stops it.
   */
  stopFound(reason: string | undefined, firstProblems?: readonly ProblemBrief[]): void {
    this.#blockedReason = reason;
    this.#firstProblems = firstProblems;
  }

  /** The run stops before writing, for the reason recorded (when there is one). */
  block(): void {
    this.enter('blocked');
  }

  /** An earlier execution of the run name planned: this one's plans are set apart by the tag. */
  tagPlans(tag: string | undefined): void {
    this.#planTag = tag;
  }

  /** A step is about to start its child: its earlier rounds' calls are kept apart from the child's. */
  stepStarting(step: StepName): void {
    const before = this.#stepOf(step);
    this.#priorCalls.set(step, before.calls);
    this.#steps.set(step, { ...before, status: 'running' });
  }

  stepStarted(step: StepName, child: StepChild): void {
    this.#runningChildren.set(step, child);
  }

  /** A step child's report of its progress (its calls are its own round's), at workflow time `at`. */
  stepReported(update: StepProgress, at: number): void {
    this.#steps.set(update.step, {
      ...update,
      calls: (this.#priorCalls.get(update.step) ?? 0) + update.calls,
    });
    this.#paceSamples.push([at, this.#callsMade()]);
    const extra = this.#paceSamples.length - PACE_SAMPLES_KEPT;
    if (extra > 0) this.#paceSamples.splice(0, extra);
    // Only the details panel: upserting search attributes on each report would add a command each time.
    showProgress(this.progress());
  }

  /** A step's child finished with its final counts. */
  stepDone(step: StepName, result: StepResult): void {
    this.#steps.set(step, {
      ...this.#stepOf(step),
      status: 'done',
      rows: result.rows,
      calls: (this.#priorCalls.get(step) ?? 0) + result.calls,
    });
    this.#runningChildren.delete(step);
    this.publish();
  }

  /** Exact counts from the run store replace the live ones (after a round or a skip). */
  countedExactly(exact: Partial<Record<StepName, RowCounts>>): void {
    for (const [step, rows] of Object.entries(exact) as Array<[StepName, RowCounts]>) {
      this.#steps.set(step, { ...this.#stepOf(step), rows });
    }
    this.publish();
  }

  verified(verification: VerificationSummary): void {
    this.#verification = verification;
  }

  /**
   * The report just written: the result and the details panel name its page. Its count of calls is
   * what the run says from then on: a step counts the calls an activity reports back, and an
   * attempt that fails and is retried reports none, though its calls were sent. Those calls join
   * the run's other calls, so the result, the status and the details panel give the report's figure.
   */
  reportWritten(written: WrittenReport): void {
    this.#reportFolder = written.folder;
    this.#report = written.html;
    if (written.callsMade !== undefined) {
      this.#otherCalls += Math.max(0, written.callsMade - this.#callsMade());
    }
  }

  /** The operator asked for a replay: a second request is refused while this one is counted. */
  requestReplay(): void {
    this.#replayRequested = true;
  }

  /** The replay request was refused after all: another may come. */
  replayRefused(): void {
    this.#replayRequested = false;
  }

  /** The replay is counted: the operator loop runs it next. */
  queueReplay(replay: QueuedReplay): void {
    this.#replayQueued = replay;
  }

  /** A replay round begins: the round's number, and the phase. */
  startReplayRound(): void {
    this.#round += 1;
    this.enter('replaying');
  }

  /** The queued replay has run. */
  replayRan(): void {
    this.#replayQueued = undefined;
  }

  /** The operator asked to finish: the operator loop ends the run. */
  finish(): void {
    this.#finishRequested = true;
  }

  #enter(next: RunPhase): void {
    if (this.#paused && WORKING_PHASES.has(next)) this.#phaseBeforePause = next;
    else this.#phase = next;
  }

  /**
   * Seconds to go: unknown (null) until staging has counted the calls and a pace is measured, 0
   * once no call is left. Never 0 while staging, when nothing is known yet.
   */
  #etaSeconds(pace: number, remaining: number): number | null {
    if (this.#stage === undefined) return null;
    if (remaining === 0) return 0;
    return pace > 0 ? Math.round((remaining / pace) * 60) : null;
  }

  #callsMade(): number {
    return this.#otherCalls + [...this.#steps.values()].reduce((sum, s) => sum + s.calls, 0);
  }

  #stepOf(step: StepName): StepProgress {
    return this.#steps.get(step) ?? waitingStep(step);
  }

  async #signalChildren(): Promise<void> {
    for (const handle of [...this.#runningChildren.values()]) {
      const child = getExternalWorkflowHandle(handle.workflowId);
      try {
        if (this.#paused) await child.signal(pauseSignal, { reason: this.#pauseReason });
        else await child.signal(resumeSignal, {});
      } catch {
        // The child finished between the lookup and the signal: nothing is left to pause.
      }
    }
  }
}

/** A report as written: its folder, its page (report.html) in it, and the calls it counts. */
export interface WrittenReport {
  folder: string;
  html: string;
  /** Calls made: a live run's call log holds every call sent; absent from older workers. */
  callsMade?: number;
}

function kept(reason: string): string {
  return reason.length > REASON_KEPT ? `${reason.slice(0, REASON_KEPT - 1)}…` : reason;
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
