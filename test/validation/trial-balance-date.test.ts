import { describe, expect, it } from 'vitest';
import type { LedgerRecord, Problem } from '../../src/ledger/index.js';
import { hasBlockingErrors } from '../../src/validation/summary.js';
import { validateLedger, type ValidationSettings } from '../../src/validation/validate-ledger.js';
import { chart, invoice, itemsOf } from './ledger-builder.js';

const trialBalanceLine = (accountKey: string, debit: string, credit: string, asOf: string) =>
  ({
    entity: 'trial-balance',
    value: { accountKey, debit, credit, asOf, source: { file: 'Trial Balance.csv', row: 6 } },
  }) as LedgerRecord;

const closingBooks = (asOf: string): LedgerRecord[] => [
  trialBalanceLine('1100', '110.00', '0.00', asOf),
  trialBalanceLine('4000', '0.00', '100.00', asOf),
  trialBalanceLine('3000', '0.00', '10.00', asOf),
];

async function problemsOf(
  records: LedgerRecord[],
  settings: ValidationSettings,
): Promise<{ problems: Problem[]; blocking: boolean }> {
  const problems: Problem[] = [];
  for await (const item of validateLedger(itemsOf(records), settings)) {
    problems.push(...(item.kind === 'record' ? item.problems : [item.problem]));
  }
  return { problems, blocking: hasBlockingErrors(problems) };
}

const mismatches = (problems: Problem[]) =>
  problems.filter((problem) => problem.code === 'balance.trial-date-mismatch');

describe('a legacy trial balance that does not match the end date blocks at validation', () => {
  it('with --end: names the trial balance row and the fix', async () => {
    const { problems, blocking } = await problemsOf(
      [...chart(), invoice('INV-1'), ...closingBooks('2024-01-30')],
      { cutoverDate: '2024-01-01', endDate: '2024-01-31', baseCurrency: 'USD' },
    );
    const [mismatch, ...others] = mismatches(problems);
    expect(others).toEqual([]);
    expect(mismatch).toMatchObject({
      severity: 'error',
      location: { file: 'Trial Balance.csv', row: 6 },
    });
    expect(mismatch?.message).toContain('Use --end 2024-01-30');
    expect(blocking).toBe(true);
  });

  it('without --end: a trial balance older than the last activity cannot verify the books', async () => {
    const { problems, blocking } = await problemsOf(
      [...chart(), invoice('INV-1', { date: '2024-02-15' }), ...closingBooks('2024-01-31')],
      { cutoverDate: '2024-01-01', baseCurrency: 'USD' },
    );
    expect(mismatches(problems)).toHaveLength(1);
    expect(mismatches(problems)[0]?.message).toContain('activity up to 2024-02-15');
    expect(blocking).toBe(true);
  });

  it('at the end date, or without --end at or after the last activity: no problem', async () => {
    const atEnd = await problemsOf([...chart(), invoice('INV-1'), ...closingBooks('2024-01-31')], {
      cutoverDate: '2024-01-01',
      endDate: '2024-01-31',
      baseCurrency: 'USD',
    });
    expect(mismatches(atEnd.problems)).toEqual([]);
    const noEnd = await problemsOf([...chart(), invoice('INV-1'), ...closingBooks('2024-01-31')], {
      cutoverDate: '2024-01-01',
      baseCurrency: 'USD',
    });
    expect(mismatches(noEnd.problems)).toEqual([]);
  });
});
