import { newUuid } from '../ids.js';
import { notFound } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import type { DataRoute, RequestContext } from '../http/route.js';
import { money } from '../http/views.js';
import type { CustomerAddress, CustomerRecord } from '../state/records.js';
import { customerView, readContact, sanitizeHtml } from './customer-fields.js';
import { checkNoteText } from './customers-endpoints.js';
import { amountDueOf } from './invoice-model.js';
import { findOr404, uuidParam } from './shared.js';

function customerOf(ctx: RequestContext): CustomerRecord {
  return findOr404(ctx.ws.customers, uuidParam(ctx), 'Customer');
}

function touched(ctx: RequestContext, customer: CustomerRecord): void {
  customer.updatedAt = ctx.now;
  ctx.emit('customer.updated', customerView(customer));
}

function child<T extends { id: string }>(list: T[], id: string | undefined, what: string): T {
  const found = list.find((item) => item.id === id?.toLowerCase());
  if (!found) throw notFound(what, id);
  return found;
}

function readCustomerAddress(
  reader: BodyReader,
  existing: CustomerAddress | undefined,
  now: string,
): CustomerAddress {
  const address: CustomerAddress = {
    id: existing?.id ?? newUuid(),
    label: reader.string('label', { allowEmpty: true, max: 100 }) ?? existing?.label ?? '',
    street: reader.string('street', { allowEmpty: true, max: 300 }) ?? existing?.street ?? '',
    city: reader.string('city', { allowEmpty: true, max: 100 }) ?? existing?.city ?? '',
    state: reader.string('state', { allowEmpty: true, max: 100 }) ?? existing?.state ?? '',
    zipCode: reader.string('zipCode', { allowEmpty: true, max: 20 }) ?? existing?.zipCode ?? '',
    country: reader.string('country', { allowEmpty: true, max: 100 }) ?? existing?.country ?? '',
    isPrimary: reader.boolean('isPrimary') ?? existing?.isPrimary ?? false,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };
  reader.internalOnly(['id'], 'assigned by the service');
  reader.finish();
  reader.assertValid();
  return address;
}

function keepOnePrimary(list: Array<{ id: string; isPrimary: boolean }>, primaryId: string): void {
  for (const item of list) if (item.id !== primaryId) item.isPrimary = false;
}

/** A customer's lists of which at most one entry is primary; each name is also the path segment. */
type PrimaryLists = Pick<CustomerRecord, 'contacts' | 'addresses'>;
type EntryOf<F extends keyof PrimaryLists> = PrimaryLists[F][number];

/**
 * List, add, update and remove for one primary list; each write re-emits the customer. `what`
 * names an entry in a 404 and, lower-cased, keys it in answers.
 */
function primaryListRoutes<F extends keyof PrimaryLists>(list: {
  field: F;
  what: string;
  /** The path parameter that names one entry. */
  param: string;
  /** Reads a valid entry from the body (else a 400), over `existing` on an update. */
  read(reader: BodyReader, existing: EntryOf<F> | undefined, now: string): EntryOf<F>;
}): DataRoute[] {
  const path = `/customers/:uuid/${list.field}`;
  const entryPath = `${path}/:${list.param}`;
  const key = list.what.toLowerCase();
  const entries = (customer: CustomerRecord): Array<EntryOf<F>> => customer[list.field];
  const entryOf = (ctx: RequestContext, customer: CustomerRecord) =>
    child(entries(customer), ctx.params[list.param], list.what);
  return [
    {
      method: 'GET',
      path,
      handler: (ctx) => ({ data: { [list.field]: entries(customerOf(ctx)) } }),
    },
    {
      method: 'POST',
      path,
      handler(ctx) {
        const customer = customerOf(ctx);
        const reader = BodyReader.of(ctx.body);
        const entry = list.read(reader, undefined, ctx.now);
        entries(customer).push(entry);
        if (entry.isPrimary) keepOnePrimary(entries(customer), entry.id);
        touched(ctx, customer);
        return { status: 201, data: { [key]: entry }, warnings: reader.warnings };
      },
    },
    {
      method: 'PATCH',
      path: entryPath,
      handler(ctx) {
        const customer = customerOf(ctx);
        const existing = entryOf(ctx, customer);
        const reader = BodyReader.of(ctx.body);
        Object.assign(existing, list.read(reader, existing, ctx.now));
        if (existing.isPrimary) keepOnePrimary(entries(customer), existing.id);
        touched(ctx, customer);
        return { data: { [key]: existing }, warnings: reader.warnings };
      },
    },
    {
      method: 'DELETE',
      path: entryPath,
      handler(ctx) {
        const customer = customerOf(ctx);
        const existing = entryOf(ctx, customer);
        const kept = entries(customer).filter((entry) => entry !== existing);
        customer[list.field] = kept as CustomerRecord[F];
        touched(ctx, customer);
        return { message: `${list.what} removed.`, data: { [key]: existing } };
      },
    },
  ];
}

