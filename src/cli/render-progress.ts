import {
  checksLegacyBooks,
  describeBasis,
  onlyWhatWasRead,
  PROJECTED_WITHOUT_ERRORS,
} from '../migration/contracts/verification-basis.js';
import { lineText } from '../migration/contracts/line-text.js';
import { aboutDuration, formatCount, plural } from '../migration/contracts/shown-figures.js';
import type { RunProgress, StepProgress } from '../migration/contracts/workflow-types.js';

const BAR_WIDTH = 24;

/** A bar of `done` out of `total` ("█" for done, "░" for the rest). */
function bar(done: number, total: number, width = BAR_WIDTH): string {
  const filled = total > 0 ? Math.min(width, Math.round((done / total) * width)) : 0;
  return `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
}

function stepLine(step: StepProgress): string {
  const { planned, done, failed, skipped } = step.rows;
  const settled = done + failed + skipped;
  const status =
    step.status === 'running' && step.phase
      ? `${step.phase} ${step.units.done}/${step.units.total}`
      : step.status;
  const problems = [failed > 0 ? `${failed} failed` : '', skipped > 0 ? `${skipped} skipped` : '']
    .filter(Boolean)
    .join(', ');
  return `  ${step.step.padEnd(18)} ${bar(settled, planned)} ${String(done).padStart(6)}/${String(planned).padEnd(6)} ${status.padEnd(16)} ${problems}`.trimEnd();
}

/**
 * Why the run stopped before writing (a dry run: why the live run would), then the first codes of
 * errors in the exports with where the first of each is; the report has every message.
 */
export function stopLines(progress: RunProgress): string[] {
  if (!progress.blockedReason) return [];
  const lead = progress.mode === 'dry-run' ? 'Dry run' : 'Blocked before writing anything';
  return [
    `${lead}: ${lineText(progress.blockedReason)}`,
    ...(progress.firstProblems ?? []).map(
      (problem) =>
        `  ${problem.code} × ${problem.count}${problem.first ? `, the first at ${lineText(problem.first)}` : ''}`,
    ),
  ];
}

/** The progress of a run as the lines `ledgerlift status` prints: per step, then calls and ETA. */
export function renderProgress(progress: RunProgress): string[] {
  const header = `${progress.runName} · ${progress.mode} · ${progress.phase}${progress.round > 0 ? ` · replay round ${progress.round}` : ''}`;
  // An estimate only while the run works: a run that has ended or waits for the operator has none.
  const working = ['staging', 'migrating', 'verifying', 'reporting', 'replaying'].includes(
    progress.phase,
  );
  const eta =
    working && progress.etaSeconds !== null && progress.etaSeconds > 0
      ? `, ${aboutDuration(progress.etaSeconds)} to go`
      : '';
  const lines = [
    header,
    ...progress.steps.map(stepLine),
    progress.mode === 'dry-run'
      ? // A dry run predicts calls: its count is what the live run would make, never calls made.
        `  API calls: the live run would make ${formatCount(progress.predictedLiveCalls ?? progress.calls.made)}${progress.phase === 'migrating' ? ' (predicted so far)' : ''}${eta}`
      : `  API calls: ${formatCount(progress.calls.made)} made${progress.pacePerMinute > 0 ? ` at ${formatCount(progress.pacePerMinute)}/min` : ''}${eta}`,
  ];
  // The reason is whoever paused it's own text, or the API's message: it stays on its line.
  lines.push(...stopLines(progress).map((line) => `  ${line}`));
  if (progress.pauseReason) lines.push(`  Paused: ${lineText(progress.pauseReason)}`);
  if (progress.verification) {
    const v = progress.verification;
    // Compared with itself, the ledger always matches: only a legacy trial balance verifies.
    const legacy = v.comparedWith === undefined || checksLegacyBooks(v.comparedWith);
    const matched = `${formatCount(v.checkedAccounts)} ${v.checkedAccounts === 1 ? 'account matches' : 'accounts match'}`;
    // A dry run whose live run would be blocked predicted on with the rows in error left out.
    const projected =
      progress.mode === 'dry-run' && progress.blockedReason !== undefined
        ? ` (${PROJECTED_WITHOUT_ERRORS})`
        : '';
    lines.push(
      !v.verified
        ? `  Books need review${projected}: ${plural(v.differences, 'difference')}, clearing account ${v.clearingBalance}`
        : legacy
          ? `  Books verified${projected}: ${matched}, clearing account ${v.clearingBalance}`
          : `  Books checked against what was read only${projected}: ${matched}, clearing account ${v.clearingBalance}`,
    );
    if (v.comparedWith) {
      lines.push(
        legacy
          ? `  Compared with ${describeBasis(v.comparedWith)}`
          : `  No verdict on the legacy books: ${onlyWhatWasRead(v.comparedWith.asOf)}`,
      );
    }
  }
  const report = progress.report ?? progress.reportFolder;
  if (report) lines.push(`  Report: ${lineText(report)}`);
  return lines;
}
