import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSandboxConfig, startSandbox, type RunningSandbox } from '../../sandbox/index.js';
import { connectToSandbox } from '../../src/dev/connect-sandbox.js';
import { migrationApiOver } from '../../src/migration/api-adapter/client-adapter.js';
import type { InvoiceLineBody, MigrationApi } from '../../src/migration/contracts/migration-api.js';
import type { PartnerApiError } from '../../src/partner-api/index.js';
import { createPartnerApiClient, type PartnerApiClient } from '../../src/partner-api/index.js';

/**
 * The undo's reversal calls (issue 18) through the real client against the sandbox on loopback:
 * each makes exactly one request, the one its contract names, and a refusal arrives as a terminal
 * validation error carrying the API's reason.
 */

const SUB_TYPE = { cashAndBank: 1, ownersEquity: 13, revenue: 16, operatingExpenses: 19 };

let sandbox: RunningSandbox;
let dir: string;
let client: PartnerApiClient;
let api: MigrationApi;
let ids: Record<'bank' | 'sales' | 'rent' | 'equity' | 'customer' | 'vendor', string>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-reversal-calls-'));
  const config = defaultSandboxConfig();
  config.limits = { ...config.limits, requestsPerWindow: null };
  sandbox = await startSandbox({ port: 0, config });
  const credentialsPath = path.join(dir, 'credentials.json');
  await connectToSandbox({ baseUrl: sandbox.url, profile: 'undo', credentialsPath });
  client = createPartnerApiClient({ credentialsPath, profile: 'undo', env: {} });
  api = migrationApiOver(client);

  const accounts = await api.createAccounts([
    { name: 'Operating Bank', subTypeId: SUB_TYPE.cashAndBank },
    { name: 'Sales', subTypeId: SUB_TYPE.revenue },
    { name: 'Rent', subTypeId: SUB_TYPE.operatingExpenses },
    { name: 'Owner Capital', subTypeId: SUB_TYPE.ownersEquity },
  ]);
  const [bank, sales, rent, equity] = accounts.data.map((row) => row.id ?? '');
  const customers = await api.createCustomers([{ customer: 'Acme Ltd' }]);
  const vendor = await api.createVendor({ name: 'Landlord LLC' });
  ids = {
    bank: bank!,
    sales: sales!,
    rent: rent!,
    equity: equity!,
    customer: customers.data[0]?.id ?? '',
    vendor: vendor.data.id,
  };
});

