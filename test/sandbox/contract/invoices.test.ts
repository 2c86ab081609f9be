/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- contract tests assert on untyped JSON response bodies */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiBody } from '../support/client.js';
import { authorize, startTestSandbox, type TestSandbox } from '../support/harness.js';
import {
  basicLedger,
  type BasicLedger,
  freeTextLine,
  systemAccount,
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

async function createInvoice(body: Record<string, unknown>): Promise<ApiBody> {
  return (
    await t.api.expect(201, 'POST', '/invoices', {
      customerUuid: l.customer.id,
      date: '2026-01-05',
      dueDate: '2026-02-04',
      ...body,
    })
  ).invoice;
}

async function balances(): Promise<Record<string, string>> {
  const rows: ApiBody[] = (
    await t.api.expect(200, 'POST', '/reports/trial-balance?endDate=2099-12-31')
  ).rows;
  return Object.fromEntries(rows.map((row) => [row.accountName, row.balance]));
}

async function incomeTransaction(amount: number): Promise<ApiBody> {
  return (
    await t.api.expect(201, 'POST', '/transactions', {
      accountUuid: l.bank.id,
      amount,
      postedDate: '2026-01-20',
    })
  ).transaction;
}

describe('invoices: create and line rules', () => {
  it('creates a draft by default, copies price from unitPrice and computes totals exactly', async () => {
    const invoice = await createInvoice({
      products: [
        freeTextLine(l.sales, 19.99, 3),
        { ...freeTextLine(l.sales, 0.125, 4), name: 'Fee' },
      ],
    });
    expect(invoice).toMatchObject({
      status: 'draft',
      isDraft: true,
      approved: false,
      invoiceType: 'invoice',
      subtotal: '60.47',
      total: '60.47',
      amountDue: '60.47',
      paymentStatus: 'unpaid',
      invoiceNumber: 'INV-0001',
    });
    expect(invoice.products[0]).toMatchObject({
      unitPrice: '19.99',
      price: '19.99',
      quantity: 3,
      amount: '59.97',
    });
    expect(invoice.products[0].productUuid).toBeUndefined();
    expect(await balances()).toEqual({});
  });

  it('requires categoryAccountUuid (an income account) and a name on a free-text line', async () => {
    const missing = await t.api.post('/invoices', {
      customerUuid: l.customer.id,
      date: '2026-01-05',
      dueDate: '2026-02-04',
      products: [{ name: 'X', unitPrice: 5 }],
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('products[0].categoryAccountUuid');
    const wrongType = await t.api.post('/invoices', {
      customerUuid: l.customer.id,
      date: '2026-01-05',
      dueDate: '2026-02-04',
      products: [freeTextLine(l.rent, 5)],
    });
    expect(wrongType.status).toBe(400);
    const noDue = await t.api.post('/invoices', {
      customerUuid: l.customer.id,
      date: '2026-01-05',
      products: [freeTextLine(l.sales, 5)],
    });
    expect(noDue.status).toBe(400);
  });

  it('reports unknown line fields and taxes in _partnerWarnings without applying them', async () => {
    const response = await t.api.post('/invoices', {
      customerUuid: l.customer.id,
      date: '2026-01-05',
      dueDate: '2026-02-04',
      products: [{ ...freeTextLine(l.sales, 10), colour: 'red', taxes: [{ rate: 5 }] }],
    });
    expect(response.status).toBe(201);
    expect(response.body._partnerWarnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'products[0].colour', reason: 'unknown_field' }),
        expect.objectContaining({ field: 'products[0].taxes', reason: 'unknown_field' }),
      ]),
    );
    expect(response.body.data.invoice.total).toBe('10.00');
  });

  it('creates inline customers and products once, then matches them by name', async () => {
    const body = {
      customer: { customer: 'Walk-in Co', email: 'w@example.com' },
      date: '2026-01-05',
      dueDate: '2026-02-04',
      products: [
        { product: { name: 'Gadget', price: 12.5 }, categoryAccountUuid: l.sales.id, quantity: 2 },
      ],
    };
    const first = (await t.api.expect(201, 'POST', '/invoices', body)).invoice;
    const second = (await t.api.expect(201, 'POST', '/invoices', body)).invoice;
    expect(first.customerUuid).toBe(second.customerUuid);
    expect(first.products[0].productUuid).toBe(second.products[0].productUuid);
    expect(first.total).toBe('25.00');
    expect(t.sandbox.admin.counts(t.sandbox.config.workspaces[0]!.id)).toMatchObject({
      customers: 2,
      products: 1,
    });
  });

  it('posts revenue journals in one step with isDraft false', async () => {
    const invoice = await createInvoice({ isDraft: false, products: [freeTextLine(l.sales, 100)] });
    expect(invoice).toMatchObject({ isDraft: false, approved: true, status: 'overdue' });
    expect(await balances()).toEqual({ 'Accounts Receivable': '100.00', Sales: '-100.00' });
  });

  it('generates numbers per type and rejects a duplicate number', async () => {
    expect((await t.api.expect(200, 'GET', '/invoices/generate/number')).invoiceNumber).toBe(
      'INV-0001',
    );
    await createInvoice({ products: [freeTextLine(l.sales, 1)] });
    expect(
      (await t.api.expect(200, 'GET', '/invoices/generate/number?invoiceType=invoice'))
        .invoiceNumber,
    ).toBe('INV-0002');
    expect(
      (await t.api.expect(200, 'GET', '/invoices/generate/number?invoiceType=memo')).invoiceNumber,
    ).toBe('CM-0001');
    await createInvoice({ invoiceNumber: 'LEG-77', products: [freeTextLine(l.sales, 1)] });
    const duplicate = await t.api.post('/invoices', {
      customerUuid: l.customer.id,
      invoiceNumber: 'LEG-77',
      date: '2026-01-05',
      dueDate: '2026-02-04',
      products: [],
    });
    expect(duplicate.status).toBe(400);
  });
});

