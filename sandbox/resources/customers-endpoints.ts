import { businessRule, validationFailed } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import { pageOf, readPage } from '../http/page-request.js';
import { QueryReader } from '../http/query-reader.js';
import type { DataRoute, RequestContext } from '../http/route.js';
import type { CustomerRecord } from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import {
  applyCustomerFields,
  contactNameOf,
  customerView,
  emptyCustomer,
} from './customer-fields.js';
import { compareText, findOr404, runBulk, uuidParam } from './shared.js';

const ORDER_BY = ['customer', 'email', 'createdAt', 'updatedAt'] as const;

/**
 * What still points at a customer. Only delete and merge ask, so a scan is cheaper than keeping a
 * reverse index up to date on every document write.
 */
export function customerUsage(ws: WorkspaceData, customerIds: Set<string>) {
  const invoices = [...ws.invoices.values()].filter((invoice) =>
    customerIds.has(invoice.customerUuid),
  );
  const transactions = [...ws.transactions.values()].filter(
    (transaction) => transaction.customerUuid !== null && customerIds.has(transaction.customerUuid),
  );
  const projects = [...ws.projects.values()].filter(
    (project) => project.customerUuid !== null && customerIds.has(project.customerUuid),
  );
  return { invoices, transactions, projects };
}

/** Registers a new customer (also used for inline customers on invoices). */
export function insertCustomer(ws: WorkspaceData, customer: CustomerRecord): void {
  ws.customers.set(customer.id, customer);
  ws.customerNames.set(customer.customer.toLowerCase(), customer.id);
}

function createCustomer(ctx: RequestContext, input: unknown) {
  const { fields: customer, reader } = BodyReader.read(input, (body) => {
    const customer = emptyCustomer(ctx.now);
    applyCustomerFields(body, customer, true);
    return customer;
  });
  insertCustomer(ctx.ws, customer);
  const view = customerView(customer);
  ctx.emit('customer.created', view);
  return { customer, view, warnings: reader.warnings };
}

function updateCustomer(ctx: RequestContext, customer: CustomerRecord, reader: BodyReader) {
  // Validate into a copy so a 400 leaves the record untouched.
  const draft: CustomerRecord = { ...customer };
  applyCustomerFields(reader, draft, false);
  reader.finish();
  reader.assertValid();
  Object.assign(customer, draft, { updatedAt: ctx.now });
  ctx.ws.customerNames.set(customer.customer.toLowerCase(), customer.id);
  const view = customerView(customer);
  ctx.emit('customer.updated', view);
  return { view, warnings: reader.warnings };
}

function matchesSearch(customer: CustomerRecord, needle: string): boolean {
  if (customer.customer.toLowerCase().includes(needle)) return true;
  if (contactNameOf(customer).toLowerCase().includes(needle)) return true;
  return customer.contacts.some(
    (contact) =>
      `${contact.firstName} ${contact.lastName}`.toLowerCase().includes(needle) ||
      contact.phone.toLowerCase().includes(needle),
  );
}

export const customerRoutes: DataRoute[] = [
  {
    method: 'GET',
    path: '/customers',
    handler(ctx) {
      const query = new QueryReader(ctx.query);
      const search = query.string('search');
      const status = query.enumOf('status', ['active', 'inactive'] as const);
      const orderBy = query.enumOf('orderBy', ORDER_BY) ?? 'customer';
      const orderDirection = query.enumOf('orderDirection', ['ASC', 'DESC'] as const) ?? 'ASC';
      query.assertValid();
      const page = readPage(ctx.query);
      const needle = search?.toLowerCase();
      const items = ctx.ws.cachedList(
        `customers|${search ?? ''}|${status ?? ''}|${orderBy}|${orderDirection}`,
        () => {
          const list = [...ctx.ws.customers.values()].filter(
            (customer) =>
              (!status || customer.status === status) &&
              (!needle || matchesSearch(customer, needle)),
          );
          const key = (customer: CustomerRecord) =>
            orderBy === 'customer'
              ? customer.customer
              : orderBy === 'email'
                ? (customer.email ?? '')
                : customer[orderBy];
          list.sort((a, b) => compareText(key(a), key(b)) || compareText(a.createdAt, b.createdAt));
          if (orderDirection === 'DESC') list.reverse();
          return list;
        },
      );
      return {
        data: {
          ...pageOf(items, page, 'records', customerView),
          filters: {
            search: search ?? null,
            status: status ?? null,
            orderBy,
            orderDirection,
            page: page.page,
            limit: page.limit,
          },
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/customers/:uuid',
    handler(ctx) {
      return {
        data: { customer: customerView(findOr404(ctx.ws.customers, uuidParam(ctx), 'Customer')) },
      };
    },
  },
  {
    method: 'POST',
    path: '/customers',
    handler(ctx) {
      const { view, warnings } = createCustomer(ctx, ctx.body);
      return { status: 201, data: { customer: view }, warnings };
    },
  },
  {
    method: 'POST',
    path: '/customers/bulk',
    handler(ctx) {
      return runBulk(ctx, 'customers', 'customer', (input) => {
        const { customer, view, warnings } = createCustomer(ctx, input);
        return { status: 'created', id: customer.id, record: view, warnings };
      });
    },
  },
  {
    method: 'PATCH',
    path: '/customers/bulk',
    handler(ctx) {
      return runBulk(ctx, 'customers', 'customer', (input) => {
        const reader = BodyReader.of(input);
        const uuid = reader.uuid('uuid', { required: true });
        reader.assertValid('Each row identifies its customer under uuid.');
        const customer = findOr404(ctx.ws.customers, uuid!, 'Customer');
        const { view, warnings } = updateCustomer(ctx, customer, reader);
        return { status: 'updated', id: customer.id, record: view, warnings };
      });
    },
  },
  {
    method: 'PATCH',
    path: '/customers/:uuid',
    handler(ctx) {
      const customer = findOr404(ctx.ws.customers, uuidParam(ctx), 'Customer');
      const { view, warnings } = updateCustomer(ctx, customer, BodyReader.of(ctx.body));
      return { data: { customer: view }, warnings };
    },
  },
  {
    method: 'DELETE',
    path: '/customers/:uuid',
    handler(ctx) {
      const customer = findOr404(ctx.ws.customers, uuidParam(ctx), 'Customer');
      if (customer.firmManaged) throw businessRule('A firm-managed customer cannot be deleted.');
      const usage = customerUsage(ctx.ws, new Set([customer.id]));
      const used = (['invoices', 'transactions', 'projects'] as const).filter(
        (kind) => usage[kind].length > 0,
      );
      if (used.length > 0) {
        throw businessRule(`The customer is assigned to ${used.join(', ')} and cannot be deleted.`);
      }
      customer.status = 'inactive';
      customer.updatedAt = ctx.now;
      const view = customerView(customer);
      ctx.emit('customer.deleted', view);
      return { message: 'Customer deleted (set inactive).', data: { customer: view } };
    },
  },
];

/** 400 unless `text` is 1..1200 characters (customer notes, spec limit). */
export function checkNoteText(text: string | null | undefined): string {
  if (!text)
    throw validationFailed('text is required.', [
      { field: 'text', reason: 'required', message: 'text is required.' },
    ]);
  if (text.length > 1200) {
    throw validationFailed('A note is at most 1200 characters.', [
      {
        field: 'text',
        reason: 'too_long',
        message: `text has ${text.length} characters; the limit is 1200.`,
      },
    ]);
  }
  return text;
}
