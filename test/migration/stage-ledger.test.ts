import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DocumentFactsLog } from '../../src/migration/outcomes/indexed-log.js';
import { FileRunStore } from '../../src/run-store/file-run-store.js';
import { readWholeLog } from '../../src/run-store/run-store.js';
import { readChunks } from '../../src/migration/staging/chunk-writer.js';
import { stageKeys } from '../../src/migration/staging/stage-keys.js';
import type { Projection } from '../../src/migration/contracts/stage-manifest.js';
import { stageLedger } from '../../src/migration/staging/stage-ledger.js';
import type {
  StagedRow,
  StagingItem,
  StagingSkip,
} from '../../src/migration/contracts/staged-row.js';
import {
  account,
  bankLine,
  bill,
  invoice,
  itemsOf,
  opening,
  party,
  payment,
} from '../support/ledger-builders.js';

const roots: string[] = [];
afterAll(async () => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));
let line = 0;
const at = () => ({ file: 'journal.csv', row: ++line });

async function store() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-stage-'));
  roots.push(root);
  return new FileRunStore(root);
}

/**
 * A small company, cut over on 2026-01-01. Hand computation of the books at 2026-03-31:
 *   bank        1000.00 opening - 30.00 fee + 200.00 received - 120.00 paid     =  1050.00 Dr
 *   receivable  300.00 (INV-1 open at cutover) + 500.00 (INV-3) - 200.00 paid   =   600.00 Dr
 *   payable     200.00 (B-1 open at cutover) + 120.00 (B-2) - 120.00 paid       =   200.00 Cr
 *   tax         50.00 on INV-3                                                   =    50.00 Cr
 *   revenue     450.00 (INV-3 net)                                               =   450.00 Cr
 *   expenses    120.00 (B-2) + 30.00 (bank fee)                                  =   150.00 Dr
 *   equity      1100.00 opening                                                  =  1100.00 Cr
 *   clearing    +300 (AR opening) -200 (AP opening) -300 (INV-1) +200 (B-1)      =     0.00
 */
function company(extra: readonly unknown[] = []) {
  return itemsOf([
    { entity: 'account', value: account('1000', 'Checking', 'bank') },
    {
      entity: 'account',
      value: account('1100', 'Receivables', 'receivable', { systemRole: 'receivable' }),
    },
    { entity: 'account', value: account('2000', 'Payables', 'payable', { systemRole: 'payable' }) },
    { entity: 'account', value: account('2200', 'Sales Tax', 'tax', { systemRole: 'tax' }) },
    { entity: 'account', value: account('3000', 'Owner Equity', 'equity') },
    { entity: 'account', value: account('4000', 'Sales', 'revenue') },
    { entity: 'account', value: account('6000', 'Expenses', 'expense') },
    { entity: 'customer', value: party('C-A', 'Acme') },
    { entity: 'customer', value: party('C-B', 'Beta') },
    { entity: 'vendor', value: party('V-1', 'Vend', 'vendors.csv') },
    { entity: 'opening-balance', value: opening('1000', '1000.00', '0.00') },
    { entity: 'opening-balance', value: opening('1100', '300.00', '0.00') },
    { entity: 'opening-balance', value: opening('2000', '0.00', '200.00') },
    { entity: 'opening-balance', value: opening('3000', '0.00', '1100.00') },
    // Open at cutover: 100.00 still due at export, 200.00 paid after cutover.
    {
      entity: 'invoice',
      value: invoice({
        key: 'INV-1',
        date: '2025-12-10',
        party: 'C-A',
        lines: [{ account: '4000', amount: '300.00' }],
        amountDue: '100.00',
      }),
    },
    // Settled before cutover: not migrated as a document.
    {
      entity: 'invoice',
      value: invoice({
        key: 'INV-2',
        date: '2025-11-02',
        party: 'C-A',
        lines: [{ account: '4000', amount: '80.00' }],
        status: 'paid',
        amountDue: '0.00',
      }),
    },
    {
      entity: 'invoice',
      value: invoice({
        key: 'INV-3',
        date: '2026-02-01',
        party: 'C-B',
        lines: [{ account: '4000', amount: '450.00', tax: '50.00' }],
      }),
    },
    {
      entity: 'bill',
      value: bill({
        key: 'B-1',
        date: '2025-12-20',
        party: 'V-1',
        lines: [{ account: '6000', amount: '200.00' }],
      }),
    },
    {
      entity: 'bill',
      value: bill({
        key: 'B-2',
        date: '2026-02-10',
        party: 'V-1',
        lines: [{ account: '6000', amount: '120.00' }],
      }),
    },
    { entity: 'bank-transaction', value: bankLine('T-0', '2025-12-31', '1000', '-9.99', '6000') },
    { entity: 'bank-transaction', value: bankLine('T-1', '2026-01-15', '1000', '-30.00', '6000') },
    {
      entity: 'customer-payment',
      value: payment('P-1', '2026-03-01', '1000', 'C-A', '200.00', [['INV-1', '200.00']]),
    },
    {
      entity: 'vendor-payment',
      value: payment('P-2', '2026-03-05', '1000', 'V-1', '120.00', [['B-2', '120.00']]),
    },
    ...extra,
  ] as Parameters<typeof itemsOf>[0]);
}

