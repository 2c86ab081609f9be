import { FirstPerCode } from '../collections/first-per-code.js';
import type { Problem } from '../ledger/index.js';
import type {
  MigrateLedgerInput,
  RowCounts,
  RunProgress,
  RunScope,
} from '../migration/contracts/workflow-types.js';
import type { RunReadModel } from '../migration/reporting/run-read-model.js';
import type { StageManifest } from '../migration/contracts/stage-manifest.js';
import type { VerificationReport } from '../migration/contracts/verification-report.js';
import { checksLegacyBooks } from '../migration/contracts/verification-basis.js';
import type { RunReport, StepReport } from './run-report.js';
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

  const tally = await run.tally();
  const steps: StepReport[] = tally.steps.map((step) => ({
    ...step,
    calls: input.progress.steps.find((s) => s.step === step.step)?.calls ?? 0,
  }));
  const { failedRows, skippedRows, skippedRowCount } = tally;
  const totals: RowCounts = { planned: 0, done: 0, failed: 0, skipped: 0 };
  for (const step of steps)
    for (const key of ['planned', 'done', 'failed', 'skipped'] as const)
      totals[key] += step.rows[key];

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
  // The calls the chart draws are the calls the report says were made: the call log's.
  const logged = timeline?.calls.reduce((sum, calls) => sum + calls, 0);
  const counted = input.progress.calls.made;
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
      made: logged ?? counted,
      ...(logged !== undefined && logged !== counted ? { countedByRun: counted } : {}),
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
    skippedRows,
    skippedRowCount,
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
    // The run's own words for why (the pre-check, or the exports): the dry run's for its live run.
    const reason = input.progress.blockedReason;
    if (reason) return input.scope.mode === 'dry-run' ? `Dry run: ${reason}` : `Blocked: ${reason}`;
    return `Blocked: ${manifest.problems.error} errors in the exports must be fixed (or skipped) before a live run.`;
  }
  const books = verification
    ? verification.verified
      ? checksLegacyBooks(verification)
        ? 'the books verify'
        : 'the books were checked against what was read only (the exports hold no trial balance)'
      : `the books need review (${verification.differences} differences, clearing ${verification.clearingBalance})`
    : 'the books were not verified';
  if (input.scope.mode === 'dry-run') {
    return `Dry run: ${totals.planned} rows planned, ${manifest.problems.error} errors and ${manifest.problems.warning} warnings in the exports; ${books}.`;
  }
  return `${totals.done} of ${totals.planned} rows migrated, ${totals.failed} failed, ${totals.skipped} skipped; ${books}.`;
}
