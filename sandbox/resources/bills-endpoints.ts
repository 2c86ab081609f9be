import { lineAmountCents } from '../../src/money/index.js';
import { newUuid } from '../ids.js';
import { businessRule } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import { pageOf, readPage } from '../http/page-request.js';
import { QueryReader } from '../http/query-reader.js';
import type { DataRoute, RequestContext, RouteResult } from '../http/route.js';
import type { BillLine, BillRecord, VendorRecord } from '../state/records.js';
import { billNumberKey, type WorkspaceData } from '../state/workspace-state.js';
import { checkAccountRef } from './account-rules.js';
import { billView, postBill } from './bill-model.js';
import { requireRate } from '../state/exchange-rates.js';
import { allocatedOf } from './invoice-model.js';
import { answerUpdated, checkRef, findOr404, newestFirst, uuidParam } from './shared.js';
import { blankVendor, insertVendor, vendorView } from './vendors-endpoints.js';

const CURRENCY = /^[A-Z]{3}$/;

/** Numeric legacy spellings on bill routes are a 400 (spec). */
const LEGACY_BILL_FIELDS = { vendorId: 'vendorUuid', tags: 'tagUuids', projectId: 'projectUuid' };
const LEGACY_LINE_FIELDS = {
  categoryAccountId: 'categoryAccountUuid',
  projectId: 'projectUuid',
  customerId: 'customerUuid',
};

export function billOf(ctx: RequestContext): BillRecord {
  return findOr404(ctx.ws.bills, uuidParam(ctx), 'Bill');
}

export function billViewOf(ctx: RequestContext, bill: BillRecord) {
  return billView(ctx.ws, bill, ctx.today);
}

/** Emits bill.updated with the bill's view and answers with that same view. */
export function billUpdated(
  ctx: RequestContext,
  bill: BillRecord,
  message: string,
  reader: BodyReader,
): RouteResult {
  return answerUpdated(ctx, 'bill.updated', 'bill', billViewOf(ctx, bill), message, reader);
}

/** Actions on a soft-deleted bill are a 400: it can still be read, not changed. */
export function notDeleted(bill: BillRecord): void {
  if (bill.isDeleted) throw businessRule(`Bill ${bill.billNumber} is deleted.`);
}

function readLineItems(ws: WorkspaceData, reader: BodyReader): BillLine[] | undefined {
  return reader.objects('lineItems')?.map((line) => {
    line.rejectLegacy(LEGACY_LINE_FIELDS);
    const description = line.string('description', { allowEmpty: true, max: 4000 }) ?? '';
    const quantity = line.decimal('quantity', { maxScale: 4 }) ?? '1';
    const price = line.decimal('price', { maxScale: 4, required: true });
    const categoryAccountUuid = line.uuid('categoryAccountUuid', { required: true });
    const projectUuid = line.uuid('projectUuid', { nullable: true });
    const customerUuid = line.uuid('customerUuid', { nullable: true });
    const account = checkAccountRef(ws, line, 'categoryAccountUuid', categoryAccountUuid);
    if (account?.systemRole === 'accountsPayable' || account?.systemRole === 'accountsReceivable') {
      line.fail(
        'categoryAccountUuid',
        'control_account',
        'A bill line cannot post to a receivable or payable control account.',
      );
    }
    checkRef(line, 'projectUuid', projectUuid, ws.projects, 'Project');
    checkRef(line, 'customerUuid', customerUuid, ws.customers, 'Customer');
    line.internalOnly(['id', 'total'], 'computed by the service');
    line.finish();
    return {
      id: newUuid(),
      description,
      quantity,
      price: price ?? '0',
      total: price ? lineAmountCents(quantity, price) : 0n,
      categoryAccountUuid: categoryAccountUuid ?? '',
      projectUuid: projectUuid ?? null,
      customerUuid: customerUuid ?? null,
    };
  });
}

