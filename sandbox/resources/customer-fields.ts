import { newUuid } from '../ids.js';
import type { BodyReader } from '../http/body-reader.js';
import type { Address, CustomerContact, CustomerRecord } from '../state/records.js';

/** Strips markup from notes: the service sanitizes HTML on save (spec). */
export function sanitizeHtml(text: string): string {
  return text.replace(/<[^>]*>/g, '').trim();
}

/** The service stores websites with https:// when the protocol is omitted (spec). */
export function normalizeWebsite(website: string): string {
  if (website === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(website)) return website;
  return `https://${website}`;
}

function readAddress(
  reader: BodyReader,
  name: string,
  existingId?: string,
): Address | null | undefined {
  const child = reader.object(name, { nullable: true });
  if (child === null) return null;
  if (!child) return undefined;
  const address: Address = {
    id: existingId ?? newUuid(),
    street: child.string('street', { allowEmpty: true, max: 300 }) ?? '',
    city: child.string('city', { allowEmpty: true, max: 100 }) ?? '',
    state: child.string('state', { allowEmpty: true, max: 100 }) ?? '',
    zipCode: child.string('zipCode', { allowEmpty: true, max: 20 }) ?? '',
    country: child.string('country', { allowEmpty: true, max: 100 }) ?? '',
  };
  child.internalOnly(['id'], 'assigned by the service');
  child.finish();
  return address;
}

export function readContact(child: BodyReader, existing?: CustomerContact): CustomerContact {
  const contact: CustomerContact = {
    id: existing?.id ?? newUuid(),
    firstName:
      child.string('firstName', { allowEmpty: true, max: 100 }) ?? existing?.firstName ?? '',
    lastName: child.string('lastName', { allowEmpty: true, max: 100 }) ?? existing?.lastName ?? '',
    email: child.string('email', { allowEmpty: true, max: 254 }) ?? existing?.email ?? '',
    phone: child.string('phone', { allowEmpty: true, max: 50 }) ?? existing?.phone ?? '',
    isPrimary: child.boolean('isPrimary') ?? existing?.isPrimary ?? false,
  };
  if (contact.email && !/^[^@\s]+@[^@\s]+$/.test(contact.email)) {
    child.fail('email', 'invalid_email', `${child.path('email')} is not an email address.`);
  }
  child.internalOnly(['id'], 'assigned by the service');
  child.finish();
  return contact;
}

/** contactName is derived from the first contact and kept up to date (spec). */
export function contactNameOf(customer: CustomerRecord): string {
  const first = customer.contacts[0];
  return first ? `${first.firstName} ${first.lastName}`.trim() : '';
}

/**
 * Reads the customer fields shared by create and update into `target` (only sent fields change).
 * Returns false when a field is invalid (the reader holds the errors).
 */
export function applyCustomerFields(
  reader: BodyReader,
  target: CustomerRecord,
  creating: boolean,
): void {
  reader.internalOnly(
    ['id', 'contactName', 'createdAt', 'updatedAt', 'salesRep'],
    'managed by the service',
  );
  const name = reader.string('customer', { required: creating, max: 255 });
  const email = reader.string('email', { nullable: true, max: 254 });
  if (email && !/^[^@\s]+@[^@\s]+$/.test(email))
    reader.fail('email', 'invalid_email', 'email is not an email address.');
  const mainPhone = reader.string('mainPhone', { allowEmpty: true, max: 50 });
  const website = reader.string('website', { allowEmpty: true, max: 255 });
  const status = reader.enumOf('status', ['active', 'inactive'] as const);
  const notes = reader.string('notes', { allowEmpty: true, max: 10_000 });
  const paymentTerm = reader.string('paymentTerm', { allowEmpty: true, max: 100 });
  const taxNumber = reader.string('taxNumber', { nullable: true, max: 100 });
  const taxAutoCalculate = reader.boolean('taxAutoCalculate');
  const taxExcluded = reader.boolean('taxExcluded');
  if (reader.has('salesRepId')) {
    reader.fail(
      'salesRepId',
      'not_found',
      'salesRepId names no person of this workspace (the sandbox has no people).',
    );
  }
  const taxes = reader.array('taxes');
  if (taxes && taxes.length > 0) {
    reader.fail('taxes', 'not_found', 'taxes names tax rates this workspace does not have.');
  }
  const billingAddress = readAddress(reader, 'billingAddress', target.billingAddress?.id);
  const shippingAddress = readAddress(reader, 'shippingAddress', target.shippingAddress?.id);
  const contacts = reader.objects('contacts')?.map((child) => readContact(child));
  if (reader.errors.length > 0) return;
  if (name) target.customer = name;
  if (email !== undefined) target.email = email || null;
  if (mainPhone !== undefined && mainPhone !== null) target.mainPhone = mainPhone;
  if (website !== undefined && website !== null) target.website = normalizeWebsite(website);
  if (status) target.status = status;
  if (notes !== undefined && notes !== null) target.notes = sanitizeHtml(notes);
  if (paymentTerm !== undefined && paymentTerm !== null) target.paymentTerm = paymentTerm;
  if (taxNumber !== undefined) target.taxNumber = taxNumber || null;
  if (taxAutoCalculate !== undefined) target.taxAutoCalculate = taxAutoCalculate;
  if (taxExcluded !== undefined) target.taxExcluded = taxExcluded;
  if (billingAddress !== undefined) target.billingAddress = billingAddress;
  if (shippingAddress !== undefined) target.shippingAddress = shippingAddress;
  if (contacts) target.contacts = contacts;
}

export function emptyCustomer(now: string): CustomerRecord {
  return {
    id: newUuid(),
    customer: '',
    email: null,
    mainPhone: '',
    website: '',
    status: 'active',
    notes: '',
    paymentTerm: '',
    taxNumber: null,
    taxAutoCalculate: false,
    taxExcluded: false,
    billingAddress: null,
    shippingAddress: null,
    contacts: [],
    addresses: [],
    noteLog: [],
    taxes: [],
    salesRepId: null,
    firmManaged: false,
    mergedInto: null,
    createdAt: now,
    updatedAt: now,
  };
}

export function customerView(customer: CustomerRecord): Record<string, unknown> {
  return {
    id: customer.id,
    customer: customer.customer,
    email: customer.email,
    mainPhone: customer.mainPhone,
    website: customer.website,
    status: customer.status,
    notes: customer.notes,
    paymentTerm: customer.paymentTerm,
    taxNumber: customer.taxNumber,
    taxAutoCalculate: customer.taxAutoCalculate,
    taxExcluded: customer.taxExcluded,
    contactName: contactNameOf(customer),
    billingAddress: customer.billingAddress,
    shippingAddress: customer.shippingAddress,
    contacts: customer.contacts,
    taxes: customer.taxes,
    salesRep: null,
    createdAt: customer.createdAt,
    updatedAt: customer.updatedAt,
  };
}
