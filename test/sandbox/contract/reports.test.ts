/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-argument -- contract tests assert on untyped JSON response bodies */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiBody } from '../support/client.js';
import { startTestSandbox, type TestSandbox } from '../support/harness.js';
import { createAccount, freeTextLine, SUB_TYPE } from '../support/ledger-fixtures.js';

/**
 * A hand-written ledger: opening balance at 2025-12-31, then January 2026 invoices, a credit memo,
 * bills, payments and a categorized bank expense. Every expected figure below was computed by hand:
 *
 *   Bank       10,000.00 + 1,200.00 - 1,500.00 - 45.10      =  9,654.90 Dr
 *   Equipment   2,500.00                                    =  2,500.00 Dr
 *   AR          1,200.00 + 850.50 - 100.00 - 1,200.00        =    750.50 Dr
 *   AP          2,000.00 + 246.90 - 1,500.00                 =    746.90 Cr
 *   Capital    12,500.00                                    = 12,500.00 Cr
 *   Sales       1,200.00 + 850.50 - 100.00                  =  1,950.50 Cr
 *   Rent        2,000.00                                    =  2,000.00 Dr
 *   Supplies      246.90 + 45.10                            =    292.00 Dr
 *   Debits 15,197.40 = Credits 15,197.40
 */
let t: TestSandbox;
let ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestSandbox();
  const api = t.api;
  const bank = await createAccount(api, 'Bank', SUB_TYPE.cashAndBank);
  const equipment = await createAccount(api, 'Equipment', 6);
  const capital = await createAccount(api, 'Capital', SUB_TYPE.ownersEquity);
  const sales = await createAccount(api, 'Sales', SUB_TYPE.revenue);
  const rent = await createAccount(api, 'Rent', SUB_TYPE.operatingExpenses);
  const supplies = await createAccount(api, 'Supplies', SUB_TYPE.operatingExpenses);
  const customer = (await api.expect(201, 'POST', '/customers', { customer: 'Acme Ltd' })).customer;
  const vendor = (await api.expect(201, 'POST', '/vendors', { name: 'Landlord LLC' })).vendor;
  await api.expect(200, 'PATCH', '/workspace', { cutoverDate: '2025-12-31' });
  await api.expect(201, 'POST', '/opening-balance', {
    rows: [
      { accountUuid: bank.id, debit: '10000.00', credit: '0' },
      { accountUuid: equipment.id, debit: '2500.00', credit: '0' },
      { accountUuid: capital.id, debit: '0', credit: '12500.00' },
    ],
  });
  const invoice = (date: string, dueDate: string, line: unknown) =>
    api.expect(201, 'POST', '/invoices', {
      customerUuid: customer.id,
      isDraft: false,
      date,
      dueDate,
      products: [line],
    });
  const inv1 = (await invoice('2026-01-05', '2026-02-04', freeTextLine(sales, 400, 3))).invoice;
  const inv2 = (await invoice('2026-01-10', '2026-01-25', freeTextLine(sales, 850.5))).invoice;
  const memo = (
    await api.expect(201, 'POST', '/invoices', {
      invoiceType: 'memo',
      isDraft: false,
      customerUuid: customer.id,
      date: '2026-01-12',
      products: [freeTextLine(sales, 100)],
    })
  ).invoice;
  await api.expect(200, 'PATCH', `/invoices/${memo.id}/apply-credit-to-multiple-invoices`, {
    invoices: [{ id: inv2.id, amount: 100 }],
  });
  const receipt = (
    await api.expect(201, 'POST', '/transactions', {
      accountUuid: bank.id,
      amount: 1200,
      postedDate: '2026-01-20',
    })
  ).transaction;
  await api.expect(200, 'POST', `/transactions/${receipt.id}/assign-to-bills-invoices`, {
    matchingType: 'invoice',
    records: [inv1.id],
  });
  const bill = (date: string, dueDate: string, line: unknown) =>
    api.expect(201, 'POST', '/bills', {
      vendorUuid: vendor.id,
      approvalStatus: 'approved',
      date,
      dueDate,
      lineItems: [line],
    });
  const bill1 = (
    await bill('2026-01-02', '2026-01-31', {
      description: 'Rent',
      price: 2000,
      categoryAccountUuid: rent.id,
    })
  ).bill;
  const bill2 = (
    await bill('2026-01-15', '2026-02-14', {
      description: 'Paper',
      quantity: 2,
      price: 123.45,
      categoryAccountUuid: supplies.id,
    })
  ).bill;
  const payment = (
    await api.expect(201, 'POST', '/transactions', {
      accountUuid: bank.id,
      amount: -1500,
      postedDate: '2026-01-28',
    })
  ).transaction;
  await api.expect(200, 'POST', `/bills/${bill1.id}/assign-transaction`, {
    transactionUuids: [payment.id],
  });
  await api.expect(201, 'POST', '/transactions', {
    accountUuid: bank.id,
    amount: -45.1,
    postedDate: '2026-01-30',
    categoryAccountUuid: supplies.id,
  });
  ids = {
    bank: bank.id,
    inv1: inv1.id,
    inv2: inv2.id,
    bill1: bill1.id,
    bill2: bill2.id,
    sales: sales.id,
  };
});
afterAll(() => t.close());

