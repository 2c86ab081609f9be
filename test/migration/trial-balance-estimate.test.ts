import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { estimateFromTrialBalance } from '../../src/ledger/index.js';
import { DocumentFactsLog } from '../../src/migration/outcomes/indexed-log.js';
import type { Projection } from '../../src/migration/contracts/stage-manifest.js';
import { stageKeys } from '../../src/migration/staging/stage-keys.js';
import { stageLedger } from '../../src/migration/staging/stage-ledger.js';
import { FileRunStore } from '../../src/run-store/file-run-store.js';
import { account, bill, invoice, itemsOf, opening, party } from '../support/ledger-builders.js';

const roots: string[] = [];
afterAll(async () => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

async function store() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-estimate-'));
  roots.push(root);
  return new FileRunStore(root);
}

const open = '2025-12-10';
const foreign = <T>(document: T, currency: string, more: object = {}) => ({
  ...document,
  currency,
  ...more,
});

/**
 * A CAD company whose exports value some foreign documents and not others, as Xero's invoice and
 * bill exports do (no rate, no base amount). The trial balance as at 31 Dec 2025 holds receivables
 * of 1,000.00 CAD and payables of 90.00 CAD. By hand:
 *   receivables: 1,000.00 - INV-CAD 100.00 - INV-RATE (80.00 USD at 1.25) 100.00 = 800.00 to share
 *     over INV-U 300.00 USD, INV-G 200.00 GBP and credit note CN-U -50.00 USD (weights sum 450.00):
 *     INV-U 300 x 800 / 450 = 533.33; INV-G 200 x 800 / 450 = 355.56; CN-U -50 x 800 / 450 = -88.89;
 *     533.33 + 355.56 - 88.89 = 800.00 exactly.
 *   payables: 90.00 over B-U 10.00 USD, B-G 10.00 GBP, B-E 10.00 EUR: 30.00 each.
 */
function company() {
  return itemsOf([
    {
      entity: 'account',
      value: account('1100', 'Receivables', 'receivable', { systemRole: 'receivable' }),
    },
    { entity: 'account', value: account('2000', 'Payables', 'payable', { systemRole: 'payable' }) },
    { entity: 'account', value: account('3000', 'Owner Equity', 'equity') },
    { entity: 'account', value: account('4000', 'Sales', 'revenue') },
    { entity: 'account', value: account('6000', 'Expenses', 'expense') },
    { entity: 'customer', value: party('C-US', 'US customer') },
    { entity: 'customer', value: party('C-UK', 'UK customer') },
    { entity: 'customer', value: party('C-CA', 'CA customer') },
    { entity: 'vendor', value: party('V-1', 'Vendor', 'vendors.csv') },
    { entity: 'opening-balance', value: opening('1100', '1000.00', '0.00') },
    { entity: 'opening-balance', value: opening('2000', '0.00', '90.00') },
    { entity: 'opening-balance', value: opening('3000', '0.00', '910.00') },
    {
      entity: 'invoice',
      value: foreign(
        invoice({ key: 'INV-CAD', date: open, party: 'C-CA', lines: [l('100.00')] }),
        'CAD',
      ),
    },
    {
      entity: 'invoice',
      value: foreign(
        invoice({ key: 'INV-RATE', date: open, party: 'C-US', lines: [l('80.00')] }),
        'USD',
        { exchangeRate: '1.25' },
      ),
    },
    {
      entity: 'invoice',
      value: foreign(
        invoice({ key: 'INV-U', date: open, party: 'C-US', lines: [l('300.00')] }),
        'USD',
      ),
    },
    {
      entity: 'invoice',
      value: foreign(
        invoice({ key: 'INV-G', date: open, party: 'C-UK', lines: [l('200.00')] }),
        'GBP',
      ),
    },
    {
      entity: 'invoice',
      value: foreign(
        invoice({ key: 'CN-U', date: open, party: 'C-US', lines: [l('50.00')] }, 'credit-note'),
        'USD',
      ),
    },
    ...['USD', 'GBP', 'EUR'].map((currency) => ({
      entity: 'bill',
      value: foreign(
        bill({
          key: `B-${currency.slice(0, 1)}`,
          date: open,
          party: 'V-1',
          lines: [{ account: '6000', amount: '10.00' }],
        }),
        currency,
      ),
    })),
  ] as Parameters<typeof itemsOf>[0]);
}

function l(amount: string) {
  return { account: '4000', amount };
}

describe('base values estimated from the trial balance', () => {
  it('splits what the trial balance leaves over the unvalued documents pro rata, to the cent', () => {
    expect(estimateFromTrialBalance(80000n, [30000n, 20000n, -5000n])).toEqual([
      53333n,
      35556n,
      -8889n,
    ]);
    // Three equal shares of 1,000.00 round to 333.33; the cent left goes to the first largest.
    const shares = estimateFromTrialBalance(100000n, [1000n, 1000n, 1000n]);
    expect(shares).toEqual([33334n, 33333n, 33333n]);
    expect(shares.reduce((sum, share) => sum + share, 0n)).toBe(100000n);
  });

  it('projects the receivables and payables of the trial balance, the clearing account at zero', async () => {
    const runStore = await store();
    const manifest = await stageLedger(company(), runStore, {
      stageId: 'e1',
      cutoverDate: '2026-01-01',
      endDate: '2026-01-31',
      baseCurrency: 'CAD',
      batchSize: 25,
    });
    expect(manifest.blocking).toBe(false);
    const projection = await runStore.getDocument<Projection>(stageKeys('e1').projection);
    expect(projection?.books).toEqual({
      '3000': '-910.00',
      '@receivable': '1000.00',
      '@payable': '-90.00',
    });
    // Each counterparty at the documents' base values: C-US 100.00 + 533.33 - 88.89.
    expect(projection?.aging).toEqual({
      receivable: { 'C-CA': '100.00', 'C-US': '544.44', 'C-UK': '355.56' },
      payable: { 'V-1': '90.00' },
    });
    const facts = await new DocumentFactsLog(runStore, stageKeys('e1').documentFacts).refresh();
    const estimated = (entity: 'invoice' | 'bill', key: string) =>
      facts.get(entity, key)?.estimatedBaseAtCutover;
    expect(estimated('invoice', 'INV-U')).toBe('533.33');
    expect(estimated('invoice', 'INV-G')).toBe('355.56');
    expect(estimated('invoice', 'CN-U')).toBe('88.89');
    expect(estimated('invoice', 'INV-CAD')).toBeUndefined();
    expect(estimated('invoice', 'INV-RATE')).toBeUndefined();
    expect(['B-U', 'B-G', 'B-E'].map((key) => estimated('bill', key))).toEqual([
      '30.00',
      '30.00',
      '30.00',
    ]);
  });
});
