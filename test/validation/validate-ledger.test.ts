import { describe, expect, it } from 'vitest';
import type { LedgerRecord, Problem, LedgerItem } from '../../src/ledger/index.js';
import { hasBlockingErrors, LedgerSummarizer } from '../../src/validation/summary.js';
import { validateLedger } from '../../src/validation/validate-ledger.js';
import {
  account,
  bankTransaction,
  bill,
  chart,
  customer,
  customerPayment,
  invoice,
  itemsOf,
  openingBalance,
} from './ledger-builder.js';

const settings = { cutoverDate: '2024-01-01', endDate: '2024-01-31', baseCurrency: 'USD' };

async function validate(
  records: LedgerRecord[],
): Promise<{ items: LedgerItem[]; problems: Problem[] }> {
  const items: LedgerItem[] = [];
  for await (const item of validateLedger(itemsOf(records), settings)) items.push(item);
  const problems = items.flatMap((item) =>
    item.kind === 'record' ? item.problems : [item.problem],
  );
  return { items, problems };
}

const codes = (problems: readonly Problem[]) => problems.map((problem) => problem.code);

describe('validateLedger', () => {
  it('passes a consistent ledger through untouched', async () => {
    const records = [
      ...chart(),
      openingBalance('1000', '100.00', '0.00'),
      openingBalance('3000', '0.00', '100.00'),
      invoice('INV-1'),
      customerPayment('PMT-1', '110.00', [['INV-1', '110.00']]),
    ];
    const { items, problems } = await validate(records);
    expect(problems).toEqual([]);
    expect(items.map((item) => item.kind === 'record' && item.record)).toEqual(records);
  });

  it('names unknown customers, accounts and items, on the record and the line at fault', async () => {
    const bad = invoice('INV-1', { customerKey: 'Nobody' });
    if (bad.entity === 'invoice')
      bad.value.lines = [{ ...bad.value.lines[0]!, accountKey: '9999', itemKey: 'GHOST' }];
    const { problems } = await validate([...chart(), bad]);
    expect(codes(problems).sort()).toEqual([
      'reference.unknown-account',
      'reference.unknown-customer',
      'reference.unknown-product',
    ]);
    const unknownCustomer = problems.find(
      (problem) => problem.code === 'reference.unknown-customer',
    );
    expect(unknownCustomer).toMatchObject({
      severity: 'error',
      entity: 'invoice',
      key: 'INV-1',
      location: bad.value.source,
    });
    expect(unknownCustomer?.message).toContain('"Nobody"');
    expect(
      problems.find((problem) => problem.code === 'reference.unknown-account')?.message,
    ).toContain('"9999"');
  });

  it('reports a duplicate key with where the first one is', async () => {
    const first = invoice('INV-1');
    const { problems } = await validate([...chart(), first, invoice('INV-1')]);
    const duplicate = problems.find((problem) => problem.code === 'key.duplicate');
    expect(duplicate?.message).toContain(`first at invoices.csv row ${first.value.source.row}`);
  });

  it('checks document arithmetic: subtotal, tax, total and each line within a cent', async () => {
    const wrong = invoice('INV-1', { subtotal: '90.00', taxTotal: '11.00', total: '120.00' });
    if (wrong.entity === 'invoice')
      wrong.value.lines[0] = { ...wrong.value.lines[0]!, quantity: '3' };
    const { problems } = await validate([...chart(), wrong]);
    expect(codes(problems).sort()).toEqual([
      'document.subtotal-mismatch',
      'document.tax-mismatch',
      'document.total-mismatch',
      'line.amount-mismatch',
    ]);
    expect(
      problems.find((problem) => problem.code === 'document.total-mismatch')?.message,
    ).toContain('subtotal 90.00 plus tax 11.00 is 101.00, but its total is 120.00');
    expect(problems.find((problem) => problem.code === 'line.amount-mismatch')?.message).toContain(
      'quantity 3 × unit price 50 is 150.00',
    );
    const rounded = invoice('INV-2');
    if (rounded.entity === 'invoice')
      rounded.value.lines[0] = {
        ...rounded.value.lines[0]!,
        quantity: '3',
        unitPrice: '33.33',
        amount: '100.00',
      };
    expect((await validate([...chart(), rounded])).problems).toEqual([]);
  });

  it('reports an unbalanced opening balance once the section ends, located at its rows', async () => {
    const lines = [
      openingBalance('1000', '100.00', '0.00'),
      openingBalance('3000', '0.00', '90.00'),
    ];
    const { items } = await validate([
      ...chart(),
      ...lines,
      invoice('INV-1', { date: '2023-12-01' }),
    ]);
    const index = items.findIndex(
      (item) => item.kind === 'problem' && item.problem.code === 'balance.opening-unbalanced',
    );
    expect(index).toBe(chart().length + 2);
    const item = items[index];
    expect(item?.kind === 'problem' && item.problem.message).toContain(
      'debits 100.00, credits 90.00 (difference 10.00)',
    );
    const [first, last] = lines.map((line) => (line.value as { source: { row: number } }).source);
    expect(item?.kind === 'problem' && item.problem.location).toEqual({
      file: 'opening_balances.csv',
      row: first?.row,
    });
    expect(item?.kind === 'problem' && item.problem.message).toContain(
      `opening_balances.csv rows ${first?.row} to ${last?.row}`,
    );
  });

  it('stops payments and credits from taking more than a document holds', async () => {
    const { problems } = await validate([
      ...chart(),
      invoice('INV-1'),
      customerPayment('PMT-1', '100.00', [['INV-1', '100.00']]),
      customerPayment('PMT-2', '20.00', [['INV-1', '30.00']]),
    ]);
    expect(codes(problems).sort()).toEqual(['payment.exceeds-document', 'payment.over-allocated']);
    expect(problems.find((problem) => problem.code === 'payment.exceeds-document')).toMatchObject({
      key: 'PMT-2',
    });
    expect(
      problems.find((problem) => problem.code === 'payment.exceeds-document')?.message,
    ).toContain('130.00, more than its total 110.00');
  });

  it('checks a payment against its documents: existence, party, type and currency', async () => {
    const { problems } = await validate([
      ...chart(),
      customer('Globex'),
      invoice('INV-1', { customerKey: 'Globex' }),
      invoice('CN-1', { type: 'credit-note' }),
      invoice('EUR-1', { currency: 'EUR', exchangeRate: '1.1' }),
      customerPayment('PMT-1', '40.00', [
        ['INV-1', '10.00'],
        ['CN-1', '10.00'],
        ['EUR-1', '10.00'],
        ['NOPE', '10.00'],
      ]),
    ]);
    expect(codes(problems).sort()).toEqual([
      'currency.foreign',
      'currency.mismatch',
      'reference.unknown-document',
      'reference.wrong-document-type',
      'reference.wrong-party',
    ]);
  });

  it('puts activity in the migration window: before the cutover is info, after the end is an error', async () => {
    const { problems } = await validate([
      ...chart(),
      invoice('INV-OLD', { date: '2023-12-01' }),
      invoice('INV-VOID', { date: '2023-11-01', status: 'void' }),
      bankTransaction('BT-OLD', '2023-12-31'),
      bankTransaction('BT-LATE', '2024-02-01'),
    ]);
    const byKey: Record<string, [string, string]> = Object.fromEntries(
      problems.map((problem) => [problem.key ?? '', [problem.severity, problem.code]]),
    );
    expect(byKey).toEqual({
      'INV-OLD': ['info', 'document.conversion'],
      'INV-VOID': ['info', 'document.closed-before-cutover'],
      'BT-OLD': ['info', 'date.before-cutover'],
      'BT-LATE': ['error', 'date.after-end'],
    });
  });

  it('checks the conversion rule: receivables at cutover equal the invoices open then', async () => {
    const { problems } = await validate([
      ...chart(),
      openingBalance('1100', '500.00', '0.00'),
      openingBalance('3000', '0.00', '500.00'),
      invoice('INV-OLD', { date: '2023-12-01' }),
      invoice('INV-PAID', { date: '2023-12-05' }),
      customerPayment('PMT-OLD', '110.00', [['INV-PAID', '110.00']], { date: '2023-12-20' }),
    ]);
    const mismatch = problems.find((problem) => problem.code === 'balance.receivables-mismatch');
    expect(mismatch?.message).toContain(
      'opening balance is 500.00, but invoices less credit notes open at the cutover come to 110.00',
    );
    expect(
      problems.find((problem) => problem.code === 'document.closed-before-cutover'),
    ).toMatchObject({ key: 'INV-PAID', entity: 'invoice' });
  });

  it('lists documents settled before the cutover in the order they were read', async () => {
    const { problems } = await validate([
      ...chart(),
      invoice('INV-Z', { date: '2023-12-01' }),
      invoice('INV-A', { date: '2023-12-02' }),
      invoice('INV-M', { date: '2023-12-03' }),
      customerPayment(
        'PMT-OLD',
        '330.00',
        [
          ['INV-Z', '110.00'],
          ['INV-A', '110.00'],
          ['INV-M', '110.00'],
        ],
        { date: '2023-12-20' },
      ),
    ]);
    expect(
      problems
        .filter((problem) => problem.code === 'document.closed-before-cutover')
        .map((problem) => problem.key),
    ).toEqual(['INV-Z', 'INV-A', 'INV-M']);
  });

  it('requires money to move through bank accounts', async () => {
    const { problems } = await validate([
      ...chart(),
      account('1200', 'current-asset'),
      bankTransaction('BT-1', '2024-01-05', { bankAccountKey: '1200' }),
    ]);
    expect(problems.map((problem) => [problem.code, problem.severity])).toEqual([
      ['reference.not-a-bank-account', 'error'],
    ]);
  });

  it('warns about bill payments into accounts and sub-accounts that are missing', async () => {
    const { problems } = await validate([
      account('1000', 'bank'),
      account('4100', 'revenue', { parentKey: '4000' }),
      bill('B-1', { vendorKey: 'Ghost' }),
    ]);
    expect(codes(problems).sort()).toEqual([
      'reference.unknown-account',
      'reference.unknown-account',
      'reference.unknown-vendor',
    ]);
  });

  it('summarises: errors block a live run, warnings and info do not', async () => {
    const clean = await validate([...chart(), invoice('INV-OLD', { date: '2023-12-01' })]);
    expect(hasBlockingErrors(clean.items)).toBe(false);
    const dirty = await validate([...chart(), invoice('INV-1', { customerKey: 'Nobody' })]);
    expect(hasBlockingErrors(dirty.items)).toBe(true);
    const summary = new LedgerSummarizer();
    dirty.items.forEach((item) => summary.add(item));
    expect(summary.result()).toMatchObject({
      records: chart().length + 1,
      invalidRecords: 1,
      blocking: true,
      byCode: { 'reference.unknown-customer': 1 },
    });
  });
});
