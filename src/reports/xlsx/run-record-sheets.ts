import type { ReplayRound, RoundRow } from '../../migration/contracts/replay-round.js';
import type { CallLogStepSummary } from '../../migration/call-log/summarize-call-log.js';
import type { IdMapRow } from '../run-report.js';
import type { SheetColumn } from './table-sheet.js';

/** Step names stay codes, as on the other sheets, so they can be copied into `--step`. */
export const idMapColumns: SheetColumn<IdMapRow>[] = [
  { header: 'Legacy key', value: (row) => row.key },
  { header: 'Entity', value: (row) => row.entity },
  { header: 'Workspace UUID', value: (row) => row.id },
  { header: 'Step', value: (row) => row.step },
  {
    header: 'How',
    value: (row) => (row.how === 'matched' ? 'matched (already there)' : 'created'),
  },
  { header: 'Round', value: (row) => row.round },
];

export const callLogColumns: SheetColumn<CallLogStepSummary>[] = [
  { header: 'Step', value: (row) => row.step },
  { header: 'Calls', value: (row) => row.calls },
  { header: 'Statuses', value: (row) => statusesText(row.statuses) },
  { header: 'Retried calls', value: (row) => row.retries },
  { header: 'First call', value: (row) => row.first },
  { header: 'Last call', value: (row) => row.last },
];

/** `200 × 40, 201 × 12, 429 × 2`; `no answer` for calls that got none. */
function statusesText(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status === 'none' ? 'no answer' : status} × ${count}`)
    .join(', ');
}

/** One line per row a round named: what happened to it in that round. */
export interface RoundLine {
  round: number;
  what: 'Failed' | 'Failed again' | 'Fixed' | 'Skipped';
  row: RoundRow;
}

export function roundLines(rounds: readonly ReplayRound[]): RoundLine[] {
  return rounds.flatMap((round) => [
    ...round.failed.map((row) => ({
      round: round.round,
      what: round.round === 0 ? ('Failed' as const) : ('Failed again' as const),
      row,
    })),
    ...round.fixed.map((row) => ({ round: round.round, what: 'Fixed' as const, row })),
    ...round.skipped.map((row) => ({ round: round.round, what: 'Skipped' as const, row })),
  ]);
}

export const roundColumns: SheetColumn<RoundLine>[] = [
  { header: 'Round', value: (line) => line.round },
  { header: 'What happened', value: (line) => line.what },
  { header: 'Step', value: (line) => line.row.step },
  { header: 'Entity', value: (line) => line.row.entity },
  { header: 'Record key', value: (line) => line.row.key },
  { header: 'Code', value: (line) => line.row.code },
  { header: 'Reason (the failure fixed, or still there)', value: (line) => line.row.reason },
];

/** "Round 1 (replay): 5 failed before; 4 fixed, 1 failed again, 0 skipped." */
export function roundSentence(round: ReplayRound): string {
  if (round.round === 0) {
    return `Main pass: ${round.counts.failed} failed, ${round.counts.skipped} skipped.`;
  }
  return (
    `Replay ${round.round}: ${round.failedBefore} failed before; ${round.counts.fixed} fixed, ` +
    `${round.counts.failed} failed again, ${round.counts.skipped} skipped.`
  );
}
