/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return -- contract tests assert on untyped JSON response bodies */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiBody } from '../support/client.js';
import { authorize, startTestSandbox, type TestSandbox } from '../support/harness.js';
import {
  basicLedger,
  type BasicLedger,
  createAccount,
  freeTextLine,
  SUB_TYPE,
} from '../support/ledger-fixtures.js';

/**
 * The reversal rules an undo lives by (issue 18; docs/sandbox.md, "Reversal rules"): what the API
 * refuses, and that each allowed reversal moves the books back — trial balance and aging — to where
 * they were before the records existed.
 */

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
});

const AS_OF = '2099-12-31';

/** Trial balance as account name to balance, accounts at zero left out (none and zero are alike). */
async function balances(): Promise<Record<string, string>> {
  const rows: ApiBody[] = (
    await t.api.expect(200, 'POST', `/reports/trial-balance?endDate=${AS_OF}`)
  ).rows;
  return Object.fromEntries(
    rows.filter((row) => Number(row.balance) !== 0).map((row) => [row.accountName, row.balance]),
  );
}

/** The aging report's open documents (number to amountDue) and its total. */
async function aging(report: 'aged-receivables' | 'aged-payables') {
  const data = await t.api.expect(200, 'POST', `/reports/${report}?asOfDate=${AS_OF}`);
  const open = Object.fromEntries(
    (data.rows as ApiBody[]).map((row) => [row.documentNumber, row.amountDue]),
  );
  return { open, total: data.totals.total };
}

async function bankTransaction(amount: number, extra: Record<string, unknown> = {}) {
  const body = { accountUuid: l.bank.id, amount, postedDate: '2026-01-20', ...extra };
  return (await t.api.expect(201, 'POST', '/transactions', body)).transaction;
}

async function postedInvoice(amount: number): Promise<ApiBody> {
  const body = {
    customerUuid: l.customer.id,
    date: '2026-01-05',
    dueDate: '2026-02-04',
    isDraft: false,
    products: [freeTextLine(l.sales, amount)],
  };
  return (await t.api.expect(201, 'POST', '/invoices', body)).invoice;
}

async function approvedBill(amount: number): Promise<ApiBody> {
  const body = {
    vendorUuid: l.vendor.id,
    date: '2026-01-03',
    dueDate: '2026-02-02',
    approvalStatus: 'approved',
    lineItems: [
      { description: 'Rent', quantity: 1, price: amount, categoryAccountUuid: l.rent.id },
    ],
  };
  return (await t.api.expect(201, 'POST', '/bills', body)).bill;
}

function expectRefused(response: { status: number; body: ApiBody }, message: RegExp): void {
  expect(response.status).toBe(400);
  expect(response.body.message).toMatch(message);
}

describe('reversals: invoices', () => {
  it('refuses to delete a posted invoice; a paid one is undone by unassign, delete and a credit memo', async () => {
    const before = { balances: await balances(), aging: await aging('aged-receivables') };
    const invoice = await postedInvoice(100);
    const payment = await bankTransaction(60);
    await t.api.expect(200, 'POST', `/transactions/${payment.id}/assign-to-bills-invoices`, {
      matchingType: 'invoice',
      records: [invoice.id],
    });

    expectRefused(await t.api.delete(`/invoices/${invoice.id}`), /Only drafts/);
    expectRefused(await t.api.delete(`/transactions/${payment.id}`), /unassign it first/);

    const unassigned = await t.api.expect(
      200,
      'PATCH',
      `/invoices/${invoice.id}/remove-transaction`,
      { transactionUuid: payment.id },
    );
    expect(unassigned.invoice.amountDue).toBe('100.00');
    expect(await balances()).toEqual({
      'Accounts Receivable': '100.00',
      Sales: '-100.00',
      'Operating Bank': '60.00',
      'Uncategorized Income': '-60.00',
    });
    await t.api.expect(200, 'DELETE', `/transactions/${payment.id}`);
    expect((await t.api.get(`/transactions/${payment.id}`)).status).toBe(404);
    expect(await balances()).toEqual({ 'Accounts Receivable': '100.00', Sales: '-100.00' });

    const memo = (
      await t.api.expect(201, 'POST', '/invoices', {
        invoiceType: 'memo',
        isDraft: false,
        customerUuid: l.customer.id,
        date: '2026-01-05',
        products: [freeTextLine(l.sales, 100)],
        appliedToInvoiceUuid: invoice.id,
      })
    ).invoice;
    expect((await aging('aged-receivables')).total).toBe('0.00');
    const applied = await t.api.expect(
      200,
      'PATCH',
      `/invoices/${memo.id}/apply-credit-to-multiple-invoices`,
      { invoices: [{ id: invoice.id, amount: 100 }] },
    );
    expect(applied.invoice.amountDue).toBe('0.00');
    expect((await t.api.expect(200, 'GET', `/invoices/${invoice.id}`)).invoice).toMatchObject({
      amountDue: '0.00',
      paymentStatus: 'paid',
    });
    expect(await balances()).toEqual(before.balances);
    expect(await aging('aged-receivables')).toEqual(before.aging);
    expectRefused(await t.api.delete(`/invoices/${memo.id}`), /Only drafts/);
  });

  it('deletes a draft invoice, which never reached the ledger', async () => {
    const before = await balances();
    const draft = (
      await t.api.expect(201, 'POST', '/invoices', {
        customerUuid: l.customer.id,
        date: '2026-01-05',
        dueDate: '2026-02-04',
        products: [freeTextLine(l.sales, 40)],
      })
    ).invoice;
    await t.api.expect(200, 'DELETE', `/invoices/${draft.id}`);
    expect((await t.api.get(`/invoices/${draft.id}`)).status).toBe(404);
    expect(await balances()).toEqual(before);
  });
});

