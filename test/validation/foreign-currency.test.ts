import { describe, expect, it } from 'vitest';
import type { LedgerRecord, Problem } from '../../src/ledger/index.js';
import { validateLedger } from '../../src/validation/validate-ledger.js';
import {
  bill,
  chart,
  customerPayment,
  invoice,
  itemsOf,
  openingBalance,
} from './ledger-builder.js';

// A CAD company: its receivables and payables opening balances are in CAD, its documents are not.
const settings = { cutoverDate: '2024-01-01', endDate: '2024-01-31', baseCurrency: 'CAD' };

async function problemsOf(records: LedgerRecord[]): Promise<Problem[]> {
  const problems: Problem[] = [];
  for await (const item of validateLedger(itemsOf(records), settings))
    problems.push(...(item.kind === 'record' ? item.problems : [item.problem]));
  return problems;
}

const open = { date: '2023-12-01' };

describe('validation of foreign-currency books', () => {
  it('compares the receivables and payables at the cutover in base currency, never adding USD to GBP', async () => {
    const problems = await problemsOf([
      ...chart(),
      // 110.00 USD worth 148.50 CAD, and 110.00 GBP at 1.7 CAD per GBP (187.00 CAD).
      invoice('INV-USD', { ...open, currency: 'USD', baseTotal: '148.50' }),
      invoice('INV-GBP', { ...open, currency: 'GBP', exchangeRate: '1.7' }),
      bill('BILL-USD', { ...open, currency: 'USD', exchangeRate: '1.35' }),
      openingBalance('1100', '335.50', '0.00'),
      openingBalance('2000', '0.00', '135.00'),
      openingBalance('3000', '0.00', '200.50'),
    ]);
    const codes = problems.map((problem) => problem.code);
    expect(codes).not.toContain('balance.receivables-mismatch');
    expect(codes).not.toContain('balance.payables-mismatch');
  });

  it('states the receivables difference in base currency', async () => {
    const problems = await problemsOf([
      ...chart(),
      invoice('INV-USD', { ...open, currency: 'USD', baseTotal: '148.50' }),
      invoice('INV-GBP', { ...open, currency: 'GBP', exchangeRate: '1.7' }),
      openingBalance('1100', '330.00', '0.00'),
      openingBalance('3000', '0.00', '330.00'),
    ]);
    const mismatch = problems.find((problem) => problem.code === 'balance.receivables-mismatch');
    expect(mismatch?.message).toContain('come to 335.50 CAD');
    expect(mismatch?.message).toContain('by -5.50 CAD');
  });

  it('refuses a foreign document after the cutover that nothing values, naming only real columns', async () => {
    const problems = await problemsOf([
      ...chart(),
      invoice('INV-USD', { currency: 'USD', date: '2024-01-10' }),
    ]);
    const missing = problems.find((problem) => problem.code === 'currency.no-base-value');
    expect(missing).toMatchObject({ severity: 'error', key: 'INV-USD' });
    // Xero's invoice and bill exports have no rate column: the message must not send anyone there.
    expect(missing?.message).not.toMatch(/CurrencyRate/);
    expect(missing?.message).toMatch(/QuickBooks Online: the Exchange Rate column/);
  });

  it('values foreign documents open at the cutover from the trial balance, as a warning naming each', async () => {
    // Xero's invoice export: no rate, no base amount. The trial balance holds receivables of
    // 335.50 CAD, payables 135.00 CAD.
    const problems = await problemsOf([
      ...chart(),
      invoice('INV-USD', { ...open, currency: 'USD' }),
      invoice('INV-GBP', { ...open, currency: 'GBP', exchangeRate: '1.7' }),
      bill('BILL-USD', { ...open, currency: 'USD' }),
      openingBalance('1100', '335.50', '0.00'),
      openingBalance('2000', '0.00', '135.00'),
      openingBalance('3000', '0.00', '200.50'),
    ]);
    const codes = problems.map((problem) => problem.code);
    expect(codes).not.toContain('currency.no-base-value');
    expect(codes).not.toContain('balance.receivables-mismatch');
    expect(codes).not.toContain('balance.payables-mismatch');
    const estimates = problems.filter(
      (problem) => problem.code === 'currency.base-value-estimated',
    );
    expect(estimates.map((problem) => problem.severity)).toEqual(['warning', 'warning']);
    expect(estimates[0]?.message).toContain(
      "estimated from the trial balance: export Aged Receivables Detail for each document's own value",
    );
    expect(estimates[0]?.message).toContain('INV-USD (USD)');
    // 335.50 less INV-GBP's 110.00 GBP at 1.7 (187.00).
    expect(estimates[0]?.message).toContain('share the 148.50 CAD of receivables');
    expect(estimates[0]?.message).not.toContain('INV-GBP');
    expect(estimates[1]?.message).toContain(
      "estimated from the trial balance: export Aged Payables Detail for each document's own value",
    );
    expect(estimates[1]?.message).toContain('BILL-USD (USD)');
  });

  it('refuses a foreign document open at the cutover when no trial balance can value it', async () => {
    const problems = await problemsOf([
      ...chart(),
      invoice('INV-USD', { ...open, currency: 'USD' }),
    ]);
    const missing = problems.find((problem) => problem.code === 'currency.no-base-value');
    expect(missing).toMatchObject({ severity: 'error', key: 'INV-USD' });
    expect(missing?.message).toContain('Aged Receivables Detail');
  });

  it('blocks a foreign payment after the cutover, whose realised gain no export states', async () => {
    const problems = await problemsOf([
      ...chart(),
      invoice('INV-USD', { currency: 'USD', exchangeRate: '1.35', date: '2024-01-10' }),
      customerPayment('PMT-USD', '110.00', [['INV-USD', '110.00']], {
        currency: 'USD',
        date: '2024-01-20',
      }),
    ]);
    expect(problems.find((problem) => problem.code === 'currency.foreign-payment')).toMatchObject({
      severity: 'error',
      key: 'PMT-USD',
    });
  });
});
