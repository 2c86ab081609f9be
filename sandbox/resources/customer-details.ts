import { newUuid } from '../ids.js';
import { notFound } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import type { DataRoute, RequestContext } from '../http/route.js';
import { money } from '../http/views.js';
import type { CustomerAddress, CustomerRecord } from '../state/records.js';
import { customerView, readContact, sanitizeHtml } from './customer-fields.js';
import { checkNoteText } from './customers.js';
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

export const customerDetailRoutes: DataRoute[] = [
  {
    method: 'GET',
    path: '/customers/:uuid/contacts',
    handler: (ctx) => ({ data: { contacts: customerOf(ctx).contacts } }),
  },
  {
    method: 'POST',
    path: '/customers/:uuid/contacts',
    handler(ctx) {
      const customer = customerOf(ctx);
      const reader = BodyReader.of(ctx.body);
      const contact = readContact(reader);
      reader.assertValid();
      customer.contacts.push(contact);
      if (contact.isPrimary) keepOnePrimary(customer.contacts, contact.id);
      touched(ctx, customer);
      return { status: 201, data: { contact }, warnings: reader.warnings };
    },
  },
  {
    method: 'PATCH',
    path: '/customers/:uuid/contacts/:contactUuid',
    handler(ctx) {
      const customer = customerOf(ctx);
      const existing = child(customer.contacts, ctx.params.contactUuid, 'Contact');
      const reader = BodyReader.of(ctx.body);
      const contact = readContact(reader, existing);
      reader.assertValid();
      Object.assign(existing, contact);
      if (existing.isPrimary) keepOnePrimary(customer.contacts, existing.id);
      touched(ctx, customer);
      return { data: { contact: existing }, warnings: reader.warnings };
    },
  },
  {
    method: 'DELETE',
    path: '/customers/:uuid/contacts/:contactUuid',
    handler(ctx) {
      const customer = customerOf(ctx);
      const existing = child(customer.contacts, ctx.params.contactUuid, 'Contact');
      customer.contacts = customer.contacts.filter((contact) => contact !== existing);
      touched(ctx, customer);
      return { message: 'Contact removed.', data: { contact: existing } };
    },
  },
  {
    method: 'GET',
    path: '/customers/:uuid/addresses',
    handler: (ctx) => ({ data: { addresses: customerOf(ctx).addresses } }),
  },
  {
    method: 'POST',
    path: '/customers/:uuid/addresses',
    handler(ctx) {
      const customer = customerOf(ctx);
      const reader = BodyReader.of(ctx.body);
      const address = readCustomerAddress(reader, undefined, ctx.now);
      customer.addresses.push(address);
      if (address.isPrimary) keepOnePrimary(customer.addresses, address.id);
      touched(ctx, customer);
      return { status: 201, data: { address }, warnings: reader.warnings };
    },
  },
  {
    method: 'PATCH',
    path: '/customers/:uuid/addresses/:customerAddressUuid',
    handler(ctx) {
      const customer = customerOf(ctx);
      const existing = child(customer.addresses, ctx.params.customerAddressUuid, 'Address');
      const reader = BodyReader.of(ctx.body);
      Object.assign(existing, readCustomerAddress(reader, existing, ctx.now));
      if (existing.isPrimary) keepOnePrimary(customer.addresses, existing.id);
      touched(ctx, customer);
      return { data: { address: existing }, warnings: reader.warnings };
    },
  },
  {
    method: 'DELETE',
    path: '/customers/:uuid/addresses/:customerAddressUuid',
    handler(ctx) {
      const customer = customerOf(ctx);
      const existing = child(customer.addresses, ctx.params.customerAddressUuid, 'Address');
      customer.addresses = customer.addresses.filter((address) => address !== existing);
      touched(ctx, customer);
      return { message: 'Address removed.', data: { address: existing } };
    },
  },
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
