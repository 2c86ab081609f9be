import { describe, expect, it } from 'vitest';
import type { LedgerRecord, Problem, RecordOf } from '../../src/ledger/index.js';
import { validateFiles } from '../sources/export-folder.js';
import { sharedNumbersCompany } from '../support/xero-shared-numbers-company.js';

const window = { cutoverDate: '2026-01-01', endDate: '2026-03-31' };

const validateXero = (files: Record<string, string>) =>
  validateFiles(files, 'xero', { ...window, baseCurrency: 'USD' });

const errors = (problems: readonly Problem[]) =>
  problems.filter((problem) => problem.severity === 'error');

function valuesOf<E extends LedgerRecord['entity']>(
  records: readonly LedgerRecord[],
  entity: E,
): RecordOf<E>[] {
  return records.filter((record) => record.entity === entity).map((r) => r.value as RecordOf<E>);
}

describe('Xero documents whose number is missing or shared', () => {
  it('keys them by contact, number, date and total, and keeps unique numbers as keys', async () => {
    const { records, problems } = await validateXero(sharedNumbersCompany);
    expect(errors(problems)).toEqual([]);
    const bills = valuesOf(records, 'bill');
    expect(bills.map((bill) => bill.key)).toEqual([
      'RENT | Acme Property | 2025-12-14 | 1000.00',
      'RENT | Acme Property | 2026-01-14 | 1000.00',
      'RENT | Beta Storage | 2026-01-14 | 300.00',
      '(no number) | Beta Storage | 2026-01-20 | 150.00',
      'RENT | Acme Property | 2026-02-14 | 1000.00',
      '(no number) | Beta Storage | 2026-02-20 | 150.00',
      'AP-9',
      'RENT | Acme Property | 2026-03-14 | 1000.00',
      'V-1',
    ]);
    // The workspace refuses a number twice: each is created under its own, a re-run finds it.
    const numbers = bills.map((bill) => bill.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers[0]).toMatch(/^RENT 2025-12-14 [0-9a-f]{6}$/);
    expect(numbers[3]).toMatch(/^2026-01-20 [0-9a-f]{6}$/);
    expect(numbers.every((number) => number.length <= 50)).toBe(true);
    expect(bills[6]).toMatchObject({ number: 'AP-9' });
    expect(bills[6]).not.toHaveProperty('legacyNumber');
    expect(bills[0]).toMatchObject({ legacyNumber: 'RENT' });
    expect(bills[3]).toMatchObject({ legacyNumber: '(no number)' });
    expect(valuesOf(records, 'invoice').map((invoice) => invoice.key)).toEqual([
      'INV-100',
      'INV-101',
      'CN-1',
      'INV-102',
      'INV-103',
    ]);
  });

  it('matches each payment to its contact’s document with that number still open for it', async () => {
    const { records } = await validateXero(sharedNumbersCompany);
    const paid = valuesOf(records, 'vendor-payment').map((payment) => [
      payment.date,
      payment.allocations.map((allocation) => allocation.documentKey),
    ]);
    expect(paid).toEqual([
      ['2026-01-05', ['RENT | Acme Property | 2025-12-14 | 1000.00']],
      ['2026-01-16', ['RENT | Acme Property | 2026-01-14 | 1000.00']],
      ['2026-01-16', ['RENT | Beta Storage | 2026-01-14 | 300.00']],
      ['2026-01-21', ['(no number) | Beta Storage | 2026-01-20 | 150.00']],
      ['2026-02-16', ['RENT | Acme Property | 2026-02-14 | 1000.00']],
    ]);
    // Unique numbers are named as before.
    expect(
      valuesOf(records, 'customer-payment').map((payment) => payment.allocations[0]?.documentKey),
    ).toEqual(['INV-100', 'INV-102', 'INV-101']);
  });

  it('does not migrate drafts or voided documents, and names each with its file and row', async () => {
    const { problems } = await validateXero(sharedNumbersCompany);
    expect(
      problems
        .filter((problem) => problem.code === 'document.draft' || problem.code === 'document.void')
        .map((problem) => [problem.severity, problem.location?.file, problem.location?.row]),
    ).toEqual([
      ['info', 'Sales Invoices.csv', 6],
      ['info', 'Bills.csv', 8],
      ['info', 'Bills.csv', 10],
    ]);
  });

  it('reports two documents of one contact, number, date and total, naming both rows', async () => {
    const bills = sharedNumbersCompany['Bills.csv'] ?? '';
    const [, second = ''] = bills.split('\n');
    const { problems } = await validateXero({
      ...sharedNumbersCompany,
      'Bills.csv': `${bills}\n${second}`,
    });
    const duplicate = errors(problems).find((problem) => problem.code === 'key.duplicate');
    expect(duplicate?.message).toContain('RENT | Acme Property | 2025-12-14 | 1000.00');
    expect(duplicate?.message).toContain('Bills.csv row 2');
    expect(duplicate?.message).toContain('Bills.csv row 11');
  });

  it('refuses a payment two open documents fit, naming both rows', async () => {
    const payments = (sharedNumbersCompany['Payments.csv'] ?? '')
      .split('\n')
      // Without the January payment, January's and February's RENT are both open on 16 February.
      .filter((line) => !line.startsWith(',01/16/2026,ACCPAYPAYMENT,Acme Property'))
      .join('\n');
    const { problems } = await validateXero({
      ...sharedNumbersCompany,
      'Payments.csv': payments,
    });
    const ambiguous = errors(problems).filter(
      (problem) => problem.code === 'reference.ambiguous-document',
    );
    expect(ambiguous).toHaveLength(1);
    expect(ambiguous[0]?.location).toMatchObject({ file: 'Payments.csv', row: 7 });
    expect(ambiguous[0]?.message).toContain('Bills.csv row 3');
    expect(ambiguous[0]?.message).toContain('Bills.csv row 6');
  });

  it('settles a credit note and the invoice it is allocated to by contact and number', async () => {
    const { records, problems } = await validateXero(sharedNumbersCompany);
    expect(errors(problems)).toEqual([]);
    expect(valuesOf(records, 'credit-application')).toMatchObject([
      { creditKey: 'CN-1', documentKey: 'INV-101', partyKey: 'Dan Deli', amount: '100.00' },
    ]);
  });
});