export const customerDetailRoutes: DataRoute[] = [
  ...primaryListRoutes({
    field: 'contacts',
    what: 'Contact',
    param: 'contactUuid',
    read(reader, existing) {
      const contact = readContact(reader, existing);
      reader.assertValid();
      return contact;
    },
  }),
  ...primaryListRoutes({
    field: 'addresses',
    what: 'Address',
    param: 'customerAddressUuid',
    read: readCustomerAddress,
  }),
  {
    method: 'GET',
    path: '/customers/:uuid/notes',
    handler: (ctx) => ({ data: { notes: [...customerOf(ctx).noteLog].reverse() } }),
  },
  {
    method: 'POST',
    path: '/customers/:uuid/notes',
    handler(ctx) {
      const customer = customerOf(ctx);
      const reader = BodyReader.of(ctx.body);
      const text = checkNoteText(reader.string('text', { max: 100_000 }));
      reader.finish();
      const note = {
        id: newUuid(),
        text: sanitizeHtml(text),
        author: ctx.app.name,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      };
      customer.noteLog.push(note);
      customer.updatedAt = ctx.now;
      return { status: 201, data: { note }, warnings: reader.warnings };
    },
  },
  {
    method: 'PATCH',
    path: '/customers/:uuid/notes/:noteUuid',
    handler(ctx) {
      const customer = customerOf(ctx);
      const note = child(customer.noteLog, ctx.params.noteUuid, 'Note');
      const reader = BodyReader.of(ctx.body);
      const text = checkNoteText(reader.string('text', { max: 100_000 }));
      reader.finish();
      note.text = sanitizeHtml(text);
      note.updatedAt = ctx.now;
      return { data: { note }, warnings: reader.warnings };
    },
  },
  {
    method: 'DELETE',
    path: '/customers/:uuid/notes/:noteUuid',
    handler(ctx) {
      const customer = customerOf(ctx);
      const note = child(customer.noteLog, ctx.params.noteUuid, 'Note');
      customer.noteLog = customer.noteLog.filter((item) => item !== note);
      return { message: 'Note removed.', data: { note } };
    },
  },
  {
    method: 'GET',
    path: '/customers/:uuid/revenue-overview',
    handler(ctx) {
      const customer = customerOf(ctx);
      let invoiced = 0n;
      let outstanding = 0n;
      let overdue = 0n;
      let invoiceCount = 0;
      let paidCount = 0;
      for (const invoice of ctx.ws.invoices.values()) {
        if (
          invoice.customerUuid !== customer.id ||
          invoice.isDraft ||
          invoice.invoiceType !== 'invoice'
        )
          continue;
        invoiceCount += 1;
        invoiced += invoice.total;
        const due = amountDueOf(invoice);
        outstanding += due;
        if (due === 0n) paidCount += 1;
        if (due > 0n && invoice.dueDate !== null && invoice.dueDate < ctx.today) overdue += due;
      }
      return {
        data: {
          revenueOverview: {
            customerUuid: customer.id,
            currency: ctx.ws.meta.currency,
            invoiceCount,
            paidInvoiceCount: paidCount,
            totalInvoiced: money(invoiced),
            totalPaid: money(invoiced - outstanding),
            outstanding: money(outstanding),
            overdue: money(overdue),
          },
        },
      };
    },
  },
];
