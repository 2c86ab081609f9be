import { FirstPerCode } from '../collections/first-per-code.js';
import type { Problem } from '../ledger/index.js';
import type { StagingSkip } from '../migration/contracts/staged-row.js';
import { stepNames, type StepName } from '../migration/contracts/steps.js';
import type {
  MigrateLedgerInput,
  RowCounts,
  RunProgress,
  RunScope,
} from '../migration/contracts/workflow-types.js';
import type { RunReadModel } from '../migration/reporting/run-read-model.js';
import type { StageManifest } from '../migration/contracts/stage-manifest.js';
import type { VerificationReport } from '../migration/contracts/verification-report.js';
import type { FailedRow, RunReport, StepReport } from './run-report.js';
import { estimateLiveRun } from './live-run-estimate.js';
import type { RunInProgress } from '../migration/contracts/fair-share.js';
import { estimateUnderSharing } from './estimate-under-sharing.js';
import { isMapped } from './id-map.js';
import { timelineOf } from './run-timeline.js';

export interface BuildReportInput {
  scope: RunScope;
  progress: RunProgress;
  source: MigrateLedgerInput['source'];
  batchSize: number;
  /** The API's rate limit, for the dry run's duration estimate. */
  requestsPerMinute: number;
  /** The live migrations running now under the client id: the estimate says what they do to it. */
  runsInProgress?: RunInProgress[];
}

/** Collects a run's report from the run store: counts, failures with locations, verification. */
export async function buildRunReport(
  run: RunReadModel,
  input: BuildReportInput,
  now: Date,
): Promise<RunReport> {
  const { manifest, projection, verification } = run;

  const steps: StepReport[] = [];
  const failedRows: FailedRow[] = [];
  // Kept per step and reason, the first of each: a file of bad rows gives one skip a row.
  const skippedRows = new FirstPerCode<SkippedRow>((row) => `${row.step} ${skipKindOf(row)}`);
  const totals: RowCounts = { planned: 0, done: 0, failed: 0, skipped: 0 };
  const skippedAtStaging = new Map<string, number>();
  for await (const skip of run.stagingSkips()) {
    // A skip of no step was never counted in a step's rows, nor listed.
    if (!skip.step) continue;
    const row = skippedRowOfStaging(skip);
    skippedAtStaging.set(row.step, (skippedAtStaging.get(row.step) ?? 0) + 1);
    skippedRows.add(row);
  }
  for (const step of stepNames) {
    const report: StepReport = {
      step,
      rows: { planned: 0, done: 0, failed: 0, skipped: 0 },
      created: 0,
      matched: 0,
      mapped: 0,
      calls: input.progress.steps.find((s) => s.step === step)?.calls ?? 0,
    };
    for await (const record of run.records(step)) {
      report.rows.planned += 1;
      const location = record.outcome?.location;
      if (record.status === 'done') {
        report.rows.done += 1;
        // A legacy system account is neither created nor found by its number or name: it is
        // mapped onto the workspace's own account of that role (docs/accounting.md).
        if (record.outcome?.code === 'account.system') report.mapped += 1;
        else if (record.outcome?.status === 'matched') report.matched += 1;
        else report.created += 1;
      } else if (record.status === 'failed') {
        report.rows.failed += 1;
        failedRows.push({
          step,
          entity: record.row.entity,
          key: record.row.key,
          code: record.outcome?.code ?? 'unknown',
          reason: record.outcome?.reason ?? 'no reason recorded',
          ...(location ? { location } : {}),
        });
      } else if (record.status === 'skipped') {
        report.rows.skipped += 1;
        skippedRows.add(skippedRowOfRecord(step, record));
      }
    }
    const skipped = skippedAtStaging.get(step) ?? 0;
    report.rows.planned += skipped;
    report.rows.skipped += skipped;
    for (const key of ['planned', 'done', 'failed', 'skipped'] as const)
      totals[key] += report.rows[key];
    steps.push(report);
  }

  // One pass over the outcomes, the largest thing a run keeps: its API warnings and the size of
  // its ID map (whose rows the workbook reads as it writes them).
  const apiWarnings: RunReport['apiWarnings'] = [];
  let idMapRows = 0;
  for (const outcome of run.outcomes()) {
    if (isMapped(outcome)) idMapRows += 1;
    for (const message of outcome.warnings ?? []) {
      apiWarnings.push({
        step: outcome.step,
        entity: outcome.entity,
        key: outcome.key,
        message,
        ...(outcome.location ? { location: outcome.location } : {}),
      });
    }
  }

  // Counted per code, the first of each kept: a file of bad rows gives one problem per row.
  const problems = new FirstPerCode<Problem>(codeOfProblem);
  for await (const problem of run.problems()) problems.add(problem);
  const names = new Map<string, string>();
  for await (const account of run.accounts()) {
    names.set(account.key, account.code ? `${account.code} ${account.name}` : account.name);
  }
  const predictedCalls = input.progress.predictedLiveCalls ?? input.progress.calls.made;
  const timeline = input.scope.mode === 'live' ? await timelineOf(run.recordedCalls()) : undefined;
  const aging = await run.aging();
  return {
    generatedAt: now.toISOString(),
    run: {
      runName: input.scope.runName,
      mode: input.scope.mode,
      phase: input.progress.phase,
      round: input.progress.round,
      source: { folder: input.source.folder, format: input.source.format },
      cutoverDate: manifest.cutoverDate,
      endDate: manifest.endDate,
      currency: manifest.baseCurrency,
      batchSize: input.batchSize,
      profile: input.scope.profile,
    },
    headline: headlineOf(input, totals, manifest, verification),
    totals,
    calls: {
      made: input.progress.calls.made,
      ...(input.scope.mode === 'dry-run'
        ? {
            predicted: {
              ...estimateLiveRun(predictedCalls, input.requestsPerMinute),
              ...(input.runsInProgress
                ? {
                    underSharing: estimateUnderSharing(
                      predictedCalls,
                      input.requestsPerMinute,
                      input.runsInProgress,
                      input.scope.weight,
                    ),
                  }
                : {}),
            },
          }
        : {}),
    },
    steps,
    failedRows,
    apiWarnings,
    problems: problems.kept,
    problemCounts: manifest.problems,
    problemCodes: [...problems.countsByCode].map(([code, count]) => {
      const [severity, name] = code.split(' ') as [Problem['severity'], string];
      return { severity, code: name, count };
    }),
    // In step order, as the steps are listed.
    skippedRows: skippedRows.kept.sort((a, b) => stepIndex(a.step) - stepIndex(b.step)),
    skippedRowCount: [...skippedRows.countsByCode.values()].reduce((sum, count) => sum + count, 0),
    ...(verification ? { verification } : {}),
    projectedTrialBalance: Object.entries(projection?.books ?? {}).map(([key, balance]) => ({
      key,
      name: names.get(key) ?? key,
      balance,
    })),
    progress: input.progress,
    idMapRows,
    callLog: (await run.callLogSummary?.()) ?? [],
    ...(input.scope.mode === 'live' ? { replayHistory: (await run.replayHistory?.()) ?? [] } : {}),
    ...(timeline ? { timeline } : {}),
    aging,
  };
}