afterAll(async () => {
  await client?.close();
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs one adapter call and returns what it answered (or threw) and the requests it made. */
async function requestsOf<T>(call: () => Promise<T>) {
  const before = sandbox.admin.requestLog().length;
  let result: T | undefined;
  let error: unknown;
  try {
    result = await call();
  } catch (caught) {
    error = caught;
  }
  const requests = sandbox.admin
    .requestLog()
    .slice(before)
    .map((entry) => `${entry.method} ${entry.path.split('?')[0]!} ${entry.status}`);
  return { result, error, requests };
}

function line(amount: string, accountUuid = ids.sales): InvoiceLineBody {
  return {
    name: 'Consulting',
    quantity: '1',
    unitPrice: amount,
    categoryAccountUuid: accountUuid,
    nonTaxable: true,
  };
}

async function postedInvoice(number: string, amount: string, isDraft = false) {
  const written = await api.createInvoice({
    invoiceType: 'invoice',
    invoiceNumber: number,
    customerUuid: ids.customer,
    date: '2026-01-05',
    dueDate: '2026-02-04',
    currency: 'USD',
    isDraft,
    products: [line(amount)],
  });
  return written.data.id;
}

async function approvedBill(number: string, amount: string, approved = true) {
  const written = await api.createBill({
    billType: 'bill',
    billNumber: number,
    vendorUuid: ids.vendor,
    date: '2026-01-03',
    dueDate: '2026-02-02',
    currency: 'USD',
    approvalStatus: approved ? 'approved' : 'draft',
    notes: '',
    lineItems: [
      { description: 'Rent', quantity: '1', price: amount, categoryAccountUuid: ids.rent },
    ],
  });
  return written.data.id;
}

async function bankTransaction(amount: string) {
  const written = await api.createTransactions([
    {
      accountUuid: ids.bank,
      amount,
      postedDate: '2026-01-20',
      description: 'Payment',
      notes: '',
    },
  ]);
  return written.data[0]?.id ?? '';
}

describe('reversal calls over the client, one request each', () => {
  it('unassigns an invoice payment, deletes the transaction, and credits the invoice with a memo', async () => {
    const invoice = await postedInvoice('INV-R1', '100.00');
    const payment = await bankTransaction('60.00');
    await api.assignToDocument(payment, 'invoice', invoice, '60.00');

    const unassign = await requestsOf(() => api.unassignFromInvoice(invoice, payment));
    expect(unassign.requests).toEqual([
      `PATCH /partners/invoices/${invoice}/remove-transaction 200`,
    ]);
    expect((await api.getInvoice(invoice)).amountDue).toBe('100.00');

    const deleted = await requestsOf(() => api.deleteTransaction(payment));
    expect(deleted.requests).toEqual([`DELETE /partners/transactions/${payment} 200`]);

    const memo = await requestsOf(() =>
      api.createCreditMemo(invoice, {
        invoiceNumber: 'CM-R1',
        customerUuid: ids.customer,
        date: '2026-01-05',
        currency: 'USD',
        products: [line('100.00')],
      }),
    );
    expect(memo.requests).toEqual(['POST /partners/invoices 201']);
    expect(memo.result?.data.total).toBe('100.00');
    const memoId = memo.result!.data.id;
    const created = await api.getInvoice(memoId);
    expect(created).toMatchObject({ invoiceType: 'memo', amountDue: '100.00' });

    await api.applyCreditToInvoices(memoId, [{ id: invoice, amount: '100.00' }]);
    expect((await api.getInvoice(invoice)).amountDue).toBe('0.00');
    const removed = await requestsOf(() => api.removeCreditFromInvoice(invoice, memoId));
    expect(removed.requests).toEqual([`PATCH /partners/invoices/${invoice}/remove-credit 200`]);
    expect((await api.getInvoice(invoice)).amountDue).toBe('100.00');
  });

  it('deletes a draft invoice; a posted one is refused with the API reason, in one request', async () => {
    const draft = await postedInvoice('INV-R2', '40.00', true);
    const deleted = await requestsOf(() => api.deleteDraftInvoice(draft));
    expect(deleted.requests).toEqual([`DELETE /partners/invoices/${draft} 200`]);

    const posted = await postedInvoice('INV-R3', '40.00');
    const refused = await requestsOf(() => api.deleteDraftInvoice(posted));
    expect(refused.requests).toEqual([`DELETE /partners/invoices/${posted} 400`]);
    expect(refused.error).toMatchObject({ kind: 'validation' });
    expect((refused.error as PartnerApiError).message).toMatch(/credit memo/);
  });

  it('unassigns a bill payment, deletes drafts only, and corrects an approved bill with a vendor memo', async () => {
    const bill = await approvedBill('BILL-R1', '80.00');
    const payment = await bankTransaction('-50.00');
    await api.assignToDocument(payment, 'bill', bill, '50.00');

    const paidRefused = await requestsOf(() => api.deleteDraftBill(bill));
    expect(paidRefused.requests).toEqual([`DELETE /partners/bills/${bill} 400`]);
    expect(paidRefused.error).toMatchObject({ kind: 'validation' });

    const unassign = await requestsOf(() => api.unassignFromBill(bill, payment));
    expect(unassign.requests).toEqual([`POST /partners/bills/${bill}/unassign-transaction 200`]);
    expect((await api.getBill(bill)).amountDue).toBe('80.00');

    const memo = await requestsOf(() =>
      api.createVendorMemo({
        billNumber: 'VM-R1',
        vendorUuid: ids.vendor,
        date: '2026-01-03',
        currency: 'USD',
        notes: 'Reverses BILL-R1',
        lineItems: [
          { description: 'Rent', quantity: '1', price: '80.00', categoryAccountUuid: ids.rent },
        ],
      }),
    );
    expect(memo.requests).toEqual(['POST /partners/bills 201']);
    expect(memo.result?.data.total).toBe('80.00');
    const memoId = memo.result!.data.id;
    expect((await api.getBill(memoId)).billType).toBe('vendor_memo');
    await api.applyVendorMemos(bill, [{ memoUuid: memoId, amount: '80.00' }]);
    expect((await api.getBill(bill)).amountDue).toBe('0.00');

    const draft = await approvedBill('BILL-R2', '10.00', false);
    const deleted = await requestsOf(() => api.deleteDraftBill(draft));
    expect(deleted.requests).toEqual([`DELETE /partners/bills/${draft} 200`]);
  });

  it('deactivates customers, vendors and products by delete or by status', async () => {
    await postedInvoice('INV-R4', '5.00', true);
    const refused = await requestsOf(() => api.deleteCustomer(ids.customer));
    expect(refused.requests).toEqual([`DELETE /partners/customers/${ids.customer} 400`]);
    expect(refused.error).toMatchObject({ kind: 'validation' });
    const inactive = await requestsOf(() => api.setCustomerStatus(ids.customer, 'inactive'));
    expect(inactive.requests).toEqual([`PATCH /partners/customers/${ids.customer} 200`]);
    expect((await client.customers.get(ids.customer)).status).toBe('inactive');

    const spare = (await api.createCustomers([{ customer: 'Never Billed' }])).data[0]?.id ?? '';
    const deleted = await requestsOf(() => api.deleteCustomer(spare));
    expect(deleted.requests).toEqual([`DELETE /partners/customers/${spare} 200`]);
    expect((await client.customers.get(spare)).status).toBe('inactive');

    const vendorDeleted = await requestsOf(() => api.deleteVendor(ids.vendor));
    expect(vendorDeleted.requests).toEqual([`DELETE /partners/vendors/${ids.vendor} 200`]);
    const vendorActive = await requestsOf(() => api.setVendorStatus(ids.vendor, 'active'));
    expect(vendorActive.requests).toEqual([`PATCH /partners/vendors/${ids.vendor} 200`]);
    expect((await client.vendors.get(ids.vendor)).status).toBe('active');

    const product = await api.createProduct({
      name: 'Widget',
      type: 'service',
      incomeAccountUuid: ids.sales,
    });
    const productDeleted = await requestsOf(() => api.deleteProduct(product.data.id));
    expect(productDeleted.requests).toEqual([`DELETE /partners/products/${product.data.id} 200`]);
  });

  it('reads delete meta, deletes an unused account, and marks one with activity inactive', async () => {
    await bankTransaction('1.00');
    const created = await api.createAccounts([
      { name: 'Unused Income', subTypeId: SUB_TYPE.revenue },
    ]);
    const unused = created.data[0]?.id ?? '';

    const listed = await requestsOf(() => api.listAccountsWithDeleteMeta(1));
    expect(listed.requests).toEqual(['GET /partners/chart-of-accounts 200']);
    const records = listed.result?.records ?? [];
    expect(records.find((account) => account.id === ids.bank)).toMatchObject({
      canDelete: false,
      deleteBlockedReason: 'HAS_JOURNAL_ENTRIES',
      status: 'active',
    });
    expect(records.find((account) => account.id === unused)?.canDelete).toBe(true);

    const refused = await requestsOf(() => api.deleteAccount(ids.bank));
    expect(refused.requests).toEqual([`DELETE /partners/chart-of-accounts/${ids.bank} 400`]);
    expect(refused.error).toMatchObject({ kind: 'validation' });
    expect((refused.error as PartnerApiError).apiErrors?.[0]?.reason).toBe('HAS_JOURNAL_ENTRIES');
    const inactive = await requestsOf(() => api.setAccountStatus(ids.bank, 'inactive'));
    expect(inactive.requests).toEqual([`PATCH /partners/chart-of-accounts/${ids.bank} 200`]);
    await api.setAccountStatus(ids.bank, 'active');

    const deleted = await requestsOf(() => api.deleteAccount(unused));
    expect(deleted.requests).toEqual([`DELETE /partners/chart-of-accounts/${unused} 200`]);
  });

  it('deletes a journal entry and replaces the opening balance', async () => {
    const entry = await api.createJournalEntry({
      date: '2026-01-31',
      memo: 'Accrual',
      lines: [
        { accountUuid: ids.rent, debit: '30.00', credit: '0.00' },
        { accountUuid: ids.equity, debit: '0.00', credit: '30.00' },
      ],
    });
    const deleted = await requestsOf(() => api.deleteJournalEntry(entry.data.id));
    expect(deleted.requests).toEqual([`DELETE /partners/journal-entries/${entry.data.id} 200`]);
    expect((await api.listJournalEntries(1)).records).toEqual([]);

    await api.setCutoverDate('2025-12-31');
    const rows = (amount: string) => [
      { accountUuid: ids.bank, debit: amount, credit: '0.00' },
      { accountUuid: ids.equity, debit: '0.00', credit: amount },
    ];
    await api.publishOpeningBalance(rows('500.00'), false);
    const before = await api.getOpeningBalance();
    await api.publishOpeningBalance(rows('900.00'), true);
    const restored = await requestsOf(() => api.publishOpeningBalance(before.rows, true));
    expect(restored.requests).toEqual(['POST /partners/opening-balance 201']);
    expect(await api.getOpeningBalance()).toEqual(before);
  });
});
