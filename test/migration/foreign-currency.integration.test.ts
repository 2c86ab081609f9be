import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerRecord } from '../../src/ledger/index.js';
import type { VerificationReport } from '../../src/migration/contracts/verification-report.js';
import type { RunReport } from '../../src/reports/run-report.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { account, bill, invoice, opening, party } from '../support/ledger-builders.js';
import {
  cadWorkspace,
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';

/**
 * A small Canadian company (CAD base) with USD and GBP invoices and bills, some open at the
 * cutover, some after it. The legacy books valued them at their own rates; the sandbox's rate
 * table says otherwise, so every document's workspace value differs from the legacy one.
 */
const cutoverDate = '2021-01-01';
const endDate = '2021-03-31';

function company(): LedgerRecord[] {
  const foreign = <T extends { currency: string }>(
    document: T,
    currency: string,
    more: object,
  ) => ({ ...document, currency, ...more });
  const tb = (accountKey: string, debit: string, credit: string): LedgerRecord => ({
    entity: 'trial-balance',
    value: { asOf: endDate, accountKey, debit, credit, source: { file: 'tb.csv', row: 2 } },
  });
  return [
    { entity: 'account', value: account('1000', 'Bank', 'bank') },
    {
      entity: 'account',
      value: account('1100', 'Receivables', 'receivable', { systemRole: 'receivable' }),
    },
    { entity: 'account', value: account('2000', 'Payables', 'payable', { systemRole: 'payable' }) },
    { entity: 'account', value: account('3000', 'Owner Capital', 'equity') },
    { entity: 'account', value: account('4000', 'Sales', 'revenue') },
    { entity: 'account', value: account('6000', 'Supplies', 'expense') },
    { entity: 'customer', value: { ...party('Maple US', 'Maple US'), currency: 'USD' } },
    { entity: 'customer', value: { ...party('London Ltd', 'London Ltd'), currency: 'GBP' } },
    {
      entity: 'vendor',
      value: { ...party('NY Supplies', 'NY Supplies', 'vendors.csv'), currency: 'USD' },
    },
    {
      entity: 'vendor',
      value: { ...party('Leeds Parts', 'Leeds Parts', 'vendors.csv'), currency: 'GBP' },
    },
    // The legacy trial balance as at 31 Dec 2020: receivables 1,273.20 + 870.55, payables 384.00.
    { entity: 'opening-balance', value: opening('1000', '5000.00', '0.00') },
    { entity: 'opening-balance', value: opening('1100', '2143.75', '0.00') },
    { entity: 'opening-balance', value: opening('2000', '0.00', '384.00') },
    { entity: 'opening-balance', value: opening('3000', '0.00', '6759.75') },
    {
      entity: 'invoice',
      value: foreign(
        invoice({
          key: 'INV-100',
          date: '2020-12-10',
          party: 'Maple US',
          lines: [{ account: '4000', amount: '1000.00' }],
        }),
        'USD',
        { exchangeRate: '1.2732' },
      ),
    },
    {
      entity: 'invoice',
      value: foreign(
        invoice({
          key: 'INV-101',
          date: '2020-12-15',
          party: 'London Ltd',
          lines: [{ account: '4000', amount: '500.00' }],
        }),
        'GBP',
        { baseTotal: '870.55' },
      ),
    },
    {
      entity: 'invoice',
      value: foreign(
        invoice({
          key: 'INV-102',
          date: '2021-02-05',
          party: 'Maple US',
          lines: [
            { account: '4000', amount: '400.00' },
            { account: '4000', amount: '250.00' },
          ],
        }),
        'USD',
        { exchangeRate: '1.27' },
      ),
    },
    {
      entity: 'bill',
      value: foreign(
        bill({
          key: 'BILL-200',
          date: '2020-12-20',
          party: 'NY Supplies',
          lines: [{ account: '6000', amount: '300.00' }],
        }),
        'USD',
        { exchangeRate: '1.28' },
      ),
    },
    {
      entity: 'bill',
      value: foreign(
        bill({
          key: 'BILL-201',
          date: '2021-02-10',
          party: 'Leeds Parts',
          lines: [{ account: '6000', amount: '120.00' }],
        }),
        'GBP',
        { exchangeRate: '1.74' },
      ),
    },
    // The legacy trial balance at the end date, in CAD.
    tb('1000', '5000.00', '0.00'),
    tb('1100', '2969.25', '0.00'),
    tb('2000', '0.00', '592.80'),
    tb('3000', '0.00', '6759.75'),
    tb('4000', '0.00', '825.50'),
    tb('6000', '208.80', '0.00'),
  ];
}

describe('foreign-currency documents, migrated into a CAD workspace with its own rates', () => {
  let stack: MigrationStack;
  let folder: string;

  beforeAll(async () => {
    stack = await startMigrationStack({
      configure: cadWorkspace([
        { currency: 'USD', from: '2020-01-01', rate: '1.25' },
        { currency: 'USD', from: '2021-02-01', rate: '1.30' },
        { currency: 'GBP', from: '2020-01-01', rate: '1.70' },
      ]),
    });
    folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company(), folder);
  });
  afterAll(async () => stack.close());

  it('refuses books in another currency than the workspace, before writing anything', async () => {
    const handle = await stack.start({
      runName: uniqueRunName('fx-usd'),
      source: { folder, format: 'generic' },
      cutoverDate,
      endDate,
      currency: 'USD',
      mode: 'live',
    });
    // The workspace pre-check (src/migration/workspace/) blocks it, naming the fix.
    const outcome = await handle.result();
    expect(outcome.status).toBe('blocked');
    expect(outcome.progress.blockedReason).toContain(
      'The books are in USD (--currency) but the workspace is in CAD',
    );
    expect(stack.sandbox.admin.counts()).toMatchObject({ customers: 0, invoices: 0 });
  });

  it('verifies in base currency to the cent, booking and reporting each exchange difference', async () => {
    const base = {
      source: { folder, format: 'generic' as const },
      cutoverDate,
      endDate,
      currency: 'CAD',
    };
    const dry = await (
      await stack.start({ ...base, runName: uniqueRunName('fx-dry'), mode: 'dry-run' })
    ).result();
    expect(dry.progress.verification).toMatchObject({ verified: true, differences: 0 });

    const live = await (
      await stack.start({ ...base, runName: uniqueRunName('fx-live'), mode: 'live' })
    ).result();
    const runReport = JSON.parse(
      await readFile(path.join(live.progress.reportFolder ?? '', 'report.json'), 'utf8'),
    ) as RunReport;
    const report = runReport.verification as VerificationReport;
    expect(report.accounts.filter((line) => line.difference !== '0.00')).toEqual([]);
    expect(report.receivables.filter((line) => line.difference !== '0.00')).toEqual([]);
    expect(report.payables.filter((line) => line.difference !== '0.00')).toEqual([]);
    expect(live.progress.verification).toMatchObject({
      verified: true,
      differences: 0,
      clearingBalance: '0.00',
    });
    // Legacy value less the workspace's, on what each document has due, in CAD.
    expect(
      Object.fromEntries((report.exchangeDifferences ?? []).map((fx) => [fx.key, fx.amount])),
    ).toEqual({
      'INV-100': '23.20', // 1,000.00 USD: 1,273.20 legacy, 1,250.00 at 1.25
      'INV-101': '20.55', // 500.00 GBP: 870.55 legacy, 850.00 at 1.70
      'INV-102': '-19.50', // 650.00 USD: 825.50 legacy, 845.00 at 1.30
      'BILL-200': '9.00', // 300.00 USD: 384.00 legacy, 375.00 at 1.25
      'BILL-201': '4.80', // 120.00 GBP: 208.80 legacy, 204.00 at 1.70
    });
    // Each difference passes through the named exchange-difference account the accounts step
    // created (the legacy chart has none): the control account's against it, and it against the
    // lines' accounts, so it shows every difference and still ends at zero.
    const workspaceId = stack.sandbox.config.workspaces[0]?.id ?? '';
    const onExchange = stack.sandbox.admin
      .journalLines(workspaceId)
      .filter((line) => line.accountName === 'Exchange Gains/Losses');
    const signed = (line: { debit: string; credit: string }) =>
      Math.round(Number(line.debit) * 100) - Math.round(Number(line.credit) * 100);
    const controlLegs: Record<string, number> = Object.fromEntries(
      onExchange
        .filter((line) => /receivables|payables/.test(line.description))
        .map((line): [string, number] => [
          /(INV|BILL)-\d+/.exec(line.memo)?.[0] ?? '',
          signed(line),
        ]),
    );
    expect(controlLegs).toEqual({
      'INV-100': -2320, // receivables up 23.20: the exchange account credited
      'INV-101': -2055,
      'INV-102': 1950, // receivables down 19.50: the exchange account debited
      'BILL-200': 900, // payables up 9.00: the exchange account debited
      'BILL-201': 480,
    });
    expect(onExchange).toHaveLength(10);
    expect(onExchange.reduce((sum, line) => sum + signed(line), 0)).toBe(0);
    expect(live.status).toBe('completed');
  });
});
