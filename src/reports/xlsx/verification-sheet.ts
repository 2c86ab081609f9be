import { centsOf } from '../../money/index.js';
import type {
  Comparison,
  VerificationReport,
} from '../../migration/contracts/verification-report.js';
import type { SheetColumn } from './table-sheet.js';

export interface ComparisonRow extends Comparison {
  comparison: 'Accounts' | 'Receivables' | 'Payables' | 'Ledger vs legacy';
}

function differs(line: Comparison): boolean {
  try {
    return centsOf(line.difference) !== 0n;
  } catch {
    return true;
  }
}

/**
 * Every comparison in one table with a column saying which comparison it is: one autofilter then
 * answers "which accounts differ" and "which customers differ" alike.
 */
export function comparisonRows(verification: VerificationReport | undefined): ComparisonRow[] {
  if (!verification) return [];
  const tag = (comparison: ComparisonRow['comparison'], lines: readonly Comparison[]) =>
    lines.map((line) => ({ comparison, ...line }));
  return [
    ...tag('Accounts', verification.accounts),
    ...tag('Receivables', verification.receivables),
    ...tag('Payables', verification.payables),
    ...tag('Ledger vs legacy', verification.ledgerAgainstLegacy),
  ];
}

export const comparisonColumns: SheetColumn<ComparisonRow>[] = [
  { header: 'Comparison', value: (line) => line.comparison },
  { header: 'Key', value: (line) => line.key },
  { header: 'Name', value: (line) => line.name },
  { header: 'Expected', value: (line) => ({ money: line.expected }) },
  { header: 'Actual', value: (line) => ({ money: line.actual }) },
  { header: 'Difference', value: (line) => ({ money: line.difference }) },
  { header: 'Check', value: (line) => (differs(line) ? 'differs' : 'matches') },
  { header: 'Probable cause', value: (line) => line.cause ?? '' },
  { header: 'Expected from', value: (line) => line.expectedFrom ?? '' },
];