describe('invoices: state machine', () => {
  it('approves a draft (journal posted), sends it, and refuses a second approval', async () => {
    const invoice = await createInvoice({
      dueDate: '2099-01-01',
      products: [freeTextLine(l.sales, 40)],
    });
    const approved = (
      await t.api.expect(200, 'PATCH', `/invoices/${invoice.id}/approve`, {
        skipJesOnboarding: true,
      })
    ).invoice;
    expect(approved).toMatchObject({
      status: 'unpaid',
      isDraft: false,
      approved: true,
      isSent: false,
    });
    expect(await balances()).toEqual({ 'Accounts Receivable': '40.00', Sales: '-40.00' });
    expect((await t.api.patch(`/invoices/${invoice.id}/approve`)).status).toBe(400);
    const sent = (await t.api.expect(200, 'POST', `/invoices/${invoice.id}/send`)).invoice;
    expect(sent).toMatchObject({ isSent: true, status: 'sent' });
    expect(
      (await t.api.expect(200, 'GET', `/invoices/${invoice.id}/send-history`)).sendHistory,
    ).toHaveLength(1);
    const audit = (await t.api.expect(200, 'GET', `/invoices/${invoice.id}/audit-log`)).auditLog;
    expect(audit.map((a: ApiBody) => a.action)).toEqual(['created', 'approved', 'sent']);
  });

  it('refuses to send a draft', async () => {
    const invoice = await createInvoice({ products: [freeTextLine(l.sales, 40)] });
    expect((await t.api.post(`/invoices/${invoice.id}/send`)).status).toBe(400);
  });

  it('updates drafts freely, approved documents only field by field', async () => {
    const invoice = await createInvoice({ products: [freeTextLine(l.sales, 40)] });
    const updated = (
      await t.api.expect(200, 'PATCH', `/invoices/${invoice.id}`, {
        products: [freeTextLine(l.sales, 55)],
        date: '2026-01-06',
      })
    ).invoice;
    expect(updated).toMatchObject({ total: '55.00', date: '2026-01-06' });
    await t.api.expect(200, 'PATCH', `/invoices/${invoice.id}/approve`);
    expect(
      (await t.api.patch(`/invoices/${invoice.id}`, { products: [freeTextLine(l.sales, 1)] }))
        .status,
    ).toBe(400);
    expect((await t.api.patch(`/invoices/${invoice.id}`, { isDraft: true })).status).toBe(400);
    const tag = (await t.api.expect(201, 'POST', '/tags', { name: 'Q1' })).tag;
    expect(
      (await t.api.expect(200, 'PATCH', `/invoices/${invoice.id}`, { tagUuids: [tag.id] })).invoice
        .tagUuids,
    ).toEqual([tag.id]);
  });

  it('deletes drafts only', async () => {
    const draft = await createInvoice({ products: [freeTextLine(l.sales, 1)] });
    const posted = await createInvoice({ isDraft: false, products: [freeTextLine(l.sales, 1)] });
    expect((await t.api.delete(`/invoices/${posted.id}`)).status).toBe(400);
    await t.api.expect(200, 'DELETE', `/invoices/${draft.id}`);
    expect((await t.api.get(`/invoices/${draft.id}`)).status).toBe(404);
  });

  it('keeps estimates out of the journal and out of approve', async () => {
    const estimate = (
      await t.api.expect(201, 'POST', '/invoices', {
        invoiceType: 'estimate',
        customerUuid: l.customer.id,
        date: '2026-01-05',
        dueDate: '2026-02-04',
        products: [freeTextLine(l.sales, 9)],
      })
    ).invoice;
    expect(estimate.invoiceNumber).toBe('EST-0001');
    expect((await t.api.patch(`/invoices/${estimate.id}/approve`)).status).toBe(400);
    expect(await balances()).toEqual({});
    const listed = await t.api.expect(200, 'GET', '/invoices?invoiceType=estimate');
    expect(listed.invoices.map((i: ApiBody) => i.id)).toEqual([estimate.id]);
  });
});