describe('reversals: bills', () => {
  it('refuses to delete a paid or approved bill; a paid one is undone by unassign, delete and a vendor memo', async () => {
    const before = { balances: await balances(), aging: await aging('aged-payables') };
    const bill = await approvedBill(80);
    const payment = await bankTransaction(-50);
    await t.api.expect(200, 'POST', `/bills/${bill.id}/assign-transaction`, {
      transactionUuids: [payment.id],
    });

    expectRefused(await t.api.delete(`/bills/${bill.id}`), /payments cannot be deleted/);
    expectRefused(await t.api.delete(`/transactions/${payment.id}`), /unassign it first/);

    const unassigned = await t.api.expect(200, 'POST', `/bills/${bill.id}/unassign-transaction`, {
      transactionUuid: payment.id,
    });
    expect(unassigned.bill).toMatchObject({ amountDue: '80.00', paidAmount: '0.00' });
    expectRefused(await t.api.delete(`/bills/${bill.id}`), /Only draft bills/);
    await t.api.expect(200, 'DELETE', `/transactions/${payment.id}`);
    expect(await balances()).toEqual({ 'Accounts Payable': '-80.00', Rent: '80.00' });

    const memo = (
      await t.api.expect(201, 'POST', '/bills', {
        billType: 'vendor_memo',
        vendorUuid: l.vendor.id,
        date: '2026-01-03',
        approvalStatus: 'approved',
        notes: `Reverses ${bill.billNumber}`,
        lineItems: [
          { description: 'Rent', quantity: 1, price: 80, categoryAccountUuid: l.rent.id },
        ],
      })
    ).bill;
    expect((await aging('aged-payables')).total).toBe('0.00');
    const applied = await t.api.expect(200, 'POST', `/bills/${bill.id}/apply-vendor-memos`, {
      memos: [{ memoUuid: memo.id, amount: 80 }],
    });
    expect(applied.bill).toMatchObject({ amountDue: '0.00', status: 'paid' });
    expect(await balances()).toEqual(before.balances);
    expect(await aging('aged-payables')).toEqual(before.aging);
    expectRefused(await t.api.delete(`/bills/${memo.id}`), /cannot be deleted/);
  });
});

describe('reversals: customers and vendors', () => {
  it('refuses to delete a customer with documents, allows PATCH inactive, and deletes once they are gone', async () => {
    const customer = (await t.api.expect(201, 'POST', '/customers', { customer: 'Run Co' }))
      .customer;
    const draft = (
      await t.api.expect(201, 'POST', '/invoices', {
        customerUuid: customer.id,
        date: '2026-01-05',
        dueDate: '2026-02-04',
        products: [freeTextLine(l.sales, 10)],
      })
    ).invoice;
    const receipt = await bankTransaction(5, { customerUuid: customer.id });
    expectRefused(await t.api.delete(`/customers/${customer.id}`), /invoices, transactions/);

    const patched = await t.api.expect(200, 'PATCH', `/customers/${customer.id}`, {
      status: 'inactive',
    });
    expect(patched.customer.status).toBe('inactive');
    await t.api.expect(200, 'PATCH', `/customers/${customer.id}`, { status: 'active' });

    await t.api.expect(200, 'DELETE', `/invoices/${draft.id}`);
    expectRefused(await t.api.delete(`/customers/${customer.id}`), /transactions/);
    await t.api.expect(200, 'DELETE', `/transactions/${receipt.id}`);
    const deleted = await t.api.expect(200, 'DELETE', `/customers/${customer.id}`);
    expect(deleted.customer.status).toBe('inactive');
    expect((await t.api.expect(200, 'GET', `/customers/${customer.id}`)).customer.status).toBe(
      'inactive',
    );
  });

  it('soft-deletes a vendor to inactive and PATCH sets its status back', async () => {
    await approvedBill(10);
    const deleted = await t.api.expect(200, 'DELETE', `/vendors/${l.vendor.id}`);
    expect(deleted.vendor.status).toBe('inactive');
    const active = await t.api.expect(200, 'PATCH', `/vendors/${l.vendor.id}`, {
      status: 'active',
    });
    expect(active.vendor.status).toBe('active');
  });
});

