import { describe, expect, it } from 'vitest';
import { readFiles } from '../sources/export-folder.js';

const header = [
  '!ACCNT\tNAME\tACCNTTYPE\tACCNUM',
  'ACCNT\tChecking\tBANK\t1000',
  'ACCNT\tAccounts Receivable\tAR\t1100',
  'ACCNT\tSales\tINC\t4000',
  'ACCNT\tRent\tEXP\t6100',
  '!CUST\tNAME',
  'CUST\tAcme',
  '!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO',
  '!SPL\tSPLID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO',
  '!ENDTRNS',
];
const invoice = (number: string, date: string, amount: string) => [
  `TRNS\t\tINVOICE\t${date}\tAccounts Receivable\tAcme\t${amount}\t${number}\t`,
  `SPL\t\tINVOICE\t${date}\tSales\tAcme\t-${amount}\t\tGoods`,
  'ENDTRNS',
];
const iif = (...blocks: string[][]) => [...header, ...blocks.flat()].join('\r\n');
const read = (text: string) =>
  readFiles({ 'books.iif': text }, { format: 'quickbooks-desktop-iif', defaultCurrency: 'USD' });

describe('QuickBooks Desktop IIF specifics', () => {
  it('applies a payment that names no invoice to the oldest open invoices, and says so', async () => {
    const { records, problems } = await read(
      iif(invoice('1', '1/5/2024', '100.00'), invoice('2', '1/20/2024', '50.00'), [
        'TRNS\t\tPAYMENT\t1/25/2024\tChecking\tAcme\t120.00\tP-1\t',
        'SPL\t\tPAYMENT\t1/25/2024\tAccounts Receivable\tAcme\t-120.00\t\t',
        'ENDTRNS',
      ]),
    );
    const payment = records.find((record) => record.entity === 'customer-payment');
    expect(payment?.value).toMatchObject({
      key: 'P-1',
      amount: '120.00',
      bankAccountKey: '1000',
      allocations: [
        { documentKey: '1', amount: '100.00' },
        { documentKey: '2', amount: '20.00' },
      ],
    });
    const note = problems.find((problem) => problem.code === 'payment.auto-applied');
    expect(note).toMatchObject({
      severity: 'info',
      key: 'P-1',
      location: { file: 'books.iif', row: 17 },
    });
    expect(note?.message).toContain('1, 2');
  });

  it('refuses a payment with nothing to apply to, reads journals, and reports lopsided transactions', async () => {
    const { records, problems } = await read(
      iif(
        [
          'TRNS\t\tPAYMENT\t1/25/2024\tChecking\tAcme\t10.00\tP-9\t',
          'SPL\t\tPAYMENT\t1/25/2024\tAccounts Receivable\tAcme\t-10.00\t\t',
          'ENDTRNS',
        ],
        [
          'TRNS\t\tGENERAL JOURNAL\t1/31/2024\tRent\t\t5.00\tJ-1\t',
          'SPL\t\tGENERAL JOURNAL\t1/31/2024\tChecking\t\t-5.00\t\t',
          'ENDTRNS',
        ],
        [
          'TRNS\t\tCHECK\t1/15/2024\tChecking\tLandlord\t-500.00\t101\t',
          'SPL\t\tCHECK\t1/15/2024\tRent\tLandlord\t499.00\t\tRent',
          'ENDTRNS',
        ],
      ),
    );
    expect(records.some((record) => record.entity === 'customer-payment')).toBe(false);
    const byCode = Object.fromEntries(problems.map((problem) => [problem.code, problem]));
    expect(byCode['payment.unapplied']).toMatchObject({ severity: 'error', location: { row: 11 } });
    expect(byCode['journal.not-migrated']).toBeUndefined();
    expect(records.find((record) => record.entity === 'journal-entry')?.value).toMatchObject({
      key: 'GENERAL JOURNAL J-1',
      number: 'J-1',
      date: '2024-01-31',
      lines: [
        { accountKey: '6100', debit: '5.00', credit: '0.00', source: { row: 14 } },
        { accountKey: '1000', debit: '0.00', credit: '5.00', source: { row: 15 } },
      ],
    });
    expect(byCode['iif.unbalanced-transaction']).toMatchObject({ severity: 'error', key: '101' });
    expect(records.find((record) => record.entity === 'bank-transaction')?.value).toMatchObject({
      key: '101',
      amount: '-499.00',
      categoryAccountKey: '6100',
      payee: 'Landlord',
    });
  });

  it('reports rows that come before their !header once', async () => {
    const { problems } = await read(
      ['CUST\tEarly Bird', 'CUST\tLate Bird', ...header].join('\r\n'),
    );
    expect(problems.filter((problem) => problem.code === 'iif.missing-header')).toEqual([
      expect.objectContaining({ location: { file: 'books.iif', row: 1 } }),
    ]);
  });
});