/** `vendorUuid` or an inline `vendor` {name, email}: matched by name, else created on commit. */
function readVendorRef(ctx: RequestContext, reader: BodyReader, required: boolean) {
  const uuid = reader.uuid('vendorUuid');
  const inline = reader.object('vendor');
  let pending: VendorRecord | undefined;
  if (uuid && inline)
    reader.fail('vendor', 'conflict', 'Send vendorUuid or an inline vendor, not both.');
  if (uuid) {
    if (!ctx.ws.vendors.has(uuid))
      reader.fail('vendorUuid', 'not_found', `Vendor ${uuid} was not found in this workspace.`);
    return { vendorUuid: uuid, pending };
  }
  if (inline) {
    const name = inline.string('name', { required: true, max: 255 });
    const email = inline.string('email', { nullable: true, max: 254 });
    inline.finish();
    if (!name) return { vendorUuid: undefined, pending };
    const existingId = ctx.ws.vendorNames.get(name.toLowerCase());
    const existing = existingId ? ctx.ws.vendors.get(existingId) : undefined;
    if (existing && existing.name.toLowerCase() === name.toLowerCase())
      return { vendorUuid: existing.id, pending };
    pending = { ...blankVendor(ctx.now), name, email: email ?? null };
    return { vendorUuid: pending.id, pending };
  }
  if (required)
    reader.fail('vendorUuid', 'required', 'vendorUuid (or an inline vendor) is required.');
  return { vendorUuid: undefined, pending };
}

function checkTags(ws: WorkspaceData, reader: BodyReader, tagUuids: string[] | undefined) {
  for (const id of tagUuids ?? [])
    if (!ws.tags.has(id)) reader.fail('tagUuids', 'not_found', `Tag ${id} was not found.`);
}

/** The fields a bill's create and update read last (tags, project, notes, PO number), then the end. */
function readBillTail(ws: WorkspaceData, reader: BodyReader) {
  const tagUuids = reader.uuidArray('tagUuids');
  checkTags(ws, reader, tagUuids);
  const projectUuid = reader.uuid('projectUuid', { nullable: true });
  checkRef(reader, 'projectUuid', projectUuid, ws.projects, 'Project');
  const notes = reader.string('notes', { allowEmpty: true, max: 10_000 });
  const purchaseOrderNumber = reader.string('purchaseOrderNumber', { nullable: true, max: 100 });
  reader.internalOnly(READ_ONLY, 'computed by the service');
  reader.finish();
  return { tagUuids, projectUuid, notes, purchaseOrderNumber };
}

/** A bill number is unique per vendor and bill type (assumption R18); an index lookup, not a scan. */
function billNumberTaken(
  ws: WorkspaceData,
  vendorUuid: string,
  billType: BillRecord['billType'],
  billNumber: string,
  except?: string,
): boolean {
  const holder = ws.billNumbers.get(billNumberKey({ vendorUuid, billType, billNumber }));
  return holder !== undefined && holder !== except;
}

function totalOf(lines: BillLine[]) {
  let total = 0n;
  for (const line of lines) total += line.total;
  return total;
}

const READ_ONLY = [
  'id',
  'status',
  'total',
  'paidAmount',
  'amountDue',
  'isDeleted',
  'transactions',
  'appliedVendorMemos',
  'createdAt',
  'updatedAt',
];

