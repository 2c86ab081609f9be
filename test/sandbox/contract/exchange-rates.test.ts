/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return -- contract tests assert on untyped JSON response bodies */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiBody } from '../support/client.js';
import { authorize, startTestSandbox, WORKSPACE_ID, type TestSandbox } from '../support/harness.js';
import { basicLedger, freeTextLine, type BasicLedger } from '../support/ledger-fixtures.js';

let t: TestSandbox;
let l: BasicLedger;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
  t.sandbox.admin.reset();
  await authorize(t.sandbox, t.api);
  l = await basicLedger(t.api);
  t.sandbox.admin.setExchangeRates(WORKSPACE_ID, [
    { currency: 'GBP', from: '2026-01-01', rate: '1.25' },
    { currency: 'GBP', from: '2026-02-01', rate: '1.3' },
  ]);
});

async function balances(): Promise<Record<string, string>> {
  const rows: ApiBody[] = (
    await t.api.expect(200, 'POST', '/reports/trial-balance?endDate=2099-12-31')
  ).rows;
  return Object.fromEntries(rows.map((row) => [row.accountName, row.balance]));
}

describe('foreign documents and the dated exchange-rate table (assumption R34)', () => {
  it('values a foreign invoice at the rate in force on its date, not at face value', async () => {
    const invoice = (
      await t.api.expect(201, 'POST', '/invoices', {
        customerUuid: l.customer.id,
        date: '2026-02-10',
        dueDate: '2026-03-10',
        currency: 'GBP',
        isDraft: false,
        products: [freeTextLine(l.sales, 100.01)],
      })
    ).invoice;
    expect(invoice).toMatchObject({ total: '100.01', exchangeRate: '1.3', baseTotal: '130.01' });
    const books = await balances();
    expect(Number(books['Accounts Receivable'])).toBe(130.01);
    const aged = await t.api.expect(200, 'POST', '/reports/aged-receivables?asOfDate=2026-02-28');
    expect(JSON.stringify(aged)).toContain('130.01');
  });

  it('refuses a foreign document dated before any rate for its currency', async () => {
    const response = await t.api.post('/invoices', {
      customerUuid: l.customer.id,
      date: '2025-12-31',
      dueDate: '2026-01-31',
      currency: 'GBP',
      isDraft: false,
      products: [freeTextLine(l.sales, 10)],
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('No exchange rate from GBP to USD');
    expect(t.sandbox.admin.counts()).toMatchObject({ invoices: 0 });
  });
});
