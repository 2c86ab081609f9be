import { FirstPerCode } from '../../collections/first-per-code.js';
import type { SourceLocation } from '../../ledger/index.js';
import type { RunStore } from '../../run-store/run-store.js';
import type { StagedRow, StagingSkip } from '../contracts/staged-row.js';
import { stepNames, type StepName } from '../contracts/steps.js';
import type { RowCounts, RunScope } from '../contracts/workflow-types.js';
import type { RecordStatus } from '../outcomes/record-status.js';

/** A staged record that failed, with where to fix it. */
export interface FailedRow {
  step: StepName;
  entity: string;
  key: string;
  code: string;
  /** The API's reason, or why Ledgerlift could not send the row. */
  reason: string;
  location?: SourceLocation;
}

/** A row skipped at staging or after it (by a rule, or on the operator's word). */
export interface SkippedRow {
  step: StepName | 'unknown';
  entity: string;
  key: string;
  reason: string;
  location?: SourceLocation;
}

/** One step's records by status, and how the done ones came to be done. */
export interface StepTally {
  step: StepName;
  rows: RowCounts;
  /** Records created in the workspace (dry run: that will be created). */
  created: number;
  /**
   * Records matched to ones already in the workspace, not created again. A record found again
   * after one of the run's own calls that may have been applied ("reconciled") is not among them:
   * the run created it.
   */
  matched: number;
  /** Legacy system accounts (receivables, payables, tax...) mapped onto the workspace's own. */
  mapped: number;
}

/** What the tally reads: a run's staged records with their statuses, and staging's skips. */
export interface TalliedRun {
  records(step: StepName): AsyncIterable<{ row: StagedRow } & RecordStatus>;
  stagingSkips(): AsyncIterable<StagingSkip>;
}

/**
 * One pass over every staged record of a run and the rows skipped at staging: each step's rows by
 * status (the exact counts a run shows once a round ends) and how they came to be done, every
 * failed row, and the first skipped rows of each step and reason. The longest part of a large
 * run's report and of its exact counts, which is why it is taken once for both (`keepTally`).
 */
export interface RecordTally {
  /** Every step, in step order; rows skipped at staging are counted as planned and skipped. */
  steps: StepTally[];
  failedRows: FailedRow[];
  /** The first skipped rows of each step and reason, in step order. */
  skippedRows: SkippedRow[];
  /** All skipped rows, kept or not. */
  skippedRowCount: number;
}

/** Takes the tally of a run's records (`RecordTally`), one chunk of them in memory at a time. */
export async function tallyRecords(run: TalliedRun): Promise<RecordTally> {
  const failedRows: FailedRow[] = [];
  // Kept per step and reason, the first of each: a file of bad rows gives one skip a row.
  const skippedRows = new FirstPerCode<SkippedRow>((row) => `${row.step} ${skipKindOf(row)}`);
  const skippedAtStaging = new Map<string, number>();
  for await (const skip of run.stagingSkips()) {
    // A skip of no step was never counted in a step's rows, nor listed.
    if (!skip.step) continue;
    const row = skippedRowOfStaging(skip);
    skippedAtStaging.set(row.step, (skippedAtStaging.get(row.step) ?? 0) + 1);
    skippedRows.add(row);
  }
  const steps: RecordTally['steps'] = [];
  for (const step of stepNames) {
    const tally: StepTally = {
      step,
      rows: { planned: 0, done: 0, failed: 0, skipped: 0 },
      created: 0,
      matched: 0,
      mapped: 0,
    };
    for await (const record of run.records(step)) {
      tally.rows.planned += 1;
      const location = record.outcome?.location;
      if (record.status === 'done') {
        tally.rows.done += 1;
        // A legacy system account is neither created nor found by its number or name: it is
        // mapped onto the workspace's own account of that role (docs/accounting.md).
        if (record.outcome?.code === 'account.system') tally.mapped += 1;
        else if (record.outcome?.status === 'matched' && record.outcome.code !== 'reconciled')
          tally.matched += 1;
        else tally.created += 1;
      } else if (record.status === 'failed') {
        tally.rows.failed += 1;
        failedRows.push({
          step,
          entity: record.row.entity,
          key: record.row.key,
          code: record.outcome?.code ?? 'unknown',
          reason: record.outcome?.reason ?? 'no reason recorded',
          ...(location ? { location } : {}),
        });
      } else if (record.status === 'skipped') {
        tally.rows.skipped += 1;
        skippedRows.add(skippedRowOfRecord(step, record));
      }
    }
    const skipped = skippedAtStaging.get(step) ?? 0;
    tally.rows.planned += skipped;
    tally.rows.skipped += skipped;
    steps.push(tally);
  }
  return {
    steps,
    failedRows,
    // In step order, as the steps are listed.
    skippedRows: skippedRows.kept.sort((a, b) => stepIndex(a.step) - stepIndex(b.step)),
    skippedRowCount: [...skippedRows.countsByCode.values()].reduce((sum, count) => sum + count, 0),
  };
}

