import type { Problem } from '../../ledger/index.js';
import type { FailedRow, RunReport, StepReport } from '../run-report.js';
import { locationColumns } from './location-columns.js';
import type { SheetColumn } from './table-sheet.js';

type ApiWarning = RunReport['apiWarnings'][number];
type SkippedRow = RunReport['skippedRows'][number];

/**
 * Step names stay as the codes the CLI takes (`--step opening-balance`), so they can be copied. A
 * dry run makes no call: its column holds the calls the live run would make.
 */
export function stepColumns(mode: RunReport['run']['mode']): SheetColumn<StepReport>[] {
  return [
    { header: 'Step', value: (step) => step.step },
    { header: 'Rows', value: (step) => step.rows.planned },
    { header: 'Created', value: (step) => step.created },
    { header: 'Matched', value: (step) => step.matched },
    { header: 'Mapped', value: (step) => step.mapped },
    { header: 'Done', value: (step) => step.rows.done },
    { header: 'Failed', value: (step) => step.rows.failed },
    { header: 'Skipped', value: (step) => step.rows.skipped },
    {
      header: mode === 'dry-run' ? 'Calls the live run would make' : 'API calls',
      value: (step) => step.calls,
    },
  ];
}

export const failedRowColumns: SheetColumn<FailedRow>[] = [
  { header: 'Step', value: (row) => row.step },
  { header: 'Entity', value: (row) => row.entity },
  { header: 'Record key', value: (row) => row.key },
  { header: 'Code', value: (row) => row.code },
  { header: 'Reason', value: (row) => row.reason },
  ...locationColumns<FailedRow>((row) => row.location),
];

export const warningColumns: SheetColumn<ApiWarning>[] = [
  { header: 'Step', value: (row) => row.step },
  { header: 'Entity', value: (row) => row.entity },
  { header: 'Record key', value: (row) => row.key },
  { header: 'Warning', value: (row) => row.message },
  ...locationColumns<ApiWarning>((row) => row.location),
];

export const problemColumns: SheetColumn<Problem>[] = [
  { header: 'Severity', value: (problem) => problem.severity },
  { header: 'Code', value: (problem) => problem.code },
  { header: 'Message', value: (problem) => problem.message },
  { header: 'Entity', value: (problem) => problem.entity },
  { header: 'Record key', value: (problem) => problem.key },
  ...locationColumns<Problem>((problem) => problem.location),
];

export const skippedColumns: SheetColumn<SkippedRow>[] = [
  { header: 'Step', value: (row) => row.step },
  { header: 'Entity', value: (row) => row.entity },
  { header: 'Record key', value: (row) => row.key },
  { header: 'Reason', value: (row) => row.reason },
  ...locationColumns<SkippedRow>((row) => row.location),
];