describe('staging a ledger', () => {
  it('projects the books the workspace must show, matching a hand computation', async () => {
    const runStore = await store();
    const manifest = await stageLedger(company(), runStore, {
      stageId: 's1',
      cutoverDate: '2026-01-01',
      endDate: '2026-03-31',
      baseCurrency: 'USD',
      batchSize: 25,
    });
    const projection = await runStore.getDocument<Projection>(stageKeys('s1').projection);
    expect(projection?.books).toEqual({
      '1000': '1050.00',
      '3000': '-1100.00',
      '4000': '-450.00',
      '6000': '150.00',
      '@payable': '-200.00',
      '@receivable': '600.00',
      '@tax': '-50.00',
    });
    expect(projection?.aging).toEqual({
      receivable: { 'C-A': '100.00', 'C-B': '500.00' },
      payable: { 'V-1': '200.00' },
    });
    expect(manifest.blocking).toBe(false);
    expect(manifest.endDate).toBe('2026-03-31');
  });

  it('posts general journals from the cutover on to the projection, and skips earlier ones', async () => {
    const runStore = await store();
    const journal = (key: string, date: string, amount: string) => ({
      entity: 'journal-entry' as const,
      value: {
        key,
        date,
        memo: 'Accrued wages',
        lines: [
          { accountKey: '6000', debit: amount, credit: '0.00', description: '', source: at() },
          // A line on the legacy receivables account lands on the workspace's own.
          { accountKey: '1100', debit: '0.00', credit: amount, description: '', source: at() },
        ],
        source: at(),
      },
    });
    const manifest = await stageLedger(
      company([journal('GJ-1', '2025-12-31', '70.00'), journal('GJ-2', '2026-02-01', '25.00')]),
      runStore,
      {
        stageId: 'j1',
        cutoverDate: '2026-01-01',
        endDate: '2026-03-31',
        baseCurrency: 'USD',
        batchSize: 25,
      },
    );
    const projection = await runStore.getDocument<Projection>(stageKeys('j1').projection);
    expect(projection?.books).toMatchObject({ '6000': '175.00', '@receivable': '575.00' });
    expect(manifest.steps['journal-entries']).toEqual({ rows: 1, skipped: 1 });
    const keys: string[] = [];
    for await (const row of readChunks<StagedRow>(
      runStore,
      stageKeys('j1').rows('journal-entries'),
    ))
      keys.push(row.key);
    expect(keys).toEqual(['GJ-2']);
  });

  it('without an end date, verifies at the legacy trial balance date, so it is the figure compared', async () => {
    const runStore = await store();
    const legacyLine = {
      entity: 'trial-balance' as const,
      value: {
        accountKey: '1000',
        debit: '1050.00',
        credit: '0.00',
        asOf: '2026-04-30',
        source: { file: 'Trial Balance.csv', row: 6 },
      },
    };
    const manifest = await stageLedger(company([legacyLine]), runStore, {
      stageId: 's-end',
      cutoverDate: '2026-01-01',
      baseCurrency: 'USD',
      batchSize: 25,
    });
    expect(manifest.endDate).toBe('2026-04-30');
    expect(manifest.hasLegacyTrialBalance).toBe(true);
  });

  it('records each open-at-cutover document with the amount the conversion must carry', async () => {
    const runStore = await store();
    await stageLedger(company(), runStore, {
      stageId: 's2',
      cutoverDate: '2026-01-01',
      baseCurrency: 'USD',
      batchSize: 25,
    });
    const facts = await new DocumentFactsLog(runStore, stageKeys('s2').documentFacts).refresh();
    expect(facts.get('invoice', 'INV-1')?.outstandingAtCutover).toBe('300.00');
    expect(facts.get('invoice', 'INV-2')?.outstandingAtCutover).toBe('0.00');
    expect(facts.get('bill', 'B-1')?.outstandingAtCutover).toBe('200.00');
    expect(facts.get('invoice', 'INV-3')?.outstandingAtCutover).toBeUndefined();
    expect(facts.get('invoice', 'INV-3')?.dueAtEnd).toBeDefined();
  });

  it('stages rows per step and skips what the opening balance already covers', async () => {
    const runStore = await store();
    const manifest = await stageLedger(company(), runStore, {
      stageId: 's3',
      cutoverDate: '2026-01-01',
      baseCurrency: 'USD',
      batchSize: 25,
    });
    expect(manifest.steps['bank-transactions']).toEqual({ rows: 1, skipped: 1 });
    expect(manifest.steps.invoices).toEqual({ rows: 3, skipped: 0 });
    expect(manifest.steps.payments).toEqual({ rows: 2, skipped: 0 });
    const keys = stageKeys('s3');
    const bankRows: string[] = [];
    for await (const row of readChunks<StagedRow>(runStore, keys.rows('bank-transactions')))
      bankRows.push(row.key);
    expect(bankRows).toEqual(['T-1']);
    const skips = (await readWholeLog(runStore, keys.skips)) as StagingSkip[];
    expect(skips.map((s) => [s.key, s.reason, s.location?.file])).toEqual([
      ['T-0', 'before-cutover', 'bank_transactions.csv'],
    ]);
  });

  it('counts the rows of a step it is told not to keep, and writes only the kept ones', async () => {
    const settings = { cutoverDate: '2026-01-01', baseCurrency: 'USD', batchSize: 25 };
    const whole = await stageLedger(company(), await store(), { ...settings, stageId: 'all' });
    const runStore = await store();
    const accountsOnly = await stageLedger(company(), runStore, {
      ...settings,
      stageId: 'acc',
      rowsKept: ['accounts'],
    });
    expect({ ...accountsOnly, stageId: 'all' }).toEqual(whole);
    expect(await runStore.listDocuments(`${stageKeys('acc').rows('invoices')}/`)).toEqual([]);
    const accounts: string[] = [];
    for await (const row of readChunks<StagedRow>(runStore, stageKeys('acc').rows('accounts')))
      accounts.push(row.key);
    expect(accounts).toHaveLength(7);
  });

  it('lists the currencies of the staged invoices and bills, never of one left out', async () => {
    const euroInvoice = invoice({
      key: 'INV-EU',
      date: '2026-02-01',
      party: 'C-A',
      lines: [{ account: '4000', amount: '80.00' }],
    });
    const voidBill = bill({
      key: 'B-GB',
      date: '2026-02-02',
      party: 'V-1',
      lines: [{ account: '6000', amount: '10.00' }],
      status: 'void',
    });
    const runStore = await store();
    const manifest = await stageLedger(
      company([
        { entity: 'invoice', value: { ...euroInvoice, currency: 'EUR' } },
        { entity: 'bill', value: { ...voidBill, currency: 'GBP' } },
      ]),
      runStore,
      { stageId: 's-currencies', cutoverDate: '2026-01-01', baseCurrency: 'USD', batchSize: 25 },
    );
    expect(manifest.documentCurrencies).toEqual(['EUR', 'USD']);
  });

  it('never stages a row with an error, and says a live run is blocked', async () => {
    function* withError(): Generator<StagingItem> {
      yield* company();
      yield {
        kind: 'record',
        record: { entity: 'customer', value: party('C-X', 'Broken') },
        problems: [
          {
            severity: 'error',
            code: 'reference.unknown-account',
            message: 'Customer C-X refers to account 9999, which is not in the chart of accounts.',
            location: { file: 'customers.csv', row: 9, column: 'SalesAccount' },
            entity: 'customer',
            key: 'C-X',
          },
        ],
      };
    }
    const runStore = await store();
    const manifest = await stageLedger(withError(), runStore, {
      stageId: 's4',
      cutoverDate: '2026-01-01',
      baseCurrency: 'USD',
      batchSize: 25,
    });
    expect(manifest.blocking).toBe(true);
    expect(manifest.problems.error).toBe(1);
    expect(manifest.steps.customers).toEqual({ rows: 2, skipped: 1 });
    const skips = (await readWholeLog(runStore, stageKeys('s4').skips)) as StagingSkip[];
    expect(skips).toContainEqual(
      expect.objectContaining({
        key: 'C-X',
        reason: 'invalid',
        codes: ['reference.unknown-account'],
      }),
    );
  });
});