const report = async (path: string): Promise<ApiBody> =>
  t.api.expect(200, 'POST', `/reports/${path}`);

describe('reports, computed from the journal', () => {
  it('trial balance: debits equal credits and every row matches the hand computation', async () => {
    const tb = await report('trial-balance?endDate=2026-01-31');
    expect(tb).toMatchObject({ currency: 'USD', startDate: '2026-01-01', endDate: '2026-01-31' });
    const rows = Object.fromEntries(
      tb.rows.map((r: ApiBody) => [r.accountName, [r.debit, r.credit]]),
    );
    expect(rows).toEqual({
      Bank: ['9654.90', '0.00'],
      Equipment: ['2500.00', '0.00'],
      'Accounts Receivable': ['750.50', '0.00'],
      'Accounts Payable': ['0.00', '746.90'],
      Capital: ['0.00', '12500.00'],
      Sales: ['0.00', '1950.50'],
      Rent: ['2000.00', '0.00'],
      Supplies: ['292.00', '0.00'],
    });
    expect(tb.totals).toEqual({ debit: '15197.40', credit: '15197.40' });
    expect(tb.rows[0]).toMatchObject({
      accountType: 'Assets',
      accountUuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('profit and loss: revenue positive, expenses negative, net profit the algebraic sum', async () => {
    const pnl = await report('pnl?startDate=2026-01-01&endDate=2026-01-31');
    expect(Object.fromEntries(pnl.rows.map((r: ApiBody) => [r.accountName, r.amount]))).toEqual({
      Sales: '1950.50',
      Rent: '-2000.00',
      Supplies: '-292.00',
    });
    expect(pnl.totals).toEqual({ income: '1950.50', expenses: '-2292.00', netProfit: '-341.50' });
  });

  it('balance sheet: assets equal liabilities plus equity including net income', async () => {
    const sheet = await report('balance-sheet?endDate=2026-01-31');
    expect(sheet.totals).toEqual({
      assets: '12905.40',
      liabilities: '746.90',
      equity: '12158.50',
      liabilitiesAndEquity: '12905.40',
    });
    const equity = sheet.sections.find((s: ApiBody) => s.name === 'Equity');
    expect(equity.accounts).toEqual(
      expect.arrayContaining([
        { accountUuid: null, accountName: 'Net Income', balance: '-341.50' },
      ]),
    );
  });

  it('aged receivables: buckets, summaries and a zero reconciliation difference', async () => {
    const aging = await report('aged-receivables?asOfDate=2026-01-31');
    expect(aging.rows).toHaveLength(1);
    expect(aging.rows[0]).toMatchObject({
      documentUuid: ids.inv2,
      amountDue: '750.50',
      daysOverdue: 6,
      bucket: '1-30',
      counterpartyName: 'Acme Ltd',
    });
    expect(aging.totals).toMatchObject({ '1-30': '750.50', total: '750.50', current: '0.00' });
    expect(aging.summaries[0]).toMatchObject({ counterpartyName: 'Acme Ltd', total: '750.50' });
    expect(aging.reconciliation).toEqual({
      controlAccountBalance: '750.50',
      agingTotal: '750.50',
      difference: '0.00',
    });
    const early = await report('aged-receivables?asOfDate=2026-01-11');
    expect(early.totals.total).toBe('2050.50');
    expect(early.reconciliation.difference).toBe('0.00');
  });

  it('aged payables: what is owed ages by due date and reconciles with Accounts Payable', async () => {
    const aging = await report('aged-payables?asOfDate=2026-01-31');
    expect(aging.reconciliation).toEqual({
      controlAccountBalance: '746.90',
      agingTotal: '746.90',
      difference: '0.00',
    });
    const later = await report('aged-payables?asOfDate=2026-03-05');
    const buckets = Object.fromEntries(
      later.rows.map((r: ApiBody) => [r.documentUuid, [r.amountDue, r.bucket]]),
    );
    expect(buckets).toEqual({
      [ids.bill1!]: ['500.00', '31-60'],
      [ids.bill2!]: ['246.90', '1-30'],
    });
  });

  it('account transactions: opening, running and ending balances per account', async () => {
    const data = await report(
      `account-transactions?startDate=2026-01-01&endDate=2026-01-31&accountUuids=${ids.bank}`,
    );
    expect(data.accounts).toHaveLength(1);
    const bank = data.accounts[0];
    expect(bank).toMatchObject({
      accountName: 'Bank',
      openingBalance: '10000.00',
      endingBalance: '9654.90',
    });
    expect(
      bank.lines.map((line: ApiBody) => [line.date, line.debit, line.credit, line.runningBalance]),
    ).toEqual([
      ['2026-01-20', '1200.00', '0.00', '11200.00'],
      ['2026-01-28', '0.00', '1500.00', '9700.00'],
      ['2026-01-30', '0.00', '45.10', '9654.90'],
    ]);
    const unreviewed = await report(
      `account-transactions?startDate=2026-01-01&endDate=2026-01-31&accountUuids=${ids.bank}&transactionStatus=reviewed`,
    );
    expect(unreviewed.accounts[0].lines).toEqual([]);
  });

  it('sales by customer and by product from posted documents', async () => {
    const byCustomer = await report('sales-by-customer?startDate=2026-01-01&endDate=2026-01-31');
    expect(byCustomer.rows).toEqual([
      expect.objectContaining({ customerName: 'Acme Ltd', amount: '1950.50', documentCount: 3 }),
    ]);
    const byProduct = await report(
      'sales-by-product-service?startDate=2026-01-01&endDate=2026-01-31',
    );
    expect(byProduct.totals.amount).toBe('1950.50');
  });

  it('validates report parameters: required dates, UUID filters, enums, and no body', async () => {
    expect((await t.api.post('/reports/trial-balance')).status).toBe(400);
    expect((await t.api.post('/reports/pnl?endDate=2026-01-31')).status).toBe(400);
    expect((await t.api.post('/reports/aged-receivables')).status).toBe(400);
    expect(
      (
        await t.api.post(
          '/reports/account-transactions?startDate=2026-01-01&endDate=2026-01-31&accountUuids=12,13',
        )
      ).status,
    ).toBe(400);
    expect(
      (await t.api.post('/reports/trial-balance?endDate=2026-01-31&transactionStatus=done')).status,
    ).toBe(400);
    expect((await t.api.post('/reports/trial-balance?endDate=2026-13-01')).status).toBe(400);
    expect((await t.api.post('/reports/pnl?startDate=2026-02-01&endDate=2026-01-31')).status).toBe(
      400,
    );
  });
});
