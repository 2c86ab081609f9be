import { newUuid } from '../ids.js';
import { BodyReader } from '../http/body-reader.js';
import { pageOf, readPage } from '../http/page-request.js';
import { QueryReader } from '../http/query-reader.js';
import type { DataRoute, RequestContext } from '../http/route.js';
import type { VendorRecord } from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import { normalizeWebsite } from './customer-fields.js';
import { findOr404, newestFirst, uuidParam } from './shared.js';

export function vendorView(vendor: VendorRecord): Record<string, unknown> {
  return { ...vendor };
}

/** Reads vendor fields into `target` (assumption R1); only sent fields change. */
function applyVendorFields(reader: BodyReader, target: VendorRecord, creating: boolean): void {
  reader.internalOnly(['id', 'createdAt', 'updatedAt'], 'managed by the service');
  const name = reader.string('name', { required: creating, max: 255 });
  const email = reader.string('email', { nullable: true, max: 254 });
  if (email && !/^[^@\s]+@[^@\s]+$/.test(email))
    reader.fail('email', 'invalid_email', 'email is not an email address.');
  const phone = reader.string('phone', { allowEmpty: true, max: 50 });
  const website = reader.string('website', { allowEmpty: true, max: 255 });
  const taxId = reader.string('taxId', { nullable: true, max: 50 });
  const is1099 = reader.boolean('is1099');
  const status = reader.enumOf('status', ['active', 'inactive'] as const);
  const addressReader = reader.object('address', { nullable: true });
  let address: VendorRecord['address'] | undefined;
  if (addressReader === null) address = null;
  else if (addressReader) {
    address = {
      street: addressReader.string('street', { allowEmpty: true }) ?? '',
      city: addressReader.string('city', { allowEmpty: true }) ?? '',
      state: addressReader.string('state', { allowEmpty: true }) ?? '',
      zipCode: addressReader.string('zipCode', { allowEmpty: true }) ?? '',
      country: addressReader.string('country', { allowEmpty: true }) ?? '',
    };
    addressReader.finish();
  }
  reader.finish();
  reader.assertValid();
  if (name) target.name = name;
  if (email !== undefined) target.email = email || null;
  if (phone !== undefined && phone !== null) target.phone = phone;
  if (website !== undefined && website !== null) target.website = normalizeWebsite(website);
  if (taxId !== undefined) target.taxId = taxId || null;
  if (is1099 !== undefined) target.is1099 = is1099;
  if (status) target.status = status;
  if (address !== undefined) target.address = address;
}

export function blankVendor(now: string): VendorRecord {
  return {
    id: newUuid(),
    name: '',
    email: null,
    phone: '',
    website: '',
    address: null,
    taxId: null,
    is1099: false,
    status: 'active',
    createdAt: now,
    updatedAt: now,
  };
}

export function insertVendor(ws: WorkspaceData, vendor: VendorRecord): void {
  ws.vendors.set(vendor.id, vendor);
  ws.vendorNames.set(vendor.name.toLowerCase(), vendor.id);
}

function createVendor(ctx: RequestContext, input: unknown) {
  const reader = BodyReader.of(input);
  const vendor = blankVendor(ctx.now);
  applyVendorFields(reader, vendor, true);
  insertVendor(ctx.ws, vendor);
  ctx.emit('vendor.created', vendorView(vendor));
  return { vendor, warnings: reader.warnings };
}

export const vendorRoutes: DataRoute[] = [
  {
    method: 'GET',
    path: '/vendors',
    handler(ctx) {
      const query = new QueryReader(ctx.query);
      const search = query.string('search')?.toLowerCase();
      const status = query.enumOf('status', ['active', 'inactive'] as const);
      query.assertValid();
      const page = readPage(ctx.query);
      const items = ctx.ws.cachedList(`vendors|${search ?? ''}|${status ?? ''}`, () =>
        newestFirst(
          ctx.ws.vendors,
          (vendor) =>
            (!status || vendor.status === status) &&
            (!search ||
              vendor.name.toLowerCase().includes(search) ||
              (vendor.email ?? '').toLowerCase().includes(search)),
        ),
      );
      return { data: pageOf(items, page, 'vendors', vendorView) };
    },
  },
  {
    method: 'GET',
    path: '/vendors/:uuid',
    handler: (ctx) => ({
      data: { vendor: vendorView(findOr404(ctx.ws.vendors, uuidParam(ctx), 'Vendor')) },
    }),
  },
  {
    method: 'POST',
    path: '/vendors',
    handler(ctx) {
      const { vendor, warnings } = createVendor(ctx, ctx.body);
      return { status: 201, data: { vendor: vendorView(vendor) }, warnings };
    },
  },
  {
    method: 'PATCH',
    path: '/vendors/:uuid',
    handler(ctx) {
      const vendor = findOr404(ctx.ws.vendors, uuidParam(ctx), 'Vendor');
      const reader = BodyReader.of(ctx.body);
      const draft = { ...vendor };
      applyVendorFields(reader, draft, false);
      Object.assign(vendor, draft, { updatedAt: ctx.now });
      ctx.ws.vendorNames.set(vendor.name.toLowerCase(), vendor.id);
      ctx.emit('vendor.updated', vendorView(vendor));
      return { data: { vendor: vendorView(vendor) }, warnings: reader.warnings };
    },
  },
  {
    method: 'DELETE',
    path: '/vendors/:uuid',
    handler(ctx) {
      const vendor = findOr404(ctx.ws.vendors, uuidParam(ctx), 'Vendor');
      vendor.status = 'inactive';
      vendor.updatedAt = ctx.now;
      ctx.emit('vendor.deleted', vendorView(vendor));
      return { message: 'Vendor deleted (set inactive).', data: { vendor: vendorView(vendor) } };
    },
  },
];
