import { centsOf, formatCents } from '../../money/index.js';
import type { RunReport } from '../run-report.js';
import type { SheetColumn } from './table-sheet.js';

type Line = RunReport['projectedTrialBalance'][number];

/** The debit or credit side of a balance (debit minus credit), split exactly in cents. */
function side(balance: string, which: 'debit' | 'credit'): { money: string } | undefined {
  let cents: bigint;
  try {
    cents = centsOf(balance);
  } catch {
    return undefined;
  }
  if (which === 'debit') return cents > 0n ? { money: formatCents(cents) } : undefined;
  return cents < 0n ? { money: formatCents(-cents) } : undefined;
}

export const trialBalanceColumns: SheetColumn<Line>[] = [
  { header: 'Key', value: (line) => line.key },
  { header: 'Account', value: (line) => line.name },
  { header: 'Balance (debit +)', value: (line) => ({ money: line.balance }) },
  { header: 'Debit', value: (line) => side(line.balance, 'debit') },
  { header: 'Credit', value: (line) => side(line.balance, 'credit') },
];
