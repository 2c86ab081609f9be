import { workflowInfo, type ParentWorkflowInfo } from '@temporalio/workflow';
import { stepPhases, type PhaseName, type StepName } from '../../src/migration/contracts/steps.js';
import type {
  PhasePlan,
  RowCounts,
  RunScope,
} from '../../src/migration/contracts/workflow-types.js';
import { apiActivities, localActivities } from '../activity-proxies.js';

export interface MigrateStepInput {
  scope: RunScope;
  planId: string;
  step: StepName;
  batchSize: number;
  concurrency: number;
  /** Units started before continuing as new (bounds the history). */
  unitsPerRun?: number;
  replay?: { failedCode?: string };
  /** Set by continue-as-new: where the previous run of this step stopped. */
  cursor?: StepCursor;
}

export interface StepCursor {
  phaseIndex: number;
  nextUnit: number;
  plan: PhasePlan;
  rows: RowCounts;
  calls: number;
  snapshotsTaken: boolean;
}

export interface StepResult {
  step: StepName;
  rows: RowCounts;
  calls: number;
}

/** The workflow's signature, for continue-as-new (which must not import the workflow itself). */
export type MigrateStepWorkflow = (input: MigrateStepInput) => Promise<StepResult>;

/** Everything one execution of migrateStep knows; its handlers and loops share it. */
export interface StepRun {
  readonly input: MigrateStepInput;
  readonly api: ReturnType<typeof apiActivities>;
  /** Where units go: the API in a live run; a dry run predicts them locally. */
  readonly units: ReturnType<typeof apiActivities>;
  readonly phases: readonly PhaseName[];
  /** A dry run predicts its units in chunks (see predict-in-chunks.ts). */
  readonly inChunks: boolean;
  readonly parent: ParentWorkflowInfo | undefined;
  paused: boolean;
  pauseReason: string | undefined;
  /**
   * Live counts for progress. Units report records finished by their call; for multi-phase steps
   * a record finishes in its last phase. The run replaces these with exact counts after each round.
   */
  readonly rows: RowCounts;
  calls: number;
  plan: PhasePlan | undefined;
  unitsDone: number;
  currentPhase: PhaseName | undefined;
  /** Units done when progress was last reported to the run. */
  lastReported: number;
  /** Units started in this execution (continue-as-new bounds them). */
  startedThisRun: number;
}

export function openStepRun(input: MigrateStepInput): StepRun {
  const { scope, step, cursor } = input;
  const api = apiActivities(scope);
  const phases: readonly PhaseName[] = stepPhases[step];
  return {
    input,
    api,
    // Dry runs replace every write with its prediction, locally: they spend no rate budget.
    units: scope.mode === 'live' ? api : localActivities,
    phases,
    inChunks: scope.mode === 'dry-run',
    parent: workflowInfo().parent,
    paused: false,
    pauseReason: undefined,
    rows: cursor?.rows ?? { planned: 0, done: 0, failed: 0, skipped: 0 },
    calls: cursor?.calls ?? 0,
    plan: cursor?.plan,
    unitsDone: cursor?.nextUnit ?? 0,
    currentPhase: phases[cursor?.phaseIndex ?? 0],
    lastReported: -1,
    startedThisRun: 0,
  };
}

/** Adds finished, failed and skipped rows (not planned ones) to the step's live counts. */
export function addSettledRows(run: StepRun, rows: Omit<RowCounts, 'planned'>): void {
  run.rows.done += rows.done;
  run.rows.failed += rows.failed;
  run.rows.skipped += rows.skipped;
}
