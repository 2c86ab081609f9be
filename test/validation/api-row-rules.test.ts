import { describe, expect, it } from 'vitest';
import type { LedgerRecord, Problem } from '../../src/ledger/index.js';
import { validateLedger } from '../../src/validation/validate-ledger.js';
import {
  account,
  bankTransaction,
  bill,
  chart,
  customer,
  invoice,
  itemsOf,
} from './ledger-builder.js';

/**
 * What validation says of a row the Partner API would refuse as the legacy books hold it: either
 * how Ledgerlift migrates it anyway, or an error that keeps it out of the live run and of the
 * projection validate predicts from (docs/api-assumptions.md, "Row rules").
 */
const settings = { cutoverDate: '2024-01-01', endDate: '2024-01-31', baseCurrency: 'USD' };

async function problemsOf(records: LedgerRecord[]): Promise<Problem[]> {
  const problems: Problem[] = [];
  for await (const item of validateLedger(itemsOf(records), settings))
    problems.push(...(item.kind === 'record' ? item.problems : [item.problem]));
  return problems;
}

function withLineOn(accountKey: string, overrides: Parameters<typeof invoice>[1] = {}) {
  const record = invoice('INV-1', overrides);
  if (record.entity === 'invoice') {
    const [line] = record.value.lines;
    if (line) record.value.lines = [{ ...line, accountKey }];
  }
  return record;
}

describe('sales lines on an account other than income', () => {
  it('are noted on the line: posted to the clearing account, then moved to their own account', async () => {
    const problems = await problemsOf([...chart(), withLineOn('6000')]);
    expect(problems).toEqual([
      expect.objectContaining({
        severity: 'info',
        code: 'line.reclassified',
        key: 'INV-1',
        location: expect.objectContaining({ file: 'invoices.csv' }) as unknown,
      }),
    ]);
    expect(problems[0]?.message).toContain('posts to account "6000" (expense, not income)');
  });

  it('are not noted on an income account, nor before the cutover (the clearing account takes the whole document)', async () => {
    const early = withLineOn('6000', { date: '2023-12-20' });
    const codes = (await problemsOf([...chart(), withLineOn('4000'), early])).map((p) => p.code);
    expect(codes).not.toContain('line.reclassified');
  });
});

const codesOf = (problems: Problem[]) => problems.map((problem) => problem.code);
const at = { file: 'journals.csv', row: 9 };

describe('rows the API refuses whatever Ledgerlift sends', () => {
  it.each<[string, () => LedgerRecord[]]>([
    ['a document number over 50 characters', () => [invoice('INV-1', { number: 'N'.repeat(51) })]],
    [
      'a negative total',
      () => [
        invoice('INV-1', {
          lines: [
            { ...lineOf(invoice('X')), amount: '-100.00', unitPrice: '-50', taxAmount: '0.00' },
          ],
          subtotal: '-100.00',
          taxTotal: '0.00',
          total: '-100.00',
        }),
      ],
    ],
    [
      'a bill line on payables',
      () => [bill('B-1', { lines: [{ ...lineOf(bill('X')), accountKey: '2000' }] })],
    ],
    [
      'a bank line categorised to receivables',
      () => [bankTransaction('T1', '2024-01-12', { categoryAccountKey: '1100' })],
    ],
    [
      'an account name over 200 characters',
      () => [account('7000', 'expense', { name: 'A'.repeat(201) })],
    ],
    [
      'an account name another account has, in any case',
      () => [account('7000', 'expense', { name: 'account 6000' })],
    ],
    ['a customer name over 255 characters', () => [customer('C'.repeat(256))]],
  ])('%s is an error, which keeps the row out of the live run', async (_what, records) => {
    const problems = await problemsOf([...chart(), ...records()]);
    expect(problems.filter((p) => p.code === 'api.row-refused')).toEqual([
      expect.objectContaining({ severity: 'error' }),
    ]);
  });
});

describe('rows Ledgerlift sends in a form the API takes', () => {
  it.each<[string, () => LedgerRecord[], string]>([
    [
      'a customer email of two addresses',
      () => [withValue(customer('Bright'), { email: 'a@b.example; c@d.example' })],
      'sent without it, the text kept in its notes',
    ],
    [
      'a long line description',
      () => [
        invoice('INV-1', { lines: [{ ...lineOf(invoice('X')), description: 'd'.repeat(4001) }] }),
      ],
      'sent cut to that length',
    ],
    [
      'a bank line of nothing',
      () => [bankTransaction('T1', '2024-01-12', { amount: '0.00' })],
      'so it is not migrated',
    ],
    [
      'a journal line with both sides',
      () => [
        {
          entity: 'journal-entry',
          value: {
            key: 'JE-1',
            date: '2024-01-12',
            memo: '',
            lines: [
              { accountKey: '6000', debit: '15.00', credit: '5.00', description: '', source: at },
              { accountKey: '3000', debit: '0.00', credit: '10.00', description: '', source: at },
            ],
            source: at,
          },
        },
      ],
      'sent as what it nets to (10.00)',
    ],
    [
      'a product selling on an expense account',
      () => [
        {
          entity: 'product',
          value: {
            key: 'FRT',
            name: 'Freight',
            type: 'service',
            incomeAccountKey: '6000',
            taxable: false,
            active: true,
            source: at,
          },
        },
      ],
      "its default becomes the workspace's Uncategorized Income",
    ],
  ])('%s is a note saying how', async (_what, records, how) => {
    const problems = await problemsOf([...chart(), ...records()]);
    expect(codesOf(problems)).not.toContain('api.row-refused');
    const notes = problems.filter((p) => p.code === 'api.value-adapted');
    expect(notes).toHaveLength(1);
    expect(notes[0]?.severity).toBe('info');
    expect(notes[0]?.message).toContain(how);
  });
});

function lineOf(record: LedgerRecord) {
  if (record.entity !== 'invoice' && record.entity !== 'bill') throw new Error('not a document');
  const [line] = record.value.lines;
  if (!line) throw new Error('no line');
  return line;
}

function withValue(record: LedgerRecord, patch: Record<string, unknown>): LedgerRecord {
  return { ...record, value: { ...record.value, ...patch } } as LedgerRecord;
}
