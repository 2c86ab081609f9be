/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call -- contract tests assert on untyped JSON response bodies */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../support/client.js';
import {
  authorize,
  clientFor,
  OTHER_WORKSPACE_ID,
  startTestSandbox,
  WORKSPACE_ID,
  type TestSandbox,
} from '../support/harness.js';
import { basicLedger, type BasicLedger, freeTextLine } from '../support/ledger-fixtures.js';

/** One test per condition of the spec's error table, each checking the T1 error body. */
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

function expectError(response: ApiResponse, status: number, code: string): void {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ status: 'error', code, message: expect.any(String) });
  expect(response.headers['content-type']).toContain('application/json');
}

const invoiceBody = (extra: Record<string, unknown> = {}) => ({
  customerUuid: l.customer.id,
  date: '2026-01-05',
  dueDate: '2026-02-04',
  products: [freeTextLine(l.sales, 10)],
  ...extra,
});

describe('400', () => {
  it('invalid fields, listing each one in errors[]', async () => {
    const response = await t.api.post('/customers', { email: 'not-an-email', website: 5 });
    expectError(response, 400, 'validation_failed');
    expect(response.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'customer',
      'email',
      'website',
    ]);
  });

  it('a body that is not JSON, or JSON without the JSON content type', async () => {
    expectError(await t.api.post('/customers', '{"customer":'), 400, 'validation_failed');
    expectError(
      await t.api.post('/customers', '{"customer":"A"}', {
        headers: { 'content-type': 'text/plain' },
      }),
      400,
      'validation_failed',
    );
  });

  it('numeric legacy spellings on bill routes', async () => {
    const response = await t.api.post('/bills', {
      vendorId: 7,
      date: '2026-01-01',
      dueDate: '2026-01-31',
      lineItems: [],
    });
    expectError(response, 400, 'validation_failed');
    expect(response.body.errors[0]).toMatchObject({
      field: 'vendorId',
      reason: 'legacy_numeric_id',
    });
  });

  it('a singular or wrongly cased account type filter', async () => {
    expectError(await t.api.get('/chart-of-accounts?type=Expense'), 400, 'validation_failed');
    expectError(await t.api.get('/chart-of-accounts?type=expenses'), 400, 'validation_failed');
  });

  it('an unsupported recurrence pattern, and memo type on recurring template create', async () => {
    expectError(
      await t.api.post('/recurring-invoice-templates', {
        ...invoiceBody(),
        recurrencePattern: 'hourly',
      }),
      400,
      'validation_failed',
    );
    expectError(
      await t.api.post('/recurring-invoice-templates', {
        ...invoiceBody(),
        invoiceType: 'memo',
        recurrencePattern: 'monthly',
      }),
      400,
      'business_rule',
    );
    const created = await t.api.expect(201, 'POST', '/recurring-invoice-templates', {
      ...invoiceBody(),
      recurrencePattern: 'Annually',
    });
    expect(created.recurringInvoiceTemplate.createdInvoiceTemplate.recurrencePattern).toBe(
      'yearly',
    );
  });

  it('resume without nextInvoiceDate', async () => {
    const template = (
      await t.api.expect(201, 'POST', '/recurring-invoice-templates', {
        ...invoiceBody(),
        recurrencePattern: 'monthly',
      })
    ).recurringInvoiceTemplate;
    await t.api.expect(200, 'POST', `/recurring-invoice-templates/${template.id}/pause`);
    expectError(
      await t.api.post(`/recurring-invoice-templates/${template.id}/resume`, {}),
      400,
      'validation_failed',
    );
    const resumed = await t.api.expect(
      200,
      'POST',
      `/recurring-invoice-templates/${template.id}/resume`,
      { nextInvoiceDate: '2026-03-01' },
    );
    expect(resumed.recurringInvoiceTemplate.createdInvoiceTemplate.nextInvoiceDate).toBe(
      '2026-03-01',
    );
  });

  it('a bulk envelope over 100 rows or without its array', async () => {
    expectError(
      await t.api.post('/customers/bulk', {
        customers: Array.from({ length: 101 }, () => ({ customer: 'x' })),
      }),
      400,
      'validation_failed',
    );
    expectError(await t.api.post('/customers/bulk', {}), 400, 'validation_failed');
    expectError(
      await t.api.post('/customers/bulk', { customers: 'nope' }),
      400,
      'validation_failed',
    );
  });

  it('receipt update or delete while matched is true', async () => {
    const receipt = (
      await t.api.expect(201, 'POST', '/expense-receipts', {
        amount: 12.5,
        date: '2026-01-03',
        description: 'Taxi',
      })
    ).expenseReceipt;
    const tx = (
      await t.api.expect(201, 'POST', '/transactions', {
        accountUuid: l.bank.id,
        amount: -12.5,
        postedDate: '2026-01-03',
      })
    ).transaction;
    await t.api.expect(200, 'POST', `/expense-receipts/${receipt.id}/match-manually`, {
      transactionUuid: tx.id,
    });
    expectError(
      await t.api.patch(`/expense-receipts/${receipt.id}`, { description: 'Cab' }),
      400,
      'business_rule',
    );
    expectError(await t.api.delete(`/expense-receipts/${receipt.id}`), 400, 'business_rule');
    await t.api.expect(200, 'DELETE', `/expense-receipts/${receipt.id}/unmatch`);
    await t.api.expect(200, 'PATCH', `/expense-receipts/${receipt.id}`, { description: 'Cab' });
  });

  it('deleting a customer assigned to an invoice, project or transaction, or a firm-managed customer', async () => {
    const withInvoice = l.customer;
    await t.api.expect(201, 'POST', '/invoices', invoiceBody());
    const withProject = (await t.api.expect(201, 'POST', '/customers', { customer: 'P' })).customer;
    await t.api.expect(201, 'POST', '/projects/bulk', {
      projects: [{ name: 'Fit-out', customerUuid: withProject.id }],
    });
    const withTransaction = (await t.api.expect(201, 'POST', '/customers', { customer: 'T' }))
      .customer;
    await t.api.expect(201, 'POST', '/transactions', {
      accountUuid: l.bank.id,
      amount: 5,
      postedDate: '2026-01-02',
      customerUuid: withTransaction.id,
    });
    const firm = (await t.api.expect(201, 'POST', '/customers', { customer: 'F' })).customer;
    t.sandbox.admin.markCustomerFirmManaged({ workspaceId: WORKSPACE_ID, customerUuid: firm.id });
    for (const customer of [withInvoice, withProject, withTransaction, firm]) {
      expectError(await t.api.delete(`/customers/${customer.id}`), 400, 'business_rule');
    }
  });

  it('deleting an account with activity or an open balance', async () => {
    await t.api.expect(201, 'POST', '/transactions', {
      accountUuid: l.bank.id,
      amount: 5,
      postedDate: '2026-01-02',
    });
    expectError(await t.api.delete(`/chart-of-accounts/${l.bank.id}`), 400, 'business_rule');
  });

  it('reconnect-link for a provider that does not support it', async () => {
    const plain = t.sandbox.admin.addConnection({
      workspaceId: WORKSPACE_ID,
      provider: 'csv-import',
      institutionName: 'Bank A',
      supportsHostedLink: false,
    });
    const hosted = t.sandbox.admin.addConnection({
      workspaceId: WORKSPACE_ID,
      provider: 'hosted-feed',
      institutionName: 'Bank B',
      supportsHostedLink: true,
    });
    expectError(await t.api.post(`/connections/${plain}/reconnect-link`), 400, 'business_rule');
    const link = await t.api.expect(201, 'POST', `/connections/${hosted}/reconnect-link`);
    expect(link.hostedLinkUrl).toMatch(/^https:\/\//);
  });

  it('opening balance publish after onboarding is complete, or with unbalanced rows', async () => {
    await t.api.expect(200, 'PATCH', '/workspace', { cutoverDate: '2025-12-31' });
    const unbalanced = {
      rows: [
        { accountUuid: l.bank.id, debit: '1.00', credit: '0' },
        { accountUuid: l.equity.id, debit: '0', credit: '2.00' },
      ],
    };
    expectError(await t.api.post('/opening-balance', unbalanced), 400, 'business_rule');
    t.sandbox.admin.completeOnboarding(WORKSPACE_ID);
    expectError(
      await t.api.post('/opening-balance', { ...unbalanced, replaceExisting: true }),
      400,
      'business_rule',
    );
  });

  it('an invalid or duplicate webhook subscription', async () => {
    expectError(
      await t.api.post('/webhooks', {
        event: 'invoice.created',
        callbackUrl: 'ftp://hooks.example.com',
      }),
      400,
      'validation_failed',
    );
    await t.api.expect(201, 'POST', '/webhooks', {
      event: 'invoice.created',
      callbackUrl: 'https://hooks.example.com/a',
    });
    expectError(
      await t.api.post('/webhooks', {
        event: 'invoice.created',
        callbackUrl: 'https://hooks.example.com/b',
      }),
      400,
      'business_rule',
    );
  });

  it('disallowed edits of approved or sent invoices and approved or paid bills', async () => {
    const invoice = (await t.api.expect(201, 'POST', '/invoices', invoiceBody({ isDraft: false })))
      .invoice;
    await t.api.expect(200, 'POST', `/invoices/${invoice.id}/send`);
    expectError(
      await t.api.patch(`/invoices/${invoice.id}`, { date: '2026-01-09' }),
      400,
      'business_rule',
    );
    const bill = (
      await t.api.expect(201, 'POST', '/bills', {
        vendorUuid: l.vendor.id,
        approvalStatus: 'approved',
        date: '2026-01-01',
        dueDate: '2026-01-31',
        lineItems: [{ price: 10, categoryAccountUuid: l.rent.id }],
      })
    ).bill;
    expectError(
      await t.api.patch(`/bills/${bill.id}`, { dueDate: '2026-02-28' }),
      400,
      'business_rule',
    );
    const tx = (
      await t.api.expect(201, 'POST', '/transactions', {
        accountUuid: l.bank.id,
        amount: -10,
        postedDate: '2026-01-05',
      })
    ).transaction;
    await t.api.expect(200, 'POST', `/bills/${bill.id}/assign-transaction`, {
      transactionUuids: [tx.id],
    });
    expectError(
      await t.api.patch(`/bills/${bill.id}`, {
        lineItems: [{ price: 11, categoryAccountUuid: l.rent.id }],
      }),
      400,
      'business_rule',
    );
  });
});

