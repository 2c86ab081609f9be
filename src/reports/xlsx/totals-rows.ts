import { centsOf, formatCents } from '../../money/index.js';
import type { RunReport, StepReport } from '../run-report.js';
import type { SheetValue } from './table-sheet.js';

/** The Steps sheet's totals row, column for column with `stepColumns`. */
export function stepTotals(steps: readonly StepReport[]): SheetValue[] {
  const sum = (value: (step: StepReport) => number) =>
    steps.reduce((total, step) => total + value(step), 0);
  return [
    'Total',
    sum((s) => s.rows.planned),
    sum((s) => s.created),
    sum((s) => s.matched),
    sum((s) => s.mapped),
    sum((s) => s.rows.done),
    sum((s) => s.rows.failed),
    sum((s) => s.rows.skipped),
    sum((s) => s.calls),
  ];
}

/**
 * The trial balance's totals row, column for column with `trialBalanceColumns`: the net balance
 * (zero when the books balance) and the debit and credit columns, summed exactly in cents.
 */
export function trialBalanceTotals(lines: RunReport['projectedTrialBalance']): SheetValue[] {
  let net = 0n;
  let debits = 0n;
  let credits = 0n;
  for (const line of lines) {
    let cents: bigint;
    try {
      cents = centsOf(line.balance);
    } catch {
      continue;
    }
    net += cents;
    if (cents > 0n) debits += cents;
    else credits -= cents;
  }
  return [
    'Total',
    '',
    { money: formatCents(net) },
    { money: formatCents(debits) },
    { money: formatCents(credits) },
  ];
}
