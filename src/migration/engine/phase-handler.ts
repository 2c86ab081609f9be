import type { RunStore } from '../../run-store/run-store.js';
import type { MigrationApi, Written } from '../contracts/migration-api.js';
import type { StageManifest } from '../contracts/stage-manifest.js';
import type { StagedRow } from '../contracts/staged-row.js';
import type { PhaseName, StepName } from '../contracts/steps.js';
import type { RowCounts, RunScope } from '../contracts/workflow-types.js';
import type { DocumentFactsView } from '../outcomes/indexed-log.js';
import type { OutcomeView } from '../outcomes/outcome-view.js';
import type { PlanSink } from '../planning/plan-sink.js';
import type { References } from '../outcomes/references.js';
import type { RowOutcome } from '../outcomes/row-outcome.js';
import type { UnitRow } from '../contracts/unit-row.js';

/** What a phase handler can read while planning. */
export interface PlanContext {
  scope: RunScope;
  store: RunStore;
  outcomes: OutcomeView;
  refs: References;
  batchSize: number;
  manifest: StageManifest;
  /** The step's staged rows, one chunk in memory at a time. */
  stagedRows(step: StepName): AsyncIterable<StagedRow>;
  /** The facts staging decided per document (open at the cutover, due at the end). */
  documents(): Promise<DocumentFactsView>;
  /** Every page of a workspace snapshot this step took, merged. */
  snapshot<T>(resource: string): Promise<T[]>;
  /**
   * Where a handler of a large phase puts units and settled outcomes as it goes, instead of
   * returning them all at once (they are written a page at a time).
   */
  sink: PlanSink;
  /** Replay rounds: a row is planned only if its latest outcome failed with this code. */
  failedCode?: string | undefined;
}

export interface PlannedPhase<D = unknown> {
  /** Rows needing a call, one array per unit (one API call), after those given to the sink. */
  units: Array<Array<UnitRow<D>>>;
  /** Outcomes settled without a call (matched, skipped, failed up front), besides the sink's. */
  decided: RowOutcome[];
  /** The step's records this phase covers (counted for the step's first phase only). */
  counts: RowCounts;
}

/** What a handler can read while executing a unit. */
export interface UnitContext {
  scope: RunScope;
  unitId: string;
  outcomes: OutcomeView;
  refs: References;
  /** When the first attempt of this unit started (ISO), for bounded reconciliation scans. */
  attemptStartedAt: string | undefined;
  /**
   * Reconciliation only: ids of the records the workspace held before the run's first live write
   * (src/migration/undo/pre-run-records.ts). No attempt of the run can have created one of them.
   */
  preRunIds?: ReadonlySet<string>;
  /**
   * Every row of the unit, settled or not, in plan order. Reconciliation lookups are counted and
   * indexed over these: the rows still pending shrink as lookups find them, so an index taken over
   * the pending rows would shift and skip a lookup (unset outside the engine: the rows given).
   */
  unitRows?: UnitRow[];
}

export interface Prepared<R> {
  /** The request to send, or undefined when no row can be sent. */
  request: R | undefined;
  /** Rows the request carries, in request order. */
  sent: UnitRow[];
  /** Rows that cannot be sent (a dependency failed, say), with why. */
  failed: RowOutcome[];
}

export interface Reconciled {
  matched: RowOutcome[];
  nextPage: number | null;
}

/**
 * One phase of one step: how it plans its units from staged rows, builds each call from resolved
 * references, interprets the answer, predicts it in a dry run, and finds out, after an attempt
 * that may have committed, which rows already exist in the workspace.
 */
export interface PhaseHandler<R = unknown, D = unknown> {
  readonly step: StepName;
  readonly phase: PhaseName;
  /** Re-sending is harmless (the call sets a value): no reconciliation after an ambiguous attempt. */
  readonly idempotent: boolean;
  plan(context: PlanContext): Promise<PlannedPhase<D>>;
  prepare(context: UnitContext, rows: Array<UnitRow<D>>): Prepared<R>;
  send(api: MigrationApi, request: R): Promise<Written<unknown>>;
  interpret(context: UnitContext, written: Written<unknown>, sent: Array<UnitRow<D>>): RowOutcome[];
  /** The outcomes a dry run predicts for the rows the request would carry. */
  predict(context: UnitContext, sent: Array<UnitRow<D>>): RowOutcome[];
  /**
   * How many lookups reconciliation needs for the unit's rows (each paged; one call per page). The
   * engine passes every row of the unit, and `reconcile` resolves `lookup` over the same rows.
   */
  lookups(rows: Array<UnitRow<D>>): number;
  reconcile(
    context: UnitContext,
    api: MigrationApi,
    rows: Array<UnitRow<D>>,
    lookup: number,
    page: number,
  ): Promise<Reconciled>;
  /** Records of the step this unit finishes when its rows succeed (default: one per row). */
  recordsFinished?(context: UnitContext, succeeded: Array<UnitRow<D>>): number;
}