type SkippedRow = RunReport['skippedRows'][number];
type RunRecord = RunReadModel['records'] extends (step: StepName) => AsyncIterable<infer R>
  ? R
  : never;

function skippedRowOfRecord(step: StepName, record: RunRecord): SkippedRow {
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

/**
 * Every skipped row of a run, read from the run store as it is listed (the report keeps the first
 * of each step and reason): the rows of each step skipped after staging, then those skipped at it.
 */
export async function* skippedRowsOf(run: RunReadModel): AsyncGenerator<SkippedRow> {
  for (const step of stepNames) {
    for await (const record of run.records(step))
      if (record.status === 'skipped') yield skippedRowOfRecord(step, record);
  }
  for await (const skip of run.stagingSkips()) if (skip.step) yield skippedRowOfStaging(skip);
}

/** Problems are counted per severity and code: one code may be an error here, a warning there. */
function codeOfProblem(problem: Problem): string {
  return `${problem.severity} ${problem.code}`;
}

function headlineOf(
  input: BuildReportInput,
  totals: RowCounts,
  manifest: StageManifest,
  verification: VerificationReport | undefined,
): string {
  if (input.progress.phase === 'blocked') {
    return `Blocked: ${manifest.problems.error} errors in the exports must be fixed (or skipped) before a live run.`;
  }
  const books = verification
    ? verification.verified
      ? 'the books verify'
      : `the books need review (${verification.differences} differences, clearing ${verification.clearingBalance})`
    : 'the books were not verified';
  if (input.scope.mode === 'dry-run') {
    return `Dry run: ${totals.planned} rows planned, ${manifest.problems.error} errors and ${manifest.problems.warning} warnings in the exports; ${books}.`;
  }
  return `${totals.done} of ${totals.planned} rows migrated, ${totals.failed} failed, ${totals.skipped} skipped; ${books}.`;
}
