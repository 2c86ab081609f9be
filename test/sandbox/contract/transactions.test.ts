/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- contract tests assert on untyped JSON response bodies */
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

async function createTx(amount: number, extra: Record<string, unknown> = {}): Promise<ApiBody> {
  return (
    await t.api.expect(201, 'POST', '/transactions', {
      accountUuid: l.bank.id,
      amount,
      postedDate: '2026-02-01',
      ...extra,
    })
  ).transaction;
}

async function balances(): Promise<Record<string, string>> {
  const rows: ApiBody[] = (
    await t.api.expect(200, 'POST', '/reports/trial-balance?endDate=2099-12-31')
  ).rows;
  return Object.fromEntries(rows.map((row) => [row.accountName, row.balance]));
}

describe('transactions', () => {
  it('derives the type from the sign and journals against the uncategorized accounts until categorized', async () => {
    const income = await createTx(150.25, { description: 'Deposit' });
    const expense = await createTx(-40, { categoryAccountUuid: l.rent.id });
    expect(income).toMatchObject({
      type: 'INCOME',
      amount: '150.25',
      currency: 'USD',
      accountId: l.bank.id,
      categoryAccountId: null,
      billId: null,
      invoiceId: null,
      reviewed: false,
      excluded: false,
      split: false,
    });
    expect(expense).toMatchObject({
      type: 'EXPENSE',
      amount: '-40.00',
      categoryAccountId: l.rent.id,
    });
    expect(await balances()).toEqual({
      'Operating Bank': '110.25',
      'Uncategorized Income': '-150.25',
      Rent: '40.00',
    });
  });

  it('requires a bank or credit-card account and a non-zero amount', async () => {
    expect(
      (
        await t.api.post('/transactions', {
          accountUuid: l.rent.id,
          amount: 5,
          postedDate: '2026-02-01',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.api.post('/transactions', {
          accountUuid: l.bank.id,
          amount: 0,
          postedDate: '2026-02-01',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.api.post('/transactions', {
          accountUuid: l.bank.id,
          amount: '5.00',
          postedDate: '2026-02-01',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.api.post('/transactions', {
          accountUuid: l.bank.id,
          amount: 5.001,
          postedDate: '2026-02-01',
        })
      ).status,
    ).toBe(400);
  });

  it('bulk-creates with per-row results', async () => {
    const data = await t.api.expect(201, 'POST', '/transactions/bulk', {
      transactions: [
        { accountUuid: l.bank.id, amount: 1, postedDate: '2026-02-01' },
        { accountUuid: l.bank.id, amount: 1 },
      ],
    });
    expect(data.errorCount).toBe(1);
    expect(data.results[1]).toMatchObject({ index: 1, status: 'failed' });
  });

  it('updates with internal_only warnings for read-only fields like billId', async () => {
    const tx = await createTx(-10);
    const response = await t.api.patch(`/transactions/${tx.id}`, {
      description: 'Coffee',
      billId: '00000000-0000-4000-8000-000000000000',
      amout: 3,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.transaction).toMatchObject({ description: 'Coffee', billId: null });
    expect(response.body._partnerWarnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'billId', reason: 'internal_only' }),
        expect.objectContaining({ field: 'amout', reason: 'unknown_field' }),
      ]),
    );
  });

  it('changes category singly and in bulk, and uncategorizes with null', async () => {
    const a = await createTx(-10);
    const b = await createTx(-20);
    await t.api.expect(200, 'PATCH', `/transactions/${a.id}/change-category`, {
      categoryAccountUuid: l.rent.id,
    });
    expect(await balances()).toMatchObject({ Rent: '10.00', 'Uncategorized Expense': '20.00' });
    const bulk = await t.api.expect(201, 'PATCH', '/transactions/change-category-bulk', {
      transactions: [
        { uuid: b.id, categoryAccountUuid: l.rent.id },
        { uuid: a.id, categoryAccountUuid: null },
        { uuid: b.id, categoryAccountUuid: '00000000-0000-4000-8000-000000000000' },
      ],
    });
    expect(bulk.errorCount).toBe(1);
    expect(await balances()).toMatchObject({ Rent: '20.00', 'Uncategorized Expense': '10.00' });
  });

  it('sets reviewed in bulk and excludes by list or by date range (excluded rows leave the journal)', async () => {
    const a = await createTx(-10);
    const b = await createTx(-20, { postedDate: '2026-03-15' });
    const reviewed = await t.api.expect(201, 'POST', '/transactions/review-bulk', {
      transactionUuids: [a.id, b.id],
      reviewed: true,
    });
    expect(reviewed.errorCount).toBe(0);
    expect((await t.api.expect(200, 'GET', '/transactions?reviewed=true')).totalRecords).toBe(2);
    await t.api.expect(201, 'PATCH', '/transactions/exclude-bulk', {
      transactionUuids: [a.id],
      excluded: true,
    });
    expect(await balances()).toMatchObject({ 'Operating Bank': '-20.00' });
    const range = await t.api.expect(201, 'PATCH', '/transactions/exclude-bulk', {
      excluded: true,
      postedDateFrom: '2026-03-01',
      postedDateTo: '2026-03-31',
    });
    expect(range.results.map((r: ApiBody) => r.id)).toEqual([b.id]);
    expect((await t.api.expect(200, 'GET', '/transactions?excluded=true')).totalRecords).toBe(2);
    expect(
      (
        await t.api.patch('/transactions/exclude-bulk', {
          excluded: true,
          transactionUuids: Array.from({ length: 101 }, () => a.id),
        })
      ).status,
    ).toBe(400);
  });

  it('assigns to invoices with a partial paymentAmount that cannot exceed amountDue', async () => {
    const invoice = (
      await t.api.expect(201, 'POST', '/invoices', {
        customerUuid: l.customer.id,
        isDraft: false,
        date: '2026-01-05',
        dueDate: '2099-01-01',
        products: [freeTextLine(l.sales, 100)],
      })
    ).invoice;
    const tx = await createTx(150);
    expect(
      (
        await t.api.post(`/transactions/${tx.id}/assign-to-bills-invoices`, {
          matchingType: 'invoice',
          records: [invoice.id],
          paymentAmount: 100.01,
        })
      ).status,
    ).toBe(400);
    const data = await t.api.expect(
      200,
      'POST',
      `/transactions/${tx.id}/assign-to-bills-invoices`,
      { matchingType: 'invoice', records: [invoice.id], paymentAmount: 60 },
    );
    expect(data.transaction.invoiceId).toBe(invoice.id);
    expect((await t.api.expect(200, 'GET', `/invoices/${invoice.id}`)).invoice).toMatchObject({
      amountDue: '40.00',
      paymentStatus: 'partial',
    });
    expect(await balances()).toMatchObject({
      'Accounts Receivable': '40.00',
      'Operating Bank': '150.00',
      'Uncategorized Income': '-90.00',
    });
    const again = await t.api.post(`/transactions/${tx.id}/assign-to-bills-invoices`, {
      matchingType: 'invoice',
      records: [invoice.id],
    });
    expect(again.status).toBe(400);
    expect(
      (await t.api.expect(200, 'GET', '/transactions?status=notAttachedInvoice')).totalRecords,
    ).toBe(0);
  });

  it('pays several records in order and rejects credit memos and wrong directions', async () => {
    const line = freeTextLine(l.sales, 50);
    const make = async () =>
      (
        await t.api.expect(201, 'POST', '/invoices', {
          customerUuid: l.customer.id,
          isDraft: false,
          date: '2026-01-05',
          dueDate: '2099-01-01',
          products: [line],
        })
      ).invoice;
    const [first, second] = [await make(), await make()];
    const tx = await createTx(80);
    expect(
      (
        await t.api.post(`/transactions/${tx.id}/assign-to-bills-invoices`, {
          matchingType: 'invoice',
          records: [first.id, second.id],
          paymentAmount: 10,
        })
      ).status,
    ).toBe(400);
    await t.api.expect(200, 'POST', `/transactions/${tx.id}/assign-to-bills-invoices`, {
      matchingType: 'invoice',
      records: [first.id, second.id],
    });
    expect((await t.api.expect(200, 'GET', `/invoices/${first.id}`)).invoice.amountDue).toBe(
      '0.00',
    );
    expect((await t.api.expect(200, 'GET', `/invoices/${second.id}`)).invoice.amountDue).toBe(
      '20.00',
    );
    const memo = (
      await t.api.expect(201, 'POST', '/invoices', {
        invoiceType: 'memo',
        isDraft: false,
        customerUuid: l.customer.id,
        date: '2026-01-05',
        products: [line],
      })
    ).invoice;
    const other = await createTx(5);
    expect(
      (
        await t.api.post(`/transactions/${other.id}/assign-to-bills-invoices`, {
          matchingType: 'invoice',
          records: [memo.id],
        })
      ).status,
    ).toBe(400);
    const expense = await createTx(-5);
    expect(
      (
        await t.api.post(`/transactions/${expense.id}/assign-to-bills-invoices`, {
          matchingType: 'invoice',
          records: [second.id],
        })
      ).status,
    ).toBe(400);
  });

  it('splits an unassigned transaction into child rows that carry the journal', async () => {
    const tx = await createTx(-100);
    expect(
      (
        await t.api.put(`/transactions/${tx.id}/split`, {
          splits: [{ amount: -60 }, { amount: -30 }],
        })
      ).status,
    ).toBe(400);
    const data = await t.api.expect(200, 'PUT', `/transactions/${tx.id}/split`, {
      splits: [
        { amount: -60, description: 'Rent part', categoryAccountUuid: l.rent.id },
        { amount: -40, description: 'Other part' },
      ],
    });
    expect(data.transaction.split).toBe(true);
    expect(data.transactions.map((c: ApiBody) => [c.amount, c.parentId])).toEqual([
      ['-60.00', tx.id],
      ['-40.00', tx.id],
    ]);
    expect(await balances()).toEqual({
      'Operating Bank': '-100.00',
      Rent: '60.00',
      'Uncategorized Expense': '40.00',
    });
    expect(
      (
        await t.api.put(`/transactions/${tx.id}/split`, {
          splits: [{ amount: -50 }, { amount: -50 }],
        })
      ).status,
    ).toBe(400);
    expect((await t.api.delete(`/transactions/${data.transactions[0].id}`)).status).toBe(400);
    await t.api.expect(200, 'DELETE', `/transactions/${tx.id}`);
    expect(await balances()).toEqual({});
  });

  it('lists newest first with the spec filters and rejects legacy numeric filters', async () => {
    const card = await createAccount(t.api, 'Card', SUB_TYPE.creditCard);
    const older = await createTx(-1, { postedDate: '2026-01-01' });
    const newer = await createTx(2, { postedDate: '2026-03-01' });
    const onCard = await createTx(-3, {
      accountUuid: card.id,
      postedDate: '2026-02-01',
      vendorUuid: l.vendor.id,
    });
    const all = await t.api.expect(200, 'GET', '/transactions');
    expect(all.transactions.map((x: ApiBody) => x.id)).toEqual([newer.id, onCard.id, older.id]);
    expect(
      (await t.api.expect(200, 'GET', '/transactions?transactionTypes=Expense')).totalRecords,
    ).toBe(2);
    expect((await t.api.expect(200, 'GET', '/transactions?type=Income')).totalRecords).toBe(1);
    expect(
      (await t.api.expect(200, 'GET', `/transactions?accUuid=${card.id}`)).transactions[0].id,
    ).toBe(onCard.id);
    expect(
      (await t.api.expect(200, 'GET', `/transactions?accountUuid=${l.bank.id}`)).totalRecords,
    ).toBe(2);
    expect(
      (await t.api.expect(200, 'GET', `/transactions?vendorUuid=${l.vendor.id}`)).totalRecords,
    ).toBe(1);
    for (const legacy of ['accountId=1', 'vendorId=2', 'categoryAccountId=3', 'customerId=4']) {
      expect((await t.api.get(`/transactions?${legacy}`)).status).toBe(400);
    }
    expect((await t.api.get('/transactions?vendorUuid=17')).status).toBe(400);
    expect((await t.api.get('/transactions?transactionTypes=Refund')).status).toBe(400);
  });
});