describe('reversals: chart of accounts', () => {
  it('refuses to delete an account with activity (400 naming the delete block), allows inactive, deletes once the activity is gone', async () => {
    const till = await createAccount(t.api, 'Till', SUB_TYPE.cashAndBank);
    const sale = await bankTransaction(25, { accountUuid: till.id });
    const listed: ApiBody[] = (
      await t.api.expect(200, 'GET', '/chart-of-accounts?includeDeleteMeta=true&limit=100')
    ).accounts;
    expect(listed.find((account) => account.id === till.id)).toMatchObject({
      canDelete: false,
      deleteBlockedReason: 'HAS_JOURNAL_ENTRIES',
    });

    const refused = await t.api.delete(`/chart-of-accounts/${till.id}`);
    expectRefused(refused, /cannot be deleted/);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ field: 'uuid', reason: 'HAS_JOURNAL_ENTRIES' }),
    ]);

    const inactive = await t.api.expect(200, 'PATCH', `/chart-of-accounts/${till.id}`, {
      status: 'inactive',
    });
    expect(inactive.account.status).toBe('inactive');

    await t.api.expect(200, 'DELETE', `/transactions/${sale.id}`);
    await t.api.expect(200, 'DELETE', `/chart-of-accounts/${till.id}`);
    expect((await t.api.get(`/chart-of-accounts/${till.id}`)).status).toBe(404);
  });
});

describe('reversals: journal entries and the opening balance', () => {
  it('deletes a manual journal entry, reversing its journal; document journals are not entries', async () => {
    const before = await balances();
    const entry = (
      await t.api.expect(201, 'POST', '/journal-entries', {
        date: '2026-01-31',
        memo: 'Accrual',
        lines: [
          { accountUuid: l.rent.id, debit: 30, credit: 0 },
          { accountUuid: l.equity.id, debit: 0, credit: 30 },
        ],
      })
    ).journalEntry;
    expect(await balances()).toEqual({ ...before, Rent: '30.00', 'Owner Capital': '-30.00' });

    await t.api.expect(200, 'DELETE', `/journal-entries/${entry.id}`);
    expect(await balances()).toEqual(before);
    expect((await t.api.get(`/journal-entries/${entry.id}`)).status).toBe(404);
    expect((await t.api.expect(200, 'GET', '/journal-entries')).totalRecords).toBe(0);
    expect((await t.api.delete(`/journal-entries/${entry.id}`)).status).toBe(404);

    const invoice = await postedInvoice(15);
    const ledger = await t.api.expect(
      200,
      'POST',
      `/reports/account-transactions?startDate=2026-01-01&endDate=${AS_OF}&accountUuids=${l.sales.id}`,
    );
    const documentJournal: string = ledger.accounts[0].lines[0].journalEntryUuid;
    expect(documentJournal).toBeTruthy();
    expect((await t.api.delete(`/journal-entries/${documentJournal}`)).status).toBe(404);
    expect((await t.api.expect(200, 'GET', `/invoices/${invoice.id}`)).invoice.total).toBe('15.00');
    expect(await balances()).toMatchObject({ Sales: '-15.00' });
  });

  it('restores an earlier opening balance with replaceExisting', async () => {
    await t.api.expect(200, 'PATCH', '/workspace', { cutoverDate: '2025-12-31' });
    const earlier = [
      { accountUuid: l.bank.id, debit: '500.00', credit: '0.00' },
      { accountUuid: l.equity.id, debit: '0.00', credit: '500.00' },
    ];
    await t.api.expect(201, 'POST', '/opening-balance', { rows: earlier, replaceExisting: false });
    const before = await balances();
    await t.api.expect(201, 'POST', '/opening-balance', {
      rows: [
        { accountUuid: l.bank.id, debit: '900.00', credit: '0.00' },
        { accountUuid: l.equity.id, debit: '0.00', credit: '900.00' },
      ],
      replaceExisting: true,
    });
    expect((await balances())['Operating Bank']).toBe('900.00');

    await t.api.expect(201, 'POST', '/opening-balance', { rows: earlier, replaceExisting: true });
    expect(await balances()).toEqual(before);
    const state = (await t.api.expect(200, 'GET', '/opening-balance')).openingBalance;
    expect(state).toMatchObject({ status: 'published', cutoverDate: '2025-12-31' });
  });

  it('cannot take a published opening balance back to none; a swapped journal entry brings the trial balance back', async () => {
    const before = await balances();
    await t.api.expect(200, 'PATCH', '/workspace', { cutoverDate: '2025-12-31' });
    await t.api.expect(201, 'POST', '/opening-balance', {
      rows: [
        { accountUuid: l.bank.id, debit: '500.00', credit: '0.00' },
        { accountUuid: l.equity.id, debit: '0.00', credit: '500.00' },
      ],
    });
    expect((await t.api.post('/opening-balance', { rows: [], replaceExisting: true })).status).toBe(
      400,
    );
    await t.api.expect(201, 'POST', '/journal-entries', {
      date: '2025-12-31',
      memo: 'Reverses the opening balance',
      lines: [
        { accountUuid: l.bank.id, debit: 0, credit: 500 },
        { accountUuid: l.equity.id, debit: 500, credit: 0 },
      ],
    });
    expect(await balances()).toEqual(before);
  });
});
