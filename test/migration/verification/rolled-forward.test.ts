import { describe, expect, it } from 'vitest';
import type { LedgerRecord } from '../../../src/ledger/index.js';
import { describeBasis } from '../../../src/migration/contracts/verification-basis.js';
import { predictVerdict } from '../../../src/migration/verification/predict-verdict.js';
import {
  account,
  bankLine,
  invoice,
  itemsOf,
  opening,
  party,
  payment,
} from '../../support/ledger-builders.js';

const cutoverDate = '2026-01-01';
const endDate = '2026-03-31';

/**
 * Opening balance as at 2025-12-31 (receivables `openingReceivables`), one invoice open at the
 * cutover (300.00), and after the cutover an invoice, a payment and a bank fee, plus a bank line
 * after the end date. Rolled forward by hand to 2026-03-31:
 *   bank        1000.00 - 30.00 fee + 200.00 received                = 1170.00 Dr
 *   receivable  openingReceivables + 450.00 (INV-2) - 200.00 received
 *   sales       450.00 (INV-2)                                        =  450.00 Cr
 *   expenses    30.00 (fee)                                           =   30.00 Dr
 */
function company(openingReceivables: string): LedgerRecord[] {
  return [
    { entity: 'account', value: account('1000', 'Checking', 'bank') },
    {
      entity: 'account',
      value: account('1100', 'Receivables', 'receivable', { systemRole: 'receivable' }),
    },
    { entity: 'account', value: account('3000', 'Owner Equity', 'equity') },
    { entity: 'account', value: account('4000', 'Sales', 'revenue') },
    { entity: 'account', value: account('6000', 'Expenses', 'expense') },
    { entity: 'customer', value: party('C-A', 'Acme') },
    { entity: 'opening-balance', value: opening('1000', '1000.00', '0.00') },
    { entity: 'opening-balance', value: opening('1100', openingReceivables, '0.00') },
    { entity: 'opening-balance', value: opening('3000', '0.00', '1300.00') },
    {
      entity: 'invoice',
      value: invoice({
        key: 'INV-1',
        date: '2025-12-10',
        party: 'C-A',
        lines: [{ account: '4000', amount: '300.00' }],
      }),
    },
    {
      entity: 'invoice',
      value: invoice({
        key: 'INV-2',
        date: '2026-02-01',
        party: 'C-A',
        lines: [{ account: '4000', amount: '450.00' }],
      }),
    },
    {
      entity: 'customer-payment',
      value: payment('P-1', '2026-03-01', '1000', 'C-A', '200.00', [['INV-1', '200.00']]),
    },
    { entity: 'bank-transaction', value: bankLine('T-1', '2026-01-15', '1000', '-30.00', '6000') },
    { entity: 'bank-transaction', value: bankLine('T-2', '2026-04-02', '1000', '-5.00', '6000') },
  ];
}

const predict = (records: LedgerRecord[]) =>
  predictVerdict(itemsOf(records as Parameters<typeof itemsOf>[0]), {
    cutoverDate,
    endDate,
    baseCurrency: 'USD',
    batchSize: 25,
  });

describe('verification without a trial balance at the end date', () => {
  it('compares with the legacy opening balance rolled forward by the migrated activity, and says so', async () => {
    const { report, willVerify } = await predict(company('300.00'));
    expect(willVerify).toBe(true);
    expect(report).toMatchObject({
      target: 'legacy-trial-balance-rolled-forward',
      asOf: endDate,
      legacyAsOf: '2025-12-31',
      // The bank line of 2026-04-02 is after the end date: not rolled forward.
      rolledForward: { documents: 1, payments: 1, bankLines: 1, journals: 0 },
      legacyFiles: ['opening_balances.csv'],
    });
    expect(describeBasis(report, report.legacyFiles)).toBe(
      'the legacy trial balance as at 2025-12-31 (opening_balances.csv), rolled forward to 2026-03-31 by 1 document, 1 payment, 1 bank line and 0 journal entries',
    );
    const line = (key: string) => report.accounts.find((account) => account.key === key);
    expect(line('@receivable')).toMatchObject({ expected: '550.00', actual: '550.00' });
    expect(line('1000')).toMatchObject({ expected: '1170.00', actual: '1170.00' });
    // Each expected figure names its legacy sources: the opening line's file and row, then the
    // files of the activity it was rolled forward by.
    expect(line('@receivable')?.expectedFrom).toMatch(
      /^opening_balances\.csv row \d+; invoices\.csv; payments\.csv$/,
    );
    expect(line('4000')?.expectedFrom).toBe('invoices.csv');
  });

  it('reports receivables against the legacy balance, not the documents rebuilt from the exports', async () => {
    // The legacy receivables are 320.00, but the open invoice rebuilds only 300.00 of them.
    const { report, willVerify } = await predict(company('320.00'));
    expect(willVerify).toBe(false);
    const differing = report.accounts.filter((account) => account.difference !== '0.00');
    expect(differing.map(({ key, expected, actual }) => ({ key, expected, actual }))).toEqual([
      { key: '@clearing', expected: '0.00', actual: '20.00' },
      { key: '@receivable', expected: '570.00', actual: '550.00' },
    ]);
    expect(report.differences).toBe(2);
  });

  it('says the exports hold no trial balance only when none was read', async () => {
    const records = company('300.00').filter((record) => record.entity !== 'opening-balance');
    const { report } = await predict(records);
    expect(report.target).toBe('migrated-ledger');
    expect(report.legacyFiles).toBeUndefined();
    expect(describeBasis(report, report.legacyFiles)).toBe(
      'the migrated ledger at 2026-03-31 (the exports hold no trial balance)',
    );
  });
});