describe('invoices: payments and credits', () => {
  it('settles whole transactions with add-transactions, partial then paid, and removes them again', async () => {
    const invoice = await createInvoice({
      isDraft: false,
      dueDate: '2099-01-01',
      products: [freeTextLine(l.sales, 100)],
    });
    const part = await incomeTransaction(30);
    const data = await t.api.expect(200, 'PATCH', `/invoices/${invoice.id}/add-transactions`, {
      transactionUuids: [part.id],
    });
    expect(data.invoice).toMatchObject({
      amountDue: '70.00',
      paymentStatus: 'partial',
      status: 'partial',
    });
    expect((await t.api.expect(200, 'GET', `/transactions/${part.id}`)).transaction.invoiceId).toBe(
      invoice.id,
    );
    const tooMuch = await incomeTransaction(80);
    expect(
      (
        await t.api.patch(`/invoices/${invoice.id}/add-transactions`, {
          transactionUuids: [tooMuch.id],
        })
      ).status,
    ).toBe(400);
    const rest = await incomeTransaction(70);
    expect(
      (
        await t.api.expect(200, 'PATCH', `/invoices/${invoice.id}/add-transactions`, {
          transactionUuids: [rest.id],
        })
      ).invoice.status,
    ).toBe('paid');
    expect(await balances()).toMatchObject({
      'Accounts Receivable': '0.00',
      'Operating Bank': '180.00',
      'Uncategorized Income': '-80.00',
    });
    await t.api.expect(200, 'PATCH', `/invoices/${invoice.id}/remove-transaction`, {
      transactionUuid: rest.id,
    });
    expect((await t.api.expect(200, 'GET', `/invoices/${invoice.id}`)).invoice.amountDue).toBe(
      '70.00',
    );
    expect(
      (
        await t.api.patch(`/invoices/${invoice.id}/remove-transaction`, {
          transactionUuid: rest.id,
        })
      ).status,
    ).toBe(400);
  });

  it('applies approved credit memos to invoices and removes the credit again', async () => {
    const invoice = await createInvoice({
      isDraft: false,
      dueDate: '2099-01-01',
      products: [freeTextLine(l.sales, 100)],
    });
    const memo = (
      await t.api.expect(201, 'POST', '/invoices', {
        invoiceType: 'memo',
        customerUuid: l.customer.id,
        date: '2026-01-10',
        products: [freeTextLine(l.sales, 30)],
        appliedToInvoiceUuid: invoice.id,
      })
    ).invoice;
    expect(memo).toMatchObject({
      invoiceNumber: 'CM-0001',
      dueDate: null,
      appliedToInvoiceUuid: invoice.id,
    });
    const early = await t.api.patch(`/invoices/${memo.id}/apply-credit-to-multiple-invoices`, {
      invoices: [{ id: invoice.id, amount: 10 }],
    });
    expect(early.status).toBe(400);
    await t.api.expect(200, 'PATCH', `/invoices/${memo.id}/approve`);
    expect(await balances()).toEqual({ 'Accounts Receivable': '70.00', Sales: '-70.00' });
    const applied = await t.api.expect(
      200,
      'PATCH',
      `/invoices/${memo.id}/apply-credit-to-multiple-invoices`,
      { invoices: [{ id: invoice.id, amount: 20 }] },
    );
    expect(applied.invoice.amountDue).toBe('10.00');
    expect(
      (
        await t.api.patch(`/invoices/${invoice.id}/apply-multiple-credit-to-invoice`, {
          memos: [{ memoId: memo.id, amount: 11 }],
        })
      ).status,
    ).toBe(400);
    const more = await t.api.expect(
      200,
      'PATCH',
      `/invoices/${invoice.id}/apply-multiple-credit-to-invoice`,
      { memos: [{ memoId: memo.id, amount: 10 }] },
    );
    expect(more.invoice).toMatchObject({ amountDue: '70.00', paymentStatus: 'partial' });
    expect((await t.api.expect(200, 'GET', `/invoices/${memo.id}`)).invoice).toMatchObject({
      amountDue: '0.00',
      paymentStatus: 'paid',
    });
    const removed = await t.api.expect(200, 'PATCH', `/invoices/${invoice.id}/remove-credit`, {
      memoId: memo.id,
    });
    expect(removed.invoice).toMatchObject({ amountDue: '100.00', paymentStatus: 'unpaid' });
    expect(await balances()).toEqual({ 'Accounts Receivable': '70.00', Sales: '-70.00' });
  });

  it('refunds a memo with an expense transaction through add-transactions', async () => {
    const memo = (
      await t.api.expect(201, 'POST', '/invoices', {
        invoiceType: 'memo',
        isDraft: false,
        customerUuid: l.customer.id,
        date: '2026-01-10',
        products: [freeTextLine(l.sales, 25)],
      })
    ).invoice;
    const refund = (
      await t.api.expect(201, 'POST', '/transactions', {
        accountUuid: l.bank.id,
        amount: -25,
        postedDate: '2026-01-15',
      })
    ).transaction;
    const income = await incomeTransaction(25);
    expect(
      (
        await t.api.patch(`/invoices/${memo.id}/add-transactions`, {
          transactionUuids: [income.id],
        })
      ).status,
    ).toBe(400);
    const data = await t.api.expect(200, 'PATCH', `/invoices/${memo.id}/add-transactions`, {
      transactionUuids: [refund.id],
    });
    expect(data.invoice.amountDue).toBe('0.00');
    const receivable = await systemAccount(t.api, 'Accounts Receivable');
    const tb = await balances();
    expect(tb[receivable.name as string]).toBe('0.00');
  });
});