function createBill(ctx: RequestContext) {
  const { ws } = ctx;
  const reader = BodyReader.of(ctx.body);
  reader.rejectLegacy(LEGACY_BILL_FIELDS);
  const billType = reader.enumOf('billType', ['bill', 'vendor_memo'] as const) ?? 'bill';
  const { vendorUuid, pending } = readVendorRef(ctx, reader, true);
  const billNumber = reader.string('billNumber', { max: 50 });
  const date = reader.date('date', { required: true });
  const dueDate = reader.date('dueDate', {
    required: billType === 'bill',
    nullable: billType === 'vendor_memo',
  });
  if (date && dueDate && dueDate < date)
    reader.fail('dueDate', 'before_date', 'dueDate cannot be before date.');
  const currency = reader.string('currency');
  if (currency && !CURRENCY.test(currency))
    reader.fail('currency', 'invalid', 'currency must be an ISO 4217 code.');
  const approvalStatus = reader.enumOf('approvalStatus', ['draft', 'approved'] as const) ?? 'draft';
  const lineItems = readLineItems(ws, reader) ?? [];
  const { tagUuids, projectUuid, notes, purchaseOrderNumber } = readBillTail(ws, reader);
  if (billNumber && vendorUuid && billNumberTaken(ws, vendorUuid, billType, billNumber)) {
    reader.fail(
      'billNumber',
      'duplicate',
      `This vendor already has a bill numbered ${billNumber}.`,
    );
  }
  reader.assertValid();
  if (approvalStatus === 'approved' && lineItems.length === 0)
    throw businessRule('An approved bill needs at least one line item.');
  const total = totalOf(lineItems);
  if (total < 0n) throw businessRule('A bill total cannot be negative.');
  if (pending) {
    insertVendor(ws, pending);
    ctx.emit('vendor.created', vendorView(pending));
  }
  if (approvalStatus === 'approved') requireRate(ws.meta, currency ?? ws.meta.currency, date!);
  const series = billType === 'bill' ? 'bill' : 'vendor_memo';
  const number = billNumber || ws.nextNumber(series, billType === 'bill' ? 'BILL' : 'VM');
  ws.commitNumber(series, number);
  const bill: BillRecord = {
    id: newUuid(),
    billNumber: number,
    billType,
    vendorUuid: vendorUuid!,
    date: date!,
    dueDate: dueDate ?? null,
    currency: currency ?? ws.meta.currency,
    approvalStatus,
    notes: notes ?? '',
    purchaseOrderNumber: purchaseOrderNumber ?? null,
    isDeleted: false,
    lineItems,
    tagUuids: tagUuids ?? [],
    projectUuid: projectUuid ?? null,
    total,
    allocations: [],
    journalEntryId: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  ws.bills.set(bill.id, bill);
  ws.billNumbers.set(billNumberKey(bill), bill.id);
  if (approvalStatus === 'approved') postBill(ws, bill, ctx.now);
  const view = billViewOf(ctx, bill);
  ctx.emit('bill.created', view);
  return { status: 201, data: { bill: view }, warnings: reader.warnings };
}

/** Fields a submitted or approved bill may still change; dates, lines and amounts are a 400. */
const POSTED_EDITABLE = ['notes', 'purchaseOrderNumber', 'tagUuids'];

function updateBill(ctx: RequestContext) {
  const { ws } = ctx;
  const bill = billOf(ctx);
  notDeleted(bill);
  const reader = BodyReader.of(ctx.body);
  reader.rejectLegacy(LEGACY_BILL_FIELDS);
  if (reader.has('approvalStatus')) {
    reader.fail(
      'approvalStatus',
      'use_action',
      'approvalStatus changes through POST /submit and /approve.',
    );
  }
  if (reader.has('billType'))
    reader.fail('billType', 'immutable', 'billType cannot change after create.');
  const editable = bill.approvalStatus === 'draft' || bill.approvalStatus === 'rejected';
  if (!editable) {
    const blocked = Object.keys(reader.raw).filter(
      (key) =>
        !POSTED_EDITABLE.includes(key) &&
        !READ_ONLY.includes(key) &&
        [
          'vendorUuid',
          'vendor',
          'billNumber',
          'date',
          'dueDate',
          'currency',
          'lineItems',
          'projectUuid',
        ].includes(key),
    );
    if (blocked.length > 0)
      throw businessRule(`A ${bill.approvalStatus} bill cannot change ${blocked.join(', ')}.`);
  }
  const hasVendor = reader.has('vendorUuid') || reader.has('vendor');
  const { vendorUuid, pending } = hasVendor
    ? readVendorRef(ctx, reader, false)
    : { vendorUuid: undefined, pending: undefined };
  const billNumber = reader.string('billNumber', { max: 50 });
  const date = reader.date('date');
  const dueDate = reader.date('dueDate', { nullable: bill.billType === 'vendor_memo' });
  const currency = reader.string('currency');
  if (currency && !CURRENCY.test(currency))
    reader.fail('currency', 'invalid', 'currency must be an ISO 4217 code.');
  const lineItems = reader.has('lineItems') ? readLineItems(ws, reader) : undefined;
  const { tagUuids, projectUuid, notes, purchaseOrderNumber } = readBillTail(ws, reader);
  const effectiveVendor = vendorUuid ?? bill.vendorUuid;
  if (billNumber && billNumberTaken(ws, effectiveVendor, bill.billType, billNumber, bill.id)) {
    reader.fail(
      'billNumber',
      'duplicate',
      `This vendor already has a bill numbered ${billNumber}.`,
    );
  }
  const effectiveDate = date ?? bill.date;
  const effectiveDue = dueDate === undefined ? bill.dueDate : dueDate;
  if (effectiveDue && effectiveDue < effectiveDate)
    reader.fail('dueDate', 'before_date', 'dueDate cannot be before date.');
  reader.assertValid();
  if (pending) {
    insertVendor(ws, pending);
    ctx.emit('vendor.created', vendorView(pending));
  }
  ws.billNumbers.delete(billNumberKey(bill));
  if (vendorUuid) bill.vendorUuid = vendorUuid;
  if (billNumber) bill.billNumber = billNumber;
  ws.billNumbers.set(billNumberKey(bill), bill.id);
  if (date) bill.date = date;
  if (dueDate !== undefined) bill.dueDate = dueDate;
  if (currency) bill.currency = currency;
  if (lineItems) {
    bill.lineItems = lineItems;
    bill.total = totalOf(lineItems);
  }
  if (tagUuids) bill.tagUuids = tagUuids;
  if (projectUuid !== undefined) bill.projectUuid = projectUuid;
  if (notes !== undefined && notes !== null) bill.notes = notes;
  if (purchaseOrderNumber !== undefined) bill.purchaseOrderNumber = purchaseOrderNumber;
  bill.updatedAt = ctx.now;
  const view = billViewOf(ctx, bill);
  ctx.emit('bill.updated', view);
  return { data: { bill: view }, warnings: reader.warnings };
}

function transition(ctx: RequestContext, to: 'submitted' | 'approved') {
  const bill = billOf(ctx);
  notDeleted(bill);
  const reader = BodyReader.of(ctx.body);
  reader.finish();
  const from = bill.approvalStatus;
  const allowed =
    to === 'submitted'
      ? from === 'draft' || from === 'rejected'
      : from === 'draft' || from === 'submitted';
  if (!allowed) throw businessRule(`A ${from} bill cannot be ${to}.`);
  if (bill.lineItems.length === 0) throw businessRule('A bill needs at least one line item.');
  if (!bill.journalEntryId) requireRate(ctx.ws.meta, bill.currency, bill.date);
  bill.approvalStatus = to;
  bill.updatedAt = ctx.now;
  // Submitted and approved bills both carry the accrual journal; only drafts are unposted.
  postBill(ctx.ws, bill, ctx.now);
  return billUpdated(ctx, bill, `Bill ${to}.`, reader);
}

export const billRoutes: DataRoute[] = [
  {
    method: 'GET',
    path: '/bills',
    handler(ctx) {
      const query = new QueryReader(ctx.query);
      query.rejectLegacy({
        vendors: 'vendorUuids',
        vendorIds: 'vendorUuids',
        vendorId: 'vendorUuids',
      });
      const billType = query.enumOf('billType', ['bill', 'vendor_memo'] as const);
      const vendorUuids = query.uuidList('vendorUuids');
      const approvalStatus = query.enumOf('approvalStatus', [
        'draft',
        'submitted',
        'approved',
        'rejected',
      ] as const);
      query.assertValid();
      const page = readPage(ctx.query);
      const vendors = vendorUuids ? new Set(vendorUuids) : null;
      const items = ctx.ws.cachedList(
        `bills|${billType ?? ''}|${vendorUuids?.join(',') ?? ''}|${approvalStatus ?? ''}`,
        () =>
          newestFirst(
            ctx.ws.bills,
            (bill) =>
              !bill.isDeleted &&
              (!billType || bill.billType === billType) &&
              (!vendors || vendors.has(bill.vendorUuid)) &&
              (!approvalStatus || bill.approvalStatus === approvalStatus),
          ),
      );
      return { data: pageOf(items, page, 'bills', (bill) => billViewOf(ctx, bill)) };
    },
  },
  {
    method: 'GET',
    path: '/bills/:uuid',
    handler: (ctx) => ({ data: { bill: billViewOf(ctx, billOf(ctx)) } }),
  },
  { method: 'POST', path: '/bills', handler: createBill },
  { method: 'PATCH', path: '/bills/:uuid', handler: updateBill },
  { method: 'POST', path: '/bills/:uuid/submit', handler: (ctx) => transition(ctx, 'submitted') },
  { method: 'POST', path: '/bills/:uuid/approve', handler: (ctx) => transition(ctx, 'approved') },
  {
    method: 'DELETE',
    path: '/bills/:uuid',
    handler(ctx) {
      const bill = billOf(ctx);
      notDeleted(bill);
      if (allocatedOf(bill) > 0n)
        throw businessRule('A bill with payments cannot be deleted; unassign them first.');
      if (bill.approvalStatus !== 'draft' && bill.approvalStatus !== 'rejected') {
        throw businessRule(`Only draft bills can be deleted; this bill is ${bill.approvalStatus}.`);
      }
      bill.isDeleted = true;
      bill.updatedAt = ctx.now;
      ctx.ws.billNumbers.delete(billNumberKey(bill));
      const view = billViewOf(ctx, bill);
      ctx.emit('bill.deleted', view);
      return { message: 'Bill deleted.', data: { bill: view } };
    },
  },
];
