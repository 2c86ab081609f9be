/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- contract tests assert on untyped JSON response bodies */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiBody } from '../support/client.js';
import { authorize, startTestSandbox, WORKSPACE_ID, type TestSandbox } from '../support/harness.js';
import {
  basicLedger,
  type BasicLedger,
  createAccount,
  SUB_TYPE,
} from '../support/ledger-fixtures.js';

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

function billBody(extra: Record<string, unknown> = {}) {
  return {
    vendorUuid: l.vendor.id,
    date: '2026-01-03',
    dueDate: '2099-02-02',
    lineItems: [
      { description: 'January rent', quantity: 1, price: 1200, categoryAccountUuid: l.rent.id },
    ],
    ...extra,
  };
}

async function createBill(extra: Record<string, unknown> = {}): Promise<ApiBody> {
  return (await t.api.expect(201, 'POST', '/bills', billBody(extra))).bill;
}

async function balances(): Promise<Record<string, string>> {
  const rows: ApiBody[] = (
    await t.api.expect(200, 'POST', '/reports/trial-balance?endDate=2099-12-31')
  ).rows;
  return Object.fromEntries(rows.map((row) => [row.accountName, row.balance]));
}

async function expense(amount: number, accountUuid = l.bank.id): Promise<ApiBody> {
  return (
    await t.api.expect(201, 'POST', '/transactions', {
      accountUuid,
      amount,
      postedDate: '2026-01-25',
    })
  ).transaction;
}

describe('bills: state machine', () => {
  it('creates an unposted draft, submits (accrual posted) and approves', async () => {
    const bill = await createBill();
    expect(bill).toMatchObject({
      approvalStatus: 'draft',
      status: 'draft',
      total: '1200.00',
      paidAmount: '0.00',
      amountDue: '1200.00',
      isDeleted: false,
      billType: 'bill',
      vendor: { id: l.vendor.id, name: 'Landlord LLC' },
    });
    expect(bill.lineItems[0]).toMatchObject({
      price: 1200,
      quantity: 1,
      total: '1200.00',
      categoryAccountUuid: l.rent.id,
    });
    expect(await balances()).toEqual({});
    expect((await t.api.expect(200, 'POST', `/bills/${bill.id}/submit`)).bill.approvalStatus).toBe(
      'submitted',
    );
    expect(await balances()).toEqual({ Rent: '1200.00', 'Accounts Payable': '-1200.00' });
    expect((await t.api.post(`/bills/${bill.id}/submit`)).status).toBe(400);
    expect((await t.api.expect(200, 'POST', `/bills/${bill.id}/approve`)).bill).toMatchObject({
      approvalStatus: 'approved',
      status: 'unpaid',
    });
    expect(await balances()).toEqual({ Rent: '1200.00', 'Accounts Payable': '-1200.00' });
    expect((await t.api.post(`/bills/${bill.id}/approve`)).status).toBe(400);
  });

  it('posts A/P journals at once when created approved (migrations)', async () => {
    await createBill({ approvalStatus: 'approved' });
    expect(await balances()).toEqual({ Rent: '1200.00', 'Accounts Payable': '-1200.00' });
    expect((await t.api.post('/bills', billBody({ approvalStatus: 'submitted' }))).status).toBe(
      400,
    );
  });

  it('rejects numeric legacy spellings in bodies and list filters with 400', async () => {
    for (const legacy of [{ vendorId: 12 }, { tags: [1, 2] }, { projectId: 3 }]) {
      expect((await t.api.post('/bills', billBody(legacy))).status).toBe(400);
    }
    const line = { description: 'x', price: 1, categoryAccountId: 44 };
    const response = await t.api.post('/bills', billBody({ lineItems: [line] }));
    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: ApiBody) => e.field)).toContain(
      'lineItems[0].categoryAccountId',
    );
    expect((await t.api.get('/bills?vendors=1,2')).status).toBe(400);
    expect((await t.api.get('/bills?vendorUuids=17')).status).toBe(400);
    const bill = await createBill();
    expect((await t.api.patch(`/bills/${bill.id}`, { vendorId: 12 })).status).toBe(400);
  });

  it('generates bill numbers and keeps them unique per vendor and bill type (R18)', async () => {
    expect((await createBill()).billNumber).toBe('BILL-0001');
    await createBill({ billNumber: 'L-100' });
    expect((await t.api.post('/bills', billBody({ billNumber: 'L-100' }))).status).toBe(400);
    await createBill({ billNumber: 'L-100', billType: 'vendor_memo', dueDate: null });
    const other = (await t.api.expect(201, 'POST', '/vendors', { name: 'Second Vendor' })).vendor;
    await createBill({ billNumber: 'L-100', vendorUuid: other.id });
    const deleted = await createBill({ billNumber: 'L-200' });
    await t.api.expect(200, 'DELETE', `/bills/${deleted.id}`);
    await createBill({ billNumber: 'L-200' });
  });

  it('filters by billType and vendorUuids', async () => {
    const other = (await t.api.expect(201, 'POST', '/vendors', { name: 'Utility Co' })).vendor;
    await createBill();
    await createBill({ vendorUuid: other.id });
    await createBill({ billType: 'vendor_memo', dueDate: null });
    expect((await t.api.expect(200, 'GET', `/bills?vendorUuids=${other.id}`)).totalRecords).toBe(1);
    expect(
      (await t.api.expect(200, 'GET', `/bills?vendorUuids=${other.id},${l.vendor.id}`))
        .totalRecords,
    ).toBe(3);
    expect(
      (await t.api.expect(200, 'GET', '/bills?billType=vendor_memo')).bills[0].billNumber,
    ).toBe('VM-0001');
  });

  it('updates drafts, allows only notes-like fields on approved bills', async () => {
    const bill = await createBill();
    const updated = (
      await t.api.expect(200, 'PATCH', `/bills/${bill.id}`, {
        lineItems: [
          { description: 'Rent', quantity: 2, price: 650.5, categoryAccountUuid: l.rent.id },
        ],
      })
    ).bill;
    expect(updated.total).toBe('1301.00');
    await t.api.expect(200, 'POST', `/bills/${bill.id}/approve`);
    expect((await t.api.patch(`/bills/${bill.id}`, { date: '2026-01-04' })).status).toBe(400);
    expect((await t.api.patch(`/bills/${bill.id}`, { lineItems: [] })).status).toBe(400);
    expect(
      (await t.api.expect(200, 'PATCH', `/bills/${bill.id}`, { notes: 'Paid by standing order' }))
        .bill.notes,
    ).toBe('Paid by standing order');
  });

  it('soft-deletes drafts; GET still returns the deleted row; posted bills cannot be deleted', async () => {
    const draft = await createBill();
    await t.api.expect(200, 'DELETE', `/bills/${draft.id}`);
    expect((await t.api.expect(200, 'GET', `/bills/${draft.id}`)).bill.isDeleted).toBe(true);
    expect((await t.api.expect(200, 'GET', '/bills')).totalRecords).toBe(0);
    expect((await t.api.post(`/bills/${draft.id}/submit`)).status).toBe(400);
    const approved = await createBill({ approvalStatus: 'approved' });
    expect((await t.api.delete(`/bills/${approved.id}`)).status).toBe(400);
  });
});

