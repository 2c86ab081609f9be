import { formatCents, type Cents } from '../../money/index.js';
import type { OpeningBalanceLine, TrialBalanceLine } from '../../ledger/index.js';
import { END } from './generate-chart-of-accounts.js';
import { at, post, type Generation } from './generation.js';

/**
 * The opening balance at the cutover, then the legacy trial balance at the end date. Call last:
 * the trial balance is the books every other part posted to.
 */
export function makeBalances(generation: Generation): {
  openingLines: OpeningBalanceLine[];
  trialBalanceLines: TrialBalanceLine[];
} {
  // Balances at the cutover: receivables and payables equal the open documents; cash, tax, loan
  // and equity complete a balanced set.
  const opening: Array<[string, Cents]> = [
    ['1000', 5_000_000n],
    ['1010', 2_000_000n],
    ['1100', generation.openAtCutover.receivable],
    ['1200', 120_000n],
    ['1500', 3_500_000n],
    ['2000', -generation.openAtCutover.payable],
    ['2200', -85_000n],
    ['2500', -2_000_000n],
    ['3100', -1_250_000n],
  ];
  const equity = -opening.reduce((sum, [, v]) => sum + v, 0n);
  opening.push(['3000', equity]);
  // Receivables and payables are already in the books, document by document.
  for (const [key, value] of opening)
    if (key !== '1100' && key !== '2000') post(generation, key, value);
  const openingLines: OpeningBalanceLine[] = opening.map(([accountKey, value], i) => ({
    accountKey,
    debit: formatCents(value > 0n ? value : 0n),
    credit: formatCents(value < 0n ? -value : 0n),
    source: at('opening_balances.csv', i + 2),
  }));
  const trialBalanceLines: TrialBalanceLine[] = [...generation.books]
    .filter(([, value]) => value !== 0n)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([accountKey, value], i) => ({
      asOf: END,
      accountKey,
      debit: formatCents(value > 0n ? value : 0n),
      credit: formatCents(value < 0n ? -value : 0n),
      source: at('trial_balance.csv', i + 2),
    }));
  return { openingLines, trialBalanceLines };
}
