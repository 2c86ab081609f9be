import type { NotReversible, UndoGroup } from '../../../migration/contracts/undo-types.js';
import type { SheetColumn } from '../../xlsx/table-sheet.js';
import type { SummaryRow } from '../../xlsx/summary-sheet.js';
import type { UndoDifference } from '../difference-cause.js';
import { phaseAction, undoStatus } from '../undo-labels.js';
import type { UndoReport } from '../undo-report-data.js';

/** Phase and step stay as the codes the CLI and the run store use, beside the words. */
export function planColumns(dry: boolean): SheetColumn<UndoGroup>[] {
  return [
    { header: 'Phase', value: (group) => group.phase },
    { header: 'What it does', value: (group) => phaseAction(group.phase) },
    { header: 'Step', value: (group) => group.step },
    { header: dry ? 'Records it would reverse' : 'Records', value: (group) => group.units },
    { header: dry ? 'Calls it would make' : 'Calls', value: (group) => group.units },
  ];
}

export const differenceColumns: SheetColumn<UndoDifference>[] = [
  { header: 'Account', value: (line) => line.account },
  { header: 'Before the run', value: (line) => ({ money: line.before }) },
  { header: 'Now', value: (line) => ({ money: line.after }) },
  {
    header: 'Difference',
    value: (line) => (line.difference === undefined ? undefined : { money: line.difference }),
  },
  { header: 'Probable cause', value: (line) => line.cause },
];

export const recordLeftColumns: SheetColumn<NotReversible>[] = [
  { header: 'Step', value: (row) => row.step },
  { header: 'Entity', value: (row) => row.entity },
  { header: 'Record key', value: (row) => row.key },
  { header: 'Workspace id', value: (row) => row.id ?? '' },
  { header: 'Reason', value: (row) => row.reason },
];

const sheetGuide: Array<[string, string]> = [
  ['Plan', 'Per phase and step, in the order the undo runs: records and API calls (one each).'],
  ['Differences', 'Accounts whose balance differs from before the run, and the likely cause.'],
  [
    'Not reversed',
    "Records the run created that the undo leaves as they are, with the API's reason.",
  ],
  [
    'Made inactive',
    'Accounts the API would not delete (they had activity), made inactive instead.',
  ],
];

/** The undo's facts and verdict, label and value, as the migration workbook's Summary sheet. */
export function undoSummaryRows(report: UndoReport): SummaryRow[] {
  const dry = report.mode === 'dry-run';
  const records = report.groups.reduce((sum, group) => sum + group.units, 0);
  const rows: SummaryRow[] = [
    { item: 'Run name', value: report.runName },
    { item: 'Mode', value: dry ? 'DRY RUN (nothing was reversed)' : 'Live undo' },
    { item: 'Status', value: undoStatus[report.status].label },
    { item: 'Generated at', value: report.generatedAt },
    { item: 'Undo', value: report.planId },
    { item: 'Trial balance compared at', value: report.asOf },
    { item: dry ? 'Records the undo would reverse' : 'Records in the reversal', value: records },
  ];
  // A dry run's calls are predictions: "would make", never "made".
  if (dry) {
    rows.push(
      { item: 'API calls the live undo would make', value: report.calls.planned },
      { item: 'Predicted minutes at the rate limit', value: report.calls.minutesAtRateLimit },
      { item: 'Rate limit (requests per minute)', value: report.calls.requestsPerMinute },
      { item: 'Records the undo would leave as they are', value: report.notReversible.length },
      { item: 'Books verified', value: 'Not yet: the live undo verifies' },
    );
  } else {
    const verification = report.verification;
    rows.push(
      { item: 'API calls made', value: report.calls.made },
      { item: 'Rate limit (requests per minute)', value: report.calls.requestsPerMinute },
    );
    if (verification) {
      rows.push(
        {
          item: 'Books verified',
          value: verification.balanced ? 'Yes: equal to before the run' : 'No: needs review',
        },
        { item: 'Accounts that differ', value: verification.differences.length },
        { item: 'Reversals made', value: verification.reversed },
        { item: 'Records not reversed', value: verification.notReversed.length },
        {
          item: 'Accounts made inactive instead of deleted',
          value: verification.inactiveInstead.length,
        },
      );
    }
  }
  rows.push(
    { item: '', value: undefined },
    ...sheetGuide.map(([sheet, what]) => ({ item: `Sheet “${sheet}”`, value: what })),
  );
  return rows;
}