/**
 * Every skipped row of a run, read from the run store as it is listed (the report keeps the first
 * of each step and reason): the rows of each step skipped after staging, then those skipped at it.
 */
export async function* skippedRowsOf(run: TalliedRun): AsyncGenerator<SkippedRow> {
  for (const step of stepNames) {
    for await (const record of run.records(step))
      if (record.status === 'skipped') yield skippedRowOfRecord(step, record);
  }
  for await (const skip of run.stagingSkips()) if (skip.step) yield skippedRowOfStaging(skip);
}

function skippedRowOfRecord(step: StepName, record: { row: StagedRow } & RecordStatus): SkippedRow {
  const location = record.outcome?.location;
  return {
    step,
    entity: record.row.entity,
    key: record.row.key,
    reason: record.outcome?.reason ?? record.outcome?.code ?? 'skipped',
    ...(location ? { location } : {}),
  };
}

function skippedRowOfStaging(skip: StagingSkip): SkippedRow {
  return {
    step: skip.step ?? 'unknown',
    entity: skip.entity ?? 'unknown',
    key: skip.key ?? '',
    reason: skip.reason === 'invalid' ? `invalid: ${skip.codes.join(', ')}` : skip.reason,
    ...(skip.location ? { location: skip.location } : {}),
  };
}

/** What a skip is kept under: its reason's first word ("invalid", "before-cutover", an outcome's). */
function skipKindOf(row: SkippedRow): string {
  return row.reason.split(/[:\s]/, 1)[0] ?? '';
}

function stepIndex(step: SkippedRow['step']): number {
  const index = (stepNames as readonly string[]).indexOf(step);
  return index < 0 ? stepNames.length : index;
}

/*
 * Kept tallies. A round ends with the run's exact counts, then its report
 * (workflows/migrate-ledger.ts), and both need this pass over every outcome, the longest part of
 * each at a million records. The counts keep the tally they took; the report uses it only if the
 * outcomes are still those it was taken of (staged records and staging's skips never change once
 * staged).
 */
interface KeptTally {
  readTo: string;
  tally: RecordTally;
}
const kept = new WeakMap<RunStore, Map<string, KeptTally>>();

/**
 * How long a tally waits for its report. A live run's verification reads the workspace's reports
 * between the two, which the API budget can stretch; a run that waits longer takes the pass again
 * rather than hold failed rows while it waits (docs/benchmarks.md, "Memory while waiting").
 */
const KEPT_FOR_MS = 120_000;

function keyOf(scope: RunScope): string {
  return `${scope.runName}\u0000${scope.mode}\u0000${scope.stageId}`;
}

/**
 * Keeps a run's tally for the report that follows its exact counts (`keptTally`), with how far its
 * outcomes had been read (`openOutcomes`).
 */
export function keepTally(
  store: RunStore,
  scope: RunScope,
  readTo: string,
  tally: RecordTally,
): void {
  let byRun = kept.get(store);
  if (!byRun) kept.set(store, (byRun = new Map<string, KeptTally>()));
  const key = keyOf(scope);
  const entry = { readTo, tally };
  byRun.set(key, entry);
  setTimeout(() => {
    if (byRun.get(key) === entry) byRun.delete(key);
  }, KEPT_FOR_MS).unref();
}

/**
 * The tally kept for this run if it is of the outcomes read to `readTo` (the run as it stands);
 * undefined otherwise. Taken once: a second report takes the pass again.
 */
export function keptTally(
  store: RunStore,
  scope: RunScope,
  readTo: string,
): RecordTally | undefined {
  const byRun = kept.get(store);
  const key = keyOf(scope);
  const entry = byRun?.get(key);
  byRun?.delete(key);
  return entry?.readTo === readTo ? entry.tally : undefined;
}