describe('401', () => {
  it('missing or invalid signature, expired timestamp, invalid Bearer token', async () => {
    expectError(await t.api.get('/customers', { unsigned: true }), 401, 'unauthorized');
    expectError(await t.api.get('/customers', { signature: 'ab'.repeat(32) }), 401, 'unauthorized');
    expectError(
      await t.api.get('/customers', { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      401,
      'unauthorized',
    );
    expectError(await t.api.get('/customers', { token: 'at_invalid' }), 401, 'unauthorized');
  });
});

describe('403', () => {
  it('credential lacks access (token of another app), protected system-account fields, missing permission', async () => {
    const reader = clientFor(t.sandbox, 'reader-app');
    expectError(await reader.get('/customers', { token: t.api.token }), 403, 'forbidden');
    const accounts = (await t.api.expect(200, 'GET', '/chart-of-accounts?limit=100'))
      .accounts as Array<{ id: string; name: string }>;
    const payable = accounts.find((account) => account.name === 'Accounts Payable')!;
    expectError(
      await t.api.patch(`/chart-of-accounts/${payable.id}`, { name: 'Creditors' }),
      403,
      'forbidden',
    );
    await authorize(t.sandbox, reader);
    expectError(
      await reader.patch('/workspace/gst-settings', { accountingBasis: 'cash' }),
      403,
      'forbidden',
    );
  });
});

describe('404', () => {
  it("a UUID that is not in the workspace, including another workspace's records", async () => {
    expectError(
      await t.api.get('/invoices/00000000-0000-4000-8000-000000000000'),
      404,
      'not_found',
    );
    const other = clientFor(t.sandbox);
    await authorize(t.sandbox, other, OTHER_WORKSPACE_ID);
    const foreign = (await other.expect(201, 'POST', '/vendors', { name: 'Foreign' })).vendor;
    expectError(await t.api.get(`/vendors/${foreign.id}`), 404, 'not_found');
    expectError(await t.api.delete(`/vendors/${foreign.id}`), 404, 'not_found');
  });

  it('an unknown route', async () => {
    expectError(await t.api.get('/budgets-that-do-not-exist'), 404, 'not_found');
  });
});

describe('409', () => {
  it('opening balance already exists and replaceExisting is not true', async () => {
    await t.api.expect(200, 'PATCH', '/workspace', { cutoverDate: '2025-12-31' });
    const rows = [
      { accountUuid: l.bank.id, debit: '1.00', credit: '0' },
      { accountUuid: l.equity.id, debit: '0', credit: '1.00' },
    ];
    await t.api.expect(201, 'POST', '/opening-balance', { rows });
    expectError(await t.api.post('/opening-balance', { rows }), 409, 'conflict');
    expectError(
      await t.api.post('/opening-balance', { rows, replaceExisting: false }),
      409,
      'conflict',
    );
  });

  it('changing the GST accounting basis after a return is filed', async () => {
    await t.api.expect(200, 'PATCH', '/workspace/gst-settings', { accountingBasis: 'cash' });
    t.sandbox.admin.fileGstReturn(WORKSPACE_ID);
    expectError(
      await t.api.patch('/workspace/gst-settings', { accountingBasis: 'accrual' }),
      409,
      'conflict',
    );
    await t.api.expect(200, 'PATCH', '/workspace/gst-settings', { filingFrequency: 'monthly' });
  });
});

describe('429 and 500', () => {
  it('rate limit exceeded, with Retry-After', async () => {
    t.sandbox.admin.setFault({
      path: '/partners/customers',
      burst429: { count: 1, retryAfterSeconds: 3 },
    });
    const response = await t.api.get('/customers');
    expectError(response, 429, 'rate_limited');
    expect(response.headers['retry-after']).toBe('3');
  });

  it('server error', async () => {
    t.sandbox.admin.setFault({ path: '/partners/customers', errorRate: 1 });
    expectError(await t.api.get('/customers'), 500, 'server_error');
  });
});
