import { addDays } from '../../ledger/iso-dates.js';
import { checksLegacyBooks, describeBasis } from '../../migration/contracts/verification-basis.js';
import { phaseStatus, verificationSourceLabel } from '../html/labels.js';
import type { RunReport } from '../run-report.js';
import { roundSentence } from './run-record-sheets.js';
import type { SheetColumn, SheetValue } from './table-sheet.js';

export interface SummaryRow {
  item: string;
  value: SheetValue;
}

export const summaryColumns: SheetColumn<SummaryRow>[] = [
  { header: 'Item', value: (row) => row.item },
  { header: 'Value', value: (row) => row.value },
];

/** What each other sheet holds, so the workbook explains itself when opened without the page. */
const sheetGuide: Array<[string, string]> = [
  [
    'Steps',
    'Per migration step: rows, records created, matched and mapped onto system accounts, failed, skipped, API calls.',
  ],
  [
    'Failed rows',
    'Every row that failed, with the reason and the file, sheet, row and column to fix.',
  ],
  ['Warnings', 'Records the API accepted without applying every field as sent.'],
  ['Problems', 'Problems found reading and validating the exports (errors block a live run).'],
  ['Skipped', 'Rows left out on purpose, and why.'],
  ['Verification', 'Accounts, receivables and payables: expected (legacy), actual, difference.'],
  ['Projected trial balance', 'The trial balance the workspace should show at the end date.'],
  ['ID map', 'Which legacy key became which workspace record (UUID), in which step and round.'],
  ['Call log', 'Per step: API calls, their statuses, retries, first and last call.'],
  ['Replay history', 'Each round: rows that failed, were fixed by a replay, or were skipped.'],
];

/** The run's facts and verdict as label and value, one per line. */
export function summaryRows(report: RunReport): SummaryRow[] {
  const { run, totals, calls, verification, problemCounts } = report;
  const rows: SummaryRow[] = [
    { item: 'Run name', value: run.runName },
    { item: 'Mode', value: run.mode === 'dry-run' ? 'DRY RUN (nothing was written)' : 'Live run' },
    { item: 'Status', value: phaseStatus[run.phase].label },
    { item: 'Headline', value: report.headline },
    { item: 'Generated at', value: report.generatedAt },
    { item: 'Round', value: run.round },
    { item: 'Source folder', value: run.source.folder },
    { item: 'Source format', value: run.source.format },
    { item: 'Cutover date (first day in the workspace)', value: run.cutoverDate },
    { item: 'Opening balance as at (the day before)', value: addDays(run.cutoverDate, -1) },
    { item: 'End date', value: run.endDate },
    { item: 'Currency', value: run.currency },
    { item: 'Batch size', value: run.batchSize },
    { item: 'Connection profile', value: run.profile },
    { item: 'Rows planned', value: totals.planned },
    { item: run.mode === 'dry-run' ? 'Rows that will migrate' : 'Rows done', value: totals.done },
    { item: run.mode === 'dry-run' ? 'Rows that would fail' : 'Rows failed', value: totals.failed },
    { item: 'Rows skipped', value: totals.skipped },
  ];
  // A dry run's calls are predictions: it shows what the live run would make, never "made".
  if (!calls.predicted) rows.push({ item: 'API calls made', value: calls.made });
  if (calls.countedByRun !== undefined) {
    rows.push({ item: 'API calls the run counted while it ran', value: calls.countedByRun });
  }
  if (calls.predicted) {
    rows.push(
      { item: 'Predicted API calls (live run)', value: calls.predicted.calls },
      { item: 'Predicted minutes at the rate limit', value: calls.predicted.minutesAtRateLimit },
      { item: 'Rate limit (requests per minute)', value: calls.predicted.requestsPerMinute },
      ...(calls.predicted.shared ?? []).map((shared) => ({
        item: `Predicted minutes with ${shared.runs} migrations sharing the client id`,
        value: shared.minutes,
      })),
    );
  }
  if (report.progress.pauseReason)
    rows.push({ item: 'Pause reason', value: report.progress.pauseReason });
  (report.progress.pauses ?? []).forEach((pause, index) => {
    rows.push({
      item: `Pause ${index + 1}`,
      value: `${pause.at} to ${pause.resumedAt ?? 'still paused'}: ${pause.reason}`,
    });
  });
  if (verification) {
    rows.push(
      {
        item: 'Books verified',
        value: !verification.verified
          ? 'No: needs review'
          : checksLegacyBooks(verification)
            ? 'Yes'
            : 'No legacy figures: checked against what was read only',
      },
      { item: 'Differences', value: verification.differences },
      { item: 'Clearing balance', value: { money: verification.clearingBalance } },
      { item: 'Accounts checked', value: verification.checkedAccounts },
      { item: 'Compared at', value: verification.asOf },
      {
        item: 'Compared with',
        value: capitalized(describeBasis(verification, verification.legacyFiles)),
      },
      { item: 'Figures compared', value: verificationSourceLabel[verification.source] },
      ...verification.notes.map((note) => ({ item: 'Verification note', value: note })),
    );
  } else {
    rows.push({ item: 'Books verified', value: 'Not verified' });
  }
  for (const round of report.replayHistory ?? []) {
    rows.push({ item: `Round ${round.round}`, value: roundSentence(round) });
  }
  rows.push(
    { item: 'Problems: errors', value: problemCounts.error },
    { item: 'Problems: warnings', value: problemCounts.warning },
    { item: 'Problems: info', value: problemCounts.info },
    { item: '', value: undefined },
    ...sheetGuide.map(([sheet, what]) => ({ item: `Sheet “${sheet}”`, value: what })),
  );
  return rows;
}

function capitalized(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