describe('bills: payments', () => {
  it('assigns whole expense transactions, partly then fully, and unassigns them', async () => {
    const bill = await createBill({ approvalStatus: 'approved' });
    const first = await expense(-200);
    const paid = (
      await t.api.expect(200, 'POST', `/bills/${bill.id}/assign-transaction`, {
        transactionUuids: [first.id],
      })
    ).bill;
    expect(paid).toMatchObject({ paidAmount: '200.00', amountDue: '1000.00', status: 'partial' });
    expect(paid.transactions).toEqual([
      { transactionUuid: first.id, amount: '200.00', date: '2026-01-25' },
    ]);
    expect((await t.api.expect(200, 'GET', `/transactions/${first.id}`)).transaction.billId).toBe(
      bill.id,
    );
    const tooBig = await expense(-1001);
    expect(
      (await t.api.post(`/bills/${bill.id}/assign-transaction`, { transactionUuids: [tooBig.id] }))
        .status,
    ).toBe(400);
    const income = (
      await t.api.expect(201, 'POST', '/transactions', {
        accountUuid: l.bank.id,
        amount: 5,
        postedDate: '2026-01-25',
      })
    ).transaction;
    expect(
      (await t.api.post(`/bills/${bill.id}/assign-transaction`, { transactionUuids: [income.id] }))
        .status,
    ).toBe(400);
    const rest = await expense(-1000);
    expect(
      (
        await t.api.expect(200, 'POST', `/bills/${bill.id}/assign-transaction`, {
          transactionUuids: [rest.id],
        })
      ).bill.status,
    ).toBe('paid');
    expect(await balances()).toMatchObject({ 'Accounts Payable': '0.00', Rent: '1200.00' });
    expect((await t.api.delete(`/bills/${bill.id}`)).status).toBe(400);
    await t.api.expect(200, 'POST', `/bills/${bill.id}/unassign-transaction`, {
      transactionUuid: rest.id,
    });
    expect((await t.api.expect(200, 'GET', `/bills/${bill.id}`)).bill).toMatchObject({
      paidAmount: '200.00',
      amountDue: '1000.00',
    });
    expect(
      (await t.api.expect(200, 'GET', `/transactions/${rest.id}`)).transaction.billId,
    ).toBeNull();
  });

  it('refuses payments on drafts', async () => {
    const bill = await createBill();
    const tx = await expense(-10);
    expect(
      (await t.api.post(`/bills/${bill.id}/assign-transaction`, { transactionUuids: [tx.id] }))
        .status,
    ).toBe(400);
  });

  it('applies approved vendor memos of the same vendor within their balance', async () => {
    const bill = await createBill({ approvalStatus: 'approved' });
    const memo = await createBill({
      billType: 'vendor_memo',
      dueDate: null,
      approvalStatus: 'approved',
      lineItems: [{ description: 'Refund', price: 300, categoryAccountUuid: l.rent.id }],
    });
    expect(await balances()).toMatchObject({ 'Accounts Payable': '-900.00', Rent: '900.00' });
    expect(
      (
        await t.api.post(`/bills/${bill.id}/apply-vendor-memos`, {
          memos: [{ memoUuid: memo.id, amount: 301 }],
        })
      ).status,
    ).toBe(400);
    const applied = (
      await t.api.expect(200, 'POST', `/bills/${bill.id}/apply-vendor-memos`, {
        memos: [{ memoUuid: memo.id, amount: 300 }],
      })
    ).bill;
    expect(applied).toMatchObject({
      paidAmount: '300.00',
      amountDue: '900.00',
      appliedVendorMemos: [{ memoUuid: memo.id, amount: '300.00' }],
    });
    expect((await t.api.expect(200, 'GET', `/bills/${memo.id}`)).bill.amountDue).toBe('0.00');
    const other = (await t.api.expect(201, 'POST', '/vendors', { name: 'Other' })).vendor;
    const foreignMemo = await createBill({
      vendorUuid: other.id,
      billType: 'vendor_memo',
      dueDate: null,
      approvalStatus: 'approved',
    });
    expect(
      (
        await t.api.post(`/bills/${bill.id}/apply-vendor-memos`, {
          memos: [{ memoUuid: foreignMemo.id, amount: 1 }],
        })
      ).status,
    ).toBe(400);
  });

  it('pays a foreign-currency bill only through assign-to-bills-invoices, partially', async () => {
    t.sandbox.admin.setExchangeRates(WORKSPACE_ID, [
      { currency: 'EUR', from: '2026-01-01', rate: '1.1' },
    ]);
    const euroBank = await createAccount(t.api, 'EUR Bank', SUB_TYPE.cashAndBank, {
      currency: 'EUR',
    });
    const bill = await createBill({ currency: 'EUR', approvalStatus: 'approved' });
    const tx = await expense(-500, euroBank.id);
    expect(
      (await t.api.post(`/bills/${bill.id}/assign-transaction`, { transactionUuids: [tx.id] }))
        .status,
    ).toBe(400);
    const usd = await expense(-500);
    expect(
      (
        await t.api.post(`/transactions/${usd.id}/assign-to-bills-invoices`, {
          matchingType: 'bill',
          records: [bill.id],
        })
      ).status,
    ).toBe(400);
    const over = await t.api.post(`/transactions/${tx.id}/assign-to-bills-invoices`, {
      matchingType: 'bill',
      records: [bill.id],
      paymentAmount: 1200.01,
    });
    expect(over.status).toBe(400);
    await t.api.expect(200, 'POST', `/transactions/${tx.id}/assign-to-bills-invoices`, {
      matchingType: 'bill',
      records: [bill.id],
      paymentAmount: 450,
    });
    expect((await t.api.expect(200, 'GET', `/bills/${bill.id}`)).bill).toMatchObject({
      paidAmount: '450.00',
      amountDue: '750.00',
      status: 'partial',
    });
  });
});
