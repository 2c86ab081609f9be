import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, type Account, type PartnerApiClient } from '../../../src/partner-api/index.js';
import { startConformance, type Conformance } from './support/sandbox-fixture.js';

/**
 * Success paths of every route the migration uses, against the real sandbox: typed results,
 * warnings surfaced, money exact in both directions, bulk rows mapped back, lists paged.
 * The tests run in order and build on each other, as a migration would.
 */

let env: Conformance;
let client: PartnerApiClient;
const ids: Record<string, string> = {};

beforeAll(async () => {
  env = await startConformance();
  client = env.client();
});
afterAll(async () => {
  env.leaks.assertNoSecretLeaked();
  await env.close();
});

async function subTypeId(name: string): Promise<number> {
  const found = (await client.accounts.listSubTypes()).find((subType) => subType.name === name);
  if (!found) throw new Error(`no sub-type ${name}`);
  return found.id;
}

function id(name: string): string {
  const value = ids[name];
  if (!value) throw new Error(`no id recorded for ${name}`);
  return value;
}

describe('chart of accounts', () => {
  it('lists system accounts by type, with balances and delete metadata', async () => {
    const liabilities = await collect(
      client.accounts.list({ type: 'Liabilities', includeBalances: true, includeDeleteMeta: true }),
    );
    const payable = liabilities.find((account) => account.name === 'Accounts Payable');
    expect(payable).toMatchObject({
      type: 'Liabilities',
      editable: false,
      canDelete: false,
      systemBalance: '0.00',
    });
    expect(
      (await client.accounts.listSubTypes({ type: 'Income' })).map((subType) => subType.name),
    ).toEqual(['Revenue', 'Other Income']);
  });

  it('creates, bulk-creates (row by row), updates and deletes accounts', async () => {
    const bank = await client.accounts.create({
      name: 'Operating Bank',
      accountNumber: '1000',
      subTypeId: await subTypeId('Cash and Bank'),
    });
    ids.bank = bank.data.id;
    expect(bank.data).toMatchObject({
      name: 'Operating Bank',
      type: 'Assets',
      accountNumber: '1000',
    });

    const revenue = await subTypeId('Revenue');
    const expenses = await subTypeId('Operating Expenses');
    const rows = [
      { name: 'Consulting Revenue', accountNumber: '4000', subTypeId: revenue },
      { name: 'Receivable look-alike', subTypeId: await subTypeId('Accounts Receivable') }, // control sub-type: 400 (R5)
      { name: 'Office Supplies', accountNumber: '6100', subTypeId: expenses },
      {
        name: 'Conversion Clearing',
        accountNumber: '9999',
        subTypeId: await subTypeId('Current Liabilities'),
      },
      { name: 'To Be Deleted', subTypeId: expenses },
    ];
    const bulk = await client.accounts.bulkCreate(rows);
    expect(bulk.rows.map((row) => row.status)).toEqual([
      'succeeded',
      'failed',
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
    expect(bulk.failedCount).toBe(1);
    const byIndex = (index: number) => {
      const row = bulk.rows[index];
      if (row?.status !== 'succeeded' || !row.id) throw new Error(`row ${index} did not succeed`);
      expect(row.record?.name).toBe(rows[index]?.name);
      return row.id;
    };
    ids.revenue = byIndex(0);
    ids.supplies = byIndex(2);
    ids.clearing = byIndex(3);

    const updated = await client.accounts.update(ids.supplies, {
      description: 'Paper and pens',
      type: 'Assets',
    });
    expect(updated.data.description).toBe('Paper and pens');
    // `type` is read-only: not applied, and said so.
    expect(updated.warnings.map((warning) => warning.field)).toContain('type');

    await client.accounts.delete(byIndex(4));
    expect(await client.find.accounts({ type: 'Expenses', name: 'To Be Deleted' })).toEqual([]);
    expect(
      (await client.find.accounts({ accountNumber: '4000' })).map((account: Account) => account.id),
    ).toEqual([ids.revenue]);
  });
});

describe('customers, vendors and products', () => {
  it('creates and reads customers, surfacing unknown fields as warnings', async () => {
    const created = await client.customers.create({
      customer: 'Acme Ltd',
      email: 'billing@acme.test',
      contacts: [{ firstName: 'Ada', lastName: 'Lovelace', isPrimary: true }],
      favouriteColour: 'teal',
    });
    ids.acme = created.data.id;
    expect(created.warnings).toEqual([
      expect.objectContaining({ field: 'favouriteColour', reason: 'unknown_field' }),
    ]);
    expect(await client.customers.get(ids.acme)).toMatchObject({
      customer: 'Acme Ltd',
      contactName: 'Ada Lovelace',
    });
    const updated = await client.customers.update(ids.acme, { website: 'acme.test' });
    expect(updated.data.website).toBe('https://acme.test');
  });

  it('bulk-creates 130 customers in two calls and bulk-updates them back by index', async () => {
    const rows = Array.from({ length: 130 }, (_, index) => ({
      customer: `Bulk Customer ${String(index).padStart(3, '0')}`,
    }));
    rows[42] = { customer: '' }; // fails on its own
    const mark = env.requestLogMark();
    const created = await client.customers.bulkCreate(rows);
    expect(env.requestsTo('/partners/customers/bulk', mark)).toBe(2);
    expect(created.failedCount).toBe(1);
    expect(created.rows[42]).toMatchObject({ index: 42, status: 'failed' });
    const succeeded = created.rows.filter((row) => row.status === 'succeeded');
    expect(succeeded).toHaveLength(129);
    for (const row of succeeded) expect(row.record?.customer).toBe(rows[row.index]?.customer);

    const updates = succeeded
      .slice(0, 3)
      .map((row) => ({ uuid: row.id ?? '', notes: `row ${row.index}` }));
    const updated = await client.customers.bulkUpdate(updates);
    expect(updated.rows.map((row) => row.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect((await client.customers.get(updates[2]!.uuid)).notes).toBe('row 2');

    const listed = await collect(client.customers.list({ search: 'Bulk Customer' }));
    expect(listed).toHaveLength(129);
    await client.customers.delete(updates[0]!.uuid);
    expect((await client.customers.get(updates[0]!.uuid)).status).toBe('inactive');
    expect(
      (await client.find.customersByName('bulk customer 001')).map((customer) => customer.id),
    ).toEqual([updates[1]!.uuid]);
  });

  it('manages vendors and products (R1, R2)', async () => {
    const vendor = await client.vendors.create({
      name: 'Paper Co',
      email: 'ap@paper.test',
      is1099: false,
    });
    ids.paperCo = vendor.data.id;
    expect((await client.vendors.update(ids.paperCo, { phone: '555-0100' })).data.phone).toBe(
      '555-0100',
    );
    expect((await client.find.vendorsByName('PAPER CO')).map((v) => v.id)).toEqual([ids.paperCo]);

    const product = await client.products.create({
      name: 'Consulting Hour',
      sku: 'CONS-1',
      type: 'service',
      price: '150.5',
      incomeAccountUuid: id('revenue'),
    });
    ids.consulting = product.data.id;
    expect(product.data.price).toBe('150.5');
    expect((await client.find.products({ sku: 'CONS-1' })).map((p) => p.id)).toEqual([
      ids.consulting,
    ]);
    expect((await client.products.get(ids.consulting)).incomeAccountUuid).toBe(id('revenue'));
    const extra = await client.vendors.create({ name: 'Short Lived' });
    await client.vendors.delete(extra.data.id);
    expect((await client.vendors.get(extra.data.id)).status).toBe('inactive');
  });
});

describe('cutover and opening balance', () => {
  it('sets the cutover date and publishes balanced string-decimal rows', async () => {
    expect((await client.workspace.setCutoverDate('2025-12-31')).data.cutoverDate).toBe(
      '2025-12-31',
    );
    const equity = (
      await client.find.accounts({ type: 'Equity', name: 'Opening Balance Equity' })
    )[0];
    const published = await client.openingBalance.set({
      rows: [
        { accountUuid: id('bank'), debit: '25000.1', credit: '0' },
        { accountUuid: equity!.id, debit: '0', credit: '25000.10' },
      ],
    });
    expect(published.data.status).toBe('published');
    const state = await client.openingBalance.get();
    expect(state.rows?.find((row) => row.accountUuid === id('bank'))).toMatchObject({
      debit: '25000.10',
      credit: '0.00',
    });
  });
});

describe('invoices, estimates and memos', () => {
  it('creates an invoice with an inline customer and an inline product, exactly priced', async () => {
    const number = await client.invoices.generateNumber('invoice');
    expect(number).toMatch(/^INV-/);
    const created = await client.invoices.create({
      invoiceNumber: 'LEGACY-1001',
      customer: { customer: 'Walk-in Buyer' },
      date: '2026-01-05',
      dueDate: '2026-02-04',
      products: [
        {
          product: { name: 'Widget', incomeAccountUuid: id('revenue') },
          quantity: '3',
          unitPrice: '19.99',
        },
        { name: 'Setup', quantity: '1.5', unitPrice: '0.10', categoryAccountUuid: id('revenue') },
      ],
    });
    ids.invoice = created.data.id;
    expect(created.data).toMatchObject({
      invoiceNumber: 'LEGACY-1001',
      isDraft: true,
      subtotal: '60.12',
      total: '60.12',
    });
    expect(created.data.products?.[1]).toMatchObject({ quantity: '1.5', unitPrice: '0.1' });
    expect(await client.find.customersByName('walk-in buyer')).toHaveLength(1);
    expect(await client.find.products({ name: 'widget' })).toHaveLength(1);

    const approved = await client.invoices.approve(ids.invoice);
    expect(approved.data).toMatchObject({ isDraft: false, amountDue: '60.12' });
    expect((await client.invoices.send(ids.invoice)).data?.isSent).toBe(true);
    expect(
      (
        await client.find.invoicesByNumber({ invoiceNumber: 'LEGACY-1001', invoiceType: 'invoice' })
      ).map((i) => i.id),
    ).toEqual([ids.invoice]);
  });

  it('applies, lists and removes credit memos', async () => {
    const memo = await client.invoices.create({
      invoiceType: 'memo',
      customerUuid: (await client.invoices.get(id('invoice'))).customerUuid ?? '',
      date: '2026-01-06',
      isDraft: false,
      products: [{ name: 'Goodwill', unitPrice: '10.00', categoryAccountUuid: id('revenue') }],
    });
    ids.memo = memo.data.id;
    await client.invoices.applyMultipleCreditToInvoice(id('invoice'), [
      { memoId: ids.memo, amount: '4' },
    ]);
    await client.invoices.applyCreditToMultipleInvoices(ids.memo, [
      { id: id('invoice'), amount: '1.5' },
    ]);
    expect((await client.invoices.get(id('invoice'))).amountDue).toBe('54.62');
    const removed = await client.invoices.removeCredit(id('invoice'), ids.memo);
    expect(removed.data?.amountDue ?? (await client.invoices.get(id('invoice'))).amountDue).toBe(
      '60.12',
    );
    const memos = await collect(client.invoices.list({ invoiceType: 'memo' }));
    expect(memos.map((document) => document.id)).toContain(ids.memo);

    const estimate = await client.invoices.create({
      invoiceType: 'estimate',
      customerUuid: id('acme'),
      date: '2026-01-07',
      dueDate: '2026-01-21',
      products: [{ productUuid: id('consulting'), quantity: '2' }],
    });
    expect(estimate.data.total).toBe('301.00');
    await client.invoices.delete(estimate.data.id);
  });
});

describe('bills and vendor memos', () => {
  it('creates with an inline vendor, submits, approves and applies a vendor memo', async () => {
    const bill = await client.bills.create({
      billNumber: 'B-500',
      vendor: { name: 'Inline Supplies Inc' },
      date: '2026-01-10',
      dueDate: '2026-02-09',
      lineItems: [
        {
          description: 'Toner',
          quantity: '2',
          price: '45.25',
          categoryAccountUuid: id('supplies'),
        },
      ],
    });
    ids.bill = bill.data.id;
    expect(bill.data).toMatchObject({ approvalStatus: 'draft', total: '90.50' });
    await client.bills.submit(ids.bill);
    expect((await client.bills.approve(ids.bill)).data?.approvalStatus ?? 'approved').toBe(
      'approved',
    );

    const vendorUuid = (await client.bills.get(ids.bill)).vendor?.id ?? '';
    const memo = await client.bills.create({
      billType: 'vendor_memo',
      vendorUuid,
      date: '2026-01-11',
      approvalStatus: 'approved',
      lineItems: [
        { description: 'Refund', quantity: '1', price: '10', categoryAccountUuid: id('supplies') },
      ],
    });
    await client.bills.applyVendorMemos(ids.bill, [{ memoUuid: memo.data.id, amount: '10.00' }]);
    expect((await client.bills.get(ids.bill)).amountDue).toBe('80.50');
    expect(
      (await client.find.billsByNumber({ billNumber: 'B-500', vendorUuids: [vendorUuid] })).map(
        (b) => b.id,
      ),
    ).toEqual([ids.bill]);

    const draft = await client.bills.create({
      vendorUuid: id('paperCo'),
      date: '2026-01-12',
      dueDate: '2026-01-30',
      lineItems: [{ quantity: '1', price: '1', categoryAccountUuid: id('supplies') }],
    });
    await client.bills.delete(draft.data.id);
    expect((await client.bills.get(draft.data.id)).isDeleted).toBe(true);
  });
});

describe('bank transactions and payments', () => {
  it('creates, bulk-creates, updates, recategorizes and splits transactions', async () => {
    const single = await client.transactions.create({
      accountUuid: id('bank'),
      amount: '-80.5',
      postedDate: '2026-01-20',
      description: 'Inline Supplies payment',
    });
    ids.billPayment = single.data.id;
    expect(single.data).toMatchObject({ amount: '-80.50', type: 'EXPENSE' });

    const bulk = await client.transactions.bulkCreate([
      {
        accountUuid: id('bank'),
        amount: '60.12',
        postedDate: '2026-01-21',
        description: 'Walk-in Buyer payment',
      },
      { accountUuid: id('bank'), amount: '0', postedDate: '2026-01-21' },
      {
        accountUuid: id('bank'),
        amount: '-12.34',
        postedDate: '2026-01-22',
        description: 'Coffee',
      },
    ]);
    expect(bulk.rows.map((row) => row.status)).toEqual(['succeeded', 'failed', 'succeeded']);
    const [invoicePayment, , coffee] = bulk.rows;
    ids.invoicePayment = invoicePayment?.status === 'succeeded' ? (invoicePayment.id ?? '') : '';
    ids.coffee = coffee?.status === 'succeeded' ? (coffee.id ?? '') : '';

    const updated = await client.transactions.update(ids.coffee, {
      notes: 'team',
      billId: 'x',
    });
    expect(updated.data.notes).toBe('team');
    expect(updated.warnings).toEqual([
      expect.objectContaining({ field: 'billId', reason: 'internal_only' }),
    ]);

    const recategorized = await client.transactions.changeCategory(ids.coffee, {
      categoryAccountUuid: id('supplies'),
    });
    expect(recategorized.data.categoryAccountId).toBe(id('supplies'));
    const bulkCategory = await client.transactions.changeCategoryBulk([
      { uuid: ids.coffee, categoryAccountUuid: null },
    ]);
    expect(bulkCategory.rows[0]).toMatchObject({ status: 'succeeded', id: ids.coffee });

    const split = await client.transactions.split(ids.coffee, [
      { amount: '-10.00', categoryAccountUuid: id('supplies'), description: 'Beans' },
      { amount: '-2.34', categoryAccountUuid: id('supplies'), description: 'Milk' },
    ]);
    expect(split.data.parent.split).toBe(true);
    expect(split.data.children.map((child) => child.amount)).toEqual(['-10.00', '-2.34']);

    const listed = await collect(client.transactions.list({ accUuid: id('bank') }));
    expect(listed.map((transaction) => transaction.id)).toContain(ids.billPayment);
    expect(
      (
        await client.find.transactions({
          accountUuid: id('bank'),
          postedDate: '2026-01-20',
          amount: '-80.50',
          description: 'Inline Supplies payment',
        })
      ).map((transaction) => transaction.id),
    ).toEqual([ids.billPayment]);
  });

  it('pays the invoice and the bill with transactions', async () => {
    await client.transactions.assignToBillsInvoices(id('invoicePayment'), {
      matchingType: 'invoice',
      records: [id('invoice')],
    });
    expect((await client.invoices.get(id('invoice'))).amountDue).toBe('0.00');
    await client.bills.assignTransaction(id('bill'), [id('billPayment')]);
    expect((await client.bills.get(id('bill'))).amountDue).toBe('0.00');
    await client.bills.unassignTransaction(id('bill'), id('billPayment'));
    expect((await client.bills.get(id('bill'))).amountDue).toBe('80.50');
    await client.invoices.removeTransaction(id('invoice'), id('invoicePayment'));
    await client.invoices.addTransactions(id('invoice'), [id('invoicePayment')]);
    expect((await client.invoices.get(id('invoice'))).amountDue).toBe('0.00');
  });
});

describe('journal entries and reports', () => {
  it('posts a balanced journal entry and lists it', async () => {
    const entry = await client.journalEntries.create({
      date: '2026-01-25',
      memo: 'Accrual',
      referenceNumber: 'JE-1',
      lines: [
        { accountUuid: id('supplies'), debit: '5.5', credit: '0' },
        { accountUuid: id('clearing'), debit: '0', credit: '5.50' },
      ],
    });
    expect(entry.data.lines?.map((line) => [line.debit, line.credit])).toEqual([
      ['5.50', '0.00'],
      ['0.00', '5.50'],
    ]);
    expect((await collect(client.journalEntries.list())).map((journal) => journal.id)).toContain(
      entry.data.id,
    );
  });

  it('reads every report with exact money', async () => {
    const trialBalance = await client.reports.trialBalance({ endDate: '2026-01-31' });
    expect(trialBalance.totals?.debit).toBe(trialBalance.totals?.credit);
    const bank = trialBalance.rows?.find((row) => row.accountUuid === id('bank'));
    // 25000.10 opening + 60.12 in - 80.50 out - 12.34 coffee
    expect(bank).toMatchObject({ accountName: 'Operating Bank', balance: '24967.38' });

    const pnl = await client.reports.profitAndLoss({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
    // 60.12 invoiced less the 10.00 credit memo.
    expect(pnl.rows?.find((row) => row.accountUuid === id('revenue'))?.amount).toBe('50.12');
    const balanceSheet = await client.reports.balanceSheet({ endDate: '2026-01-31' });
    expect(balanceSheet).toBeTypeOf('object');

    const receivables = await client.reports.agedReceivables({ asOfDate: '2026-01-31' });
    expect(receivables.reconciliation?.difference).toBe('0.00');
    const payables = await client.reports.agedPayables({ asOfDate: '2026-01-31' });
    expect(payables.rows?.find((row) => row.documentUuid === id('bill'))?.amountDue).toBe('80.50');
    expect(payables.reconciliation?.difference).toBe('0.00');

    const activity = await client.reports.accountTransactions({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      accountUuids: [id('bank')],
    });
    const bankActivity = activity.accounts?.find((account) => account.accountUuid === id('bank'));
    expect(bankActivity?.endingBalance).toBe('24967.38');
  });
});
