import type { PhaseName, StepName } from '../contracts/steps.js';
import type { RowCounts, RunScope } from '../contracts/workflow-types.js';
import { batchedAppendsOf } from './batched-appends.js';
import { logIndexes, type EngineDeps } from '../engine/engine.js';
import { executeUnit } from './execute-unit.js';
import type { RunStore } from '../../run-store/run-store.js';
import { IndexedLogCache } from '../outcomes/indexed-log.js';

/** A run of consecutive units of one phase, predicted by one activity of a dry run. */
export interface PredictUnitsInput {
  scope: RunScope;
  planId: string;
  step: StepName;
  phase: PhaseName;
  /** The first unit (by index) and the one after the last. */
  from: number;
  to: number;
}

/** How far a run of units got, and what its units predicted so far. */
export interface PredictedUnits {
  /** The unit to predict next (`to` once all are done). */
  next: number;
  rows: Omit<RowCounts, 'planned'>;
  /** Calls the live run would make for these units. */
  calls: number;
  /**
   * The unit whose prediction threw: the pass stops there and the workflow runs that unit on its own
   * (with its retries, then failing its rows), as every unit ran before. The reason stays out of
   * the result (it lands in history); the unit's own run reports it.
   */
  stoppedAt?: { index: number };
}

function nothingPredicted(from: number): PredictedUnits {
  return { next: from, rows: { done: 0, failed: 0, skipped: 0 }, calls: 0 };
}

/** Units whose outcomes are written together (one sync) before their progress is reported. */
const UNITS_PER_WRITE = 100;
/**
 * Outcomes held before they are written, whatever the units: a month's tax reclassification is one
 * unit of a row per invoice (about 88,000 a month for the million-record benchmark company), and
 * holding a batch of such units ran the worker out of its heap.
 */
const OUTCOMES_PER_WRITE = 10_000;

/**
 * Predicts the units `from` to `to` of a phase in one pass: the same per-unit code as the dry run's
 * one-activity-per-unit path (`executeUnit`, which stores each unit's predicted outcomes under the
 * same run store keys), without a workflow task per unit, and writing the outcomes of
 * `UNITS_PER_WRITE` units at a time. `resume` continues a pass an earlier attempt began;
 * `onProgress` hears the totals once the outcomes they count are written (the activity heartbeats
 * them, so a retry resumes after the last unit whose outcomes are stored).
 */
export async function predictUnits(
  deps: EngineDeps,
  input: PredictUnitsInput,
  resume: PredictedUnits | undefined,
  onProgress: (progress: PredictedUnits) => void = () => undefined,
): Promise<PredictedUnits> {
  if (input.scope.mode !== 'dry-run') {
    throw new Error('predictUnits predicts a dry run; a live run makes one activity per call');
  }
  const store = batchedAppendsOf(await deps.openStore(input.scope.runName));
  // The process-wide log indexes, refreshed once for this pass, over the batching view.
  const batched: EngineDeps = {
    ...deps,
    logIndexes: new RefreshedOnce(logIndexes(deps)),
    openStore: () => Promise.resolve(store),
  };
  const progress: PredictedUnits = resume
    ? { next: resume.next, rows: { ...resume.rows }, calls: resume.calls }
    : nothingPredicted(input.from);
  const written = async (): Promise<PredictedUnits> => {
    await store.flush();
    const copy = structuredClone(progress);
    onProgress(copy);
    return copy;
  };
  const { scope, planId, step, phase } = input;
  while (progress.next < input.to) {
    const index = progress.next;
    // A unit's rows come from its page (src/migration/planning/unit-pages.ts), one read for the
    // batch; a dry run's unit has no call record to read (open-unit.ts).
    let result;
    try {
      result = await executeUnit(batched, { scope, unit: { step, phase, planId, index } });
    } catch {
      return { ...(await written()), stoppedAt: { index } };
    }
    if (result.kind !== 'done') {
      // A dry run sends nothing, so it never has a call to reconcile.
      return { ...(await written()), stoppedAt: { index } };
    }
    progress.rows.done += result.rows.done;
    progress.rows.failed += result.rows.failed;
    progress.rows.skipped += result.rows.skipped;
    progress.calls += result.calls;
    progress.next = index + 1;
    const batchDone = (progress.next - input.from) % UNITS_PER_WRITE === 0;
    if (batchDone || store.queued >= OUTCOMES_PER_WRITE) await written();
  }
  return written();
}

/**
 * The process's log indexes, brought up to date once per log for one pass of a dry run's bulk
 * prediction instead of before every unit. Steps that run at the same time never depend on each
 * other's rows (src/migration/steps.ts, `stepDependencies`), so within a pass the only new entries
 * are the pass's own, which the index holds as soon as they are appended.
 */
class RefreshedOnce extends IndexedLogCache {
  private readonly opened = new Map<string, unknown>();

  constructor(private readonly shared: IndexedLogCache) {
    super();
  }

  override async open<L extends { refresh(): Promise<unknown> }>(
    store: RunStore,
    log: string,
    create: () => L,
  ): Promise<L> {
    const known = this.opened.get(log) as L | undefined;
    if (known) return known;
    const indexed = await this.shared.open(store, log, create);
    this.opened.set(log, indexed);
    return indexed;
  }
}
