/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- contract tests assert on untyped JSON response bodies */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiBody } from '../support/client.js';
import {
  authorize,
  clientFor,
  OTHER_WORKSPACE_ID,
  startTestSandbox,
  type TestSandbox,
} from '../support/harness.js';
import { basicLedger, freeTextLine } from '../support/ledger-fixtures.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
  t.sandbox.admin.reset();
  await authorize(t.sandbox, t.api);
});

async function createCustomer(body: Record<string, unknown>): Promise<ApiBody> {
  return (await t.api.expect(201, 'POST', '/customers', body)).customer;
}

describe('customers', () => {
  it('creates with only a name and applies the defaults', async () => {
    const customer = await createCustomer({ customer: 'Acme Ltd' });
    expect(customer).toMatchObject({
      customer: 'Acme Ltd',
      status: 'active',
      taxAutoCalculate: false,
      taxExcluded: false,
      email: null,
      contactName: '',
    });
    expect(customer.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(customer)).not.toMatch(/teamId|"internalId"/);
  });

  it('requires the customer name', async () => {
    const response = await t.api.post('/customers', { email: 'x@y.example' });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ field: 'customer', reason: 'required' });
  });

  it('prefixes websites with https://, sanitizes notes and derives contactName from the first contact', async () => {
    const customer = await createCustomer({
      customer: 'Globex',
      website: 'globex.example',
      notes: '<b>VIP</b> <script>x</script>client',
      contacts: [
        { firstName: 'Ada', lastName: 'Lovelace', phone: '555-0101', isPrimary: true },
        { firstName: 'Bob', lastName: 'Stone' },
      ],
    });
    expect(customer.website).toBe('https://globex.example');
    expect(customer.notes).toBe('VIP xclient');
    expect(customer.contactName).toBe('Ada Lovelace');
    expect(customer.contacts).toHaveLength(2);
    expect(customer.contacts[0].id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('updates only the sent fields and warns about unknown fields without applying them', async () => {
    const customer = await createCustomer({
      customer: 'Initech',
      email: 'a@initech.example',
      mainPhone: '1',
    });
    const response = await t.api.patch(`/customers/${customer.id}`, {
      mainPhone: '2',
      custmer: 'typo',
      id: 'x',
    });
    expect(response.status).toBe(200);
    expect(response.body.data.customer).toMatchObject({
      customer: 'Initech',
      email: 'a@initech.example',
      mainPhone: '2',
    });
    expect(response.body._partnerWarnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'custmer', reason: 'unknown_field' }),
        expect.objectContaining({ field: 'id', reason: 'internal_only' }),
      ]),
    );
  });

  it('lists with pagination, the records key and a filters echo', async () => {
    for (const name of ['Delta', 'alpha', 'Charlie', 'bravo'])
      await createCustomer({ customer: name });
    const data = await t.api.expect(200, 'GET', '/customers?page=2&limit=3');
    expect(data).toMatchObject({ page: 2, limit: 3, totalRecords: 4, totalPages: 2 });
    expect(data.records.map((c: ApiBody) => c.customer)).toEqual(['Delta']);
    expect(data.filters).toMatchObject({
      orderBy: 'customer',
      orderDirection: 'ASC',
      status: null,
      search: null,
    });
    const desc = await t.api.expect(200, 'GET', '/customers?orderBy=customer&orderDirection=DESC');
    expect(desc.records.map((c: ApiBody) => c.customer)).toEqual([
      'Delta',
      'Charlie',
      'bravo',
      'alpha',
    ]);
    expect((await t.api.get('/customers?orderBy=name')).status).toBe(400);
  });

  it('searches name, contact name and contact phone, case-insensitively, but not email', async () => {
    await createCustomer({ customer: 'Northwind Traders', email: 'billing@zeta.example' });
    await createCustomer({
      customer: 'Other',
      contacts: [{ firstName: 'Maria', lastName: 'Anders', phone: '030-0074321' }],
    });
    const search = async (text: string) =>
      (await t.api.expect(200, 'GET', `/customers?search=${encodeURIComponent(text)}`)).records.map(
        (c: ApiBody) => c.customer,
      );
    expect(await search('NORTHWIND')).toEqual(['Northwind Traders']);
    expect(await search('anders')).toEqual(['Other']);
    expect(await search('0074')).toEqual(['Other']);
    expect(await search('zeta')).toEqual([]);
  });

  it('soft-deletes to inactive and filters by status', async () => {
    const customer = await createCustomer({ customer: 'Gone Soon' });
    await t.api.expect(200, 'DELETE', `/customers/${customer.id}`);
    expect((await t.api.expect(200, 'GET', `/customers/${customer.id}`)).customer.status).toBe(
      'inactive',
    );
    expect((await t.api.expect(200, 'GET', '/customers?status=active')).totalRecords).toBe(0);
    expect((await t.api.expect(200, 'GET', '/customers?status=inactive')).totalRecords).toBe(1);
  });

  it('refuses to delete a customer assigned to an invoice', async () => {
    const { customer, sales } = await basicLedger(t.api);
    await t.api.expect(201, 'POST', '/invoices', {
      customerUuid: customer.id,
      date: '2026-01-05',
      dueDate: '2026-02-04',
      products: [freeTextLine(sales, 10)],
    });
    const response = await t.api.delete(`/customers/${customer.id}`);
    expect(response.status).toBe(400);
    expect((await t.api.expect(200, 'GET', `/customers/${customer.id}`)).customer.status).toBe(
      'active',
    );
  });

  it('refuses to delete a firm-managed customer', async () => {
    const customer = await createCustomer({ customer: 'Firm Client' });
    t.sandbox.admin.markCustomerFirmManaged({
      workspaceId: t.sandbox.config.workspaces[0]!.id,
      customerUuid: customer.id,
    });
    expect((await t.api.delete(`/customers/${customer.id}`)).status).toBe(400);
  });

  it('hides other workspaces: their UUIDs are a 404', async () => {
    const other = clientFor(t.sandbox);
    await authorize(t.sandbox, other, OTHER_WORKSPACE_ID);
    const theirs = (await other.expect(201, 'POST', '/customers', { customer: 'Elsewhere' }))
      .customer;
    expect((await t.api.get(`/customers/${theirs.id}`)).status).toBe(404);
    expect((await t.api.patch(`/customers/${theirs.id}`, { mainPhone: '1' })).status).toBe(404);
    expect((await t.api.get('/customers/12345')).status).toBe(404);
  });

  it('bulk-creates up to 100 rows with partial success and 201 even when every row fails', async () => {
    const data = await t.api.expect(201, 'POST', '/customers/bulk', {
      customers: [{ customer: 'One' }, { email: 'no-name@x.example' }, { customer: 'Three' }],
    });
    expect(data.errorCount).toBe(1);
    expect(data.results.map((r: ApiBody) => [r.index, r.status])).toEqual([
      [0, 'created'],
      [1, 'failed'],
      [2, 'created'],
    ]);
    expect(data.results[0].customer.customer).toBe('One');
    expect(data.results[1].errors[0].field).toBe('customer');
    const allFailed = await t.api.expect(201, 'POST', '/customers/bulk', { customers: [{}, {}] });
    expect(allFailed.errorCount).toBe(2);
    expect(
      (
        await t.api.post('/customers/bulk', {
          customers: Array.from({ length: 101 }, (_, i) => ({ customer: `C${i}` })),
        })
      ).status,
    ).toBe(400);
    expect((await t.api.post('/customers/bulk', { rows: [] })).status).toBe(400);
    expect((await t.api.expect(200, 'GET', '/customers')).totalRecords).toBe(2);
  });

  it('bulk-updates rows identified by uuid', async () => {
    const a = await createCustomer({ customer: 'A' });
    const data = await t.api.expect(201, 'PATCH', '/customers/bulk', {
      customers: [
        { uuid: a.id, mainPhone: '999' },
        { uuid: '00000000-0000-4000-8000-000000000000', mainPhone: '1' },
        { mainPhone: '2' },
      ],
    });
    expect(data.errorCount).toBe(2);
    expect(data.results[0]).toMatchObject({ index: 0, status: 'updated', id: a.id });
    expect(data.results[1]).toMatchObject({ index: 1, status: 'failed', statusCode: 404 });
    expect((await t.api.expect(200, 'GET', `/customers/${a.id}`)).customer.mainPhone).toBe('999');
  });

  it('manages contacts, addresses and notes (newest first, 1200 characters)', async () => {
    const customer = await createCustomer({ customer: 'Sub Records' });
    const contact = (
      await t.api.expect(201, 'POST', `/customers/${customer.id}/contacts`, {
        firstName: 'Zed',
        lastName: 'Z',
      })
    ).contact;
    expect((await t.api.expect(200, 'GET', `/customers/${customer.id}`)).customer.contactName).toBe(
      'Zed Z',
    );
    await t.api.expect(200, 'PATCH', `/customers/${customer.id}/contacts/${contact.id}`, {
      firstName: 'Zoe',
    });
    expect((await t.api.expect(200, 'GET', `/customers/${customer.id}`)).customer.contactName).toBe(
      'Zoe Z',
    );
    await t.api.expect(200, 'DELETE', `/customers/${customer.id}/contacts/${contact.id}`);
    expect((await t.api.expect(200, 'GET', `/customers/${customer.id}/contacts`)).contacts).toEqual(
      [],
    );

    const home = (
      await t.api.expect(201, 'POST', `/customers/${customer.id}/addresses`, {
        label: 'HQ',
        city: 'Oslo',
        isPrimary: true,
      })
    ).address;
    await t.api.expect(201, 'POST', `/customers/${customer.id}/addresses`, {
      label: 'Depot',
      city: 'Bergen',
      isPrimary: true,
    });
    const addresses = (await t.api.expect(200, 'GET', `/customers/${customer.id}/addresses`))
      .addresses;
    expect(addresses.filter((a: ApiBody) => a.isPrimary).map((a: ApiBody) => a.label)).toEqual([
      'Depot',
    ]);
    await t.api.expect(200, 'DELETE', `/customers/${customer.id}/addresses/${home.id}`);

    await t.api.expect(201, 'POST', `/customers/${customer.id}/notes`, { text: 'first' });
    await t.api.expect(201, 'POST', `/customers/${customer.id}/notes`, { text: 'second' });
    const notes = (await t.api.expect(200, 'GET', `/customers/${customer.id}/notes`)).notes;
    expect(notes.map((n: ApiBody) => n.text)).toEqual(['second', 'first']);
    expect(notes[0].author).toBe('Ledgerlift (sandbox)');
    expect(
      (await t.api.post(`/customers/${customer.id}/notes`, { text: 'x'.repeat(1201) })).status,
    ).toBe(400);
    expect(
      (await t.api.post(`/customers/${customer.id}/notes`, { text: 'x'.repeat(1200) })).status,
    ).toBe(201);
  });

  it('previews a merge without changing anything, then merges and soft-deletes the sources', async () => {
    const { sales } = await basicLedger(t.api);
    const target = await createCustomer({ customer: 'Acme Corp' });
    const dup = await createCustomer({
      customer: 'ACME corp.',
      contacts: [{ firstName: 'Dup', lastName: 'Contact' }],
    });
    const invoice = (
      await t.api.expect(201, 'POST', '/invoices', {
        customerUuid: dup.id,
        date: '2026-01-05',
        dueDate: '2026-02-04',
        products: [freeTextLine(sales, 10)],
      })
    ).invoice;
    await t.api.expect(201, 'POST', `/customers/${dup.id}/notes`, { text: 'dup note' });
    const preview = await t.api.expect(200, 'POST', '/customers/merge/preview', {
      targetUuid: target.id,
      sourceUuids: [dup.id],
    });
    expect(preview.preview.moves).toMatchObject({ invoices: 1, contacts: 1, notes: 1 });
    expect((await t.api.expect(200, 'GET', `/invoices/${invoice.id}`)).invoice.customerUuid).toBe(
      dup.id,
    );

    const merged = await t.api.expect(200, 'POST', '/customers/merge', {
      targetUuid: target.id,
      sourceUuids: [dup.id],
    });
    expect(merged.customer.contacts).toHaveLength(1);
    expect((await t.api.expect(200, 'GET', `/invoices/${invoice.id}`)).invoice.customerUuid).toBe(
      target.id,
    );
    expect((await t.api.expect(200, 'GET', `/customers/${dup.id}`)).customer.status).toBe(
      'inactive',
    );
    expect((await t.api.expect(200, 'GET', `/customers/${target.id}/notes`)).notes).toHaveLength(1);
    expect(
      (await t.api.post('/customers/merge', { targetUuid: target.id, sourceUuids: [target.id] }))
        .status,
    ).toBe(400);
  });

  it('reports a revenue overview from the customer invoices', async () => {
    const { customer, sales } = await basicLedger(t.api);
    await t.api.expect(201, 'POST', '/invoices', {
      customerUuid: customer.id,
      isDraft: false,
      date: '2026-01-05',
      dueDate: '2099-01-01',
      products: [freeTextLine(sales, 120.5)],
    });
    const overview = (await t.api.expect(200, 'GET', `/customers/${customer.id}/revenue-overview`))
      .revenueOverview;
    expect(overview).toMatchObject({
      invoiceCount: 1,
      totalInvoiced: '120.50',
      outstanding: '120.50',
      totalPaid: '0.00',
    });
  });
});
