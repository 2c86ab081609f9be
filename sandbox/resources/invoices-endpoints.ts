import { randomBytes } from 'node:crypto';
import { newUuid } from '../ids.js';
import { businessRule, validationFailed } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import { pageOf, readPage } from '../http/page-request.js';
import { QueryReader } from '../http/query-reader.js';
import type { DataRoute, RequestContext, RouteResult } from '../http/route.js';
import type { InvoiceRecord, InvoiceType } from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import {
  claimInvoiceNumber,
  commitInserts,
  nextInvoiceNumber,
  type PendingInserts,
  readCustomerRef,
  readLines,
  totalsOf,
} from './invoice-input.js';
import { invoiceStatusOf, invoiceView, postInvoice } from './invoice-model.js';
import { requireRate } from '../state/exchange-rates.js';
import { answerUpdated, findOr404, newestFirst, uuidParam } from './shared.js';

const INVOICE_TYPES = ['invoice', 'estimate', 'memo'] as const;
const CURRENCY = /^[A-Z]{3}$/;

export function invoiceOf(ctx: RequestContext): InvoiceRecord {
  return findOr404(ctx.ws.invoices, uuidParam(ctx), 'Invoice');
}

export function viewOf(ctx: RequestContext, invoice: InvoiceRecord) {
  return invoiceView(ctx.ws, invoice, ctx.today);
}

/** Emits invoice.updated with the document's view and answers with that same view. */
export function invoiceUpdated(
  ctx: RequestContext,
  invoice: InvoiceRecord,
  message: string,
  reader: BodyReader,
): RouteResult {
  return answerUpdated(ctx, 'invoice.updated', 'invoice', viewOf(ctx, invoice), message, reader);
}

/** Records a change made now: the document's updatedAt and an entry in its audit log. */
function recordChange(ctx: RequestContext, invoice: InvoiceRecord, action: string): void {
  invoice.updatedAt = ctx.now;
  invoice.auditLog.push({ at: ctx.now, action });
}

function checkTags(ws: WorkspaceData, reader: BodyReader, tagUuids: string[] | undefined): void {
  for (const id of tagUuids ?? []) {
    if (!ws.tags.has(id))
      reader.fail('tagUuids', 'not_found', `Tag ${id} was not found in this workspace.`);
  }
}

function checkNumber(
  ws: WorkspaceData,
  reader: BodyReader,
  type: InvoiceType,
  number: string | null | undefined,
  except?: InvoiceRecord,
) {
  if (number && ws.numbersOf(type).has(number) && except?.invoiceNumber !== number) {
    reader.fail('invoiceNumber', 'duplicate', `${type} number ${number} is already used.`);
  }
}

/** Fields the service computes: a client may not set them on create or update. */
const computedFields = [
  'id',
  'status',
  'approved',
  'isSent',
  'paymentStatus',
  'subtotal',
  'taxTotal',
  'total',
  'amountDue',
  'createdAt',
  'updatedAt',
];

/** A posted (non-draft) invoice or memo needs a customer and at least one line. */
function checkPostable(invoice: Pick<InvoiceRecord, 'lines' | 'total'>): void {
  if (invoice.lines.length === 0)
    throw businessRule('A document needs at least one line before it is approved.');
  if (invoice.total < 0n) throw businessRule('A document total cannot be negative.');
}

export function createInvoice(ctx: RequestContext) {
  const { ws } = ctx;
  const reader = BodyReader.of(ctx.body);
  const pending: PendingInserts = { products: [] };
  const invoiceType = reader.enumOf('invoiceType', INVOICE_TYPES) ?? 'invoice';
  const customerUuid = readCustomerRef(ws, reader, pending, ctx.now, true);
  const invoiceNumber = reader.string('invoiceNumber', { max: 50 });
  const date = reader.date('date', { required: true });
  const isMemo = invoiceType === 'memo';
  let dueDate: string | null | undefined = null;
  if (isMemo) {
    reader.internalOnly(['dueDate'], 'memos have no due date');
  } else {
    dueDate = reader.date('dueDate', { required: true });
    if (date && dueDate && dueDate < date)
      reader.fail('dueDate', 'before_date', 'dueDate cannot be before date.');
  }
  const currency = reader.string('currency');
  if (currency && !CURRENCY.test(currency))
    reader.fail('currency', 'invalid', 'currency must be an ISO 4217 code.');
  const isDraft = reader.boolean('isDraft') ?? true;
  const lines = readLines(ws, reader, pending, ctx.now) ?? [];
  const tagUuids = reader.uuidArray('tagUuids');
  checkTags(ws, reader, tagUuids);
  let appliedTo: string | null = null;
  if (isMemo) {
    appliedTo = reader.uuid('appliedToInvoiceUuid', { nullable: true }) ?? null;
    const target = appliedTo ? ws.invoices.get(appliedTo) : undefined;
    if (appliedTo && (!target || target.invoiceType !== 'invoice')) {
      reader.fail(
        'appliedToInvoiceUuid',
        'not_found',
        `Invoice ${appliedTo} was not found in this workspace.`,
      );
    } else if (target && (target.isDraft || target.customerUuid !== customerUuid)) {
      reader.fail(
        'appliedToInvoiceUuid',
        'invalid',
        'A memo links to an open invoice of the same customer.',
      );
    }
  } else {
    reader.internalOnly(['appliedToInvoiceUuid'], 'memo only');
  }
  reader.internalOnly(computedFields, 'computed by the service');
  checkNumber(ws, reader, invoiceType, invoiceNumber);
  reader.finish();
  reader.assertValid();
  const totals = totalsOf(lines);
  if (!isDraft && invoiceType !== 'estimate') checkPostable({ lines, total: totals.total });
  if (totals.total < 0n) throw businessRule('A document total cannot be negative.');
  if (!isDraft && invoiceType !== 'estimate')
    requireRate(ws.meta, currency ?? ws.meta.currency, date!);
  commitInserts(ws, pending);
  const invoice: InvoiceRecord = {
    id: newUuid(),
    invoiceNumber: invoiceNumber || nextInvoiceNumber(ws, invoiceType),
    invoiceType,
    customerUuid: customerUuid!,
    appliedToInvoiceUuid: appliedTo,
    date: date!,
    dueDate: dueDate ?? null,
    currency: currency ?? ws.meta.currency,
    isDraft,
    isSent: false,
    ...totals,
    lines,
    tagUuids: tagUuids ?? [],
    memo: '',
    allocations: [],
    journalEntryId: null,
    publicToken: null,
    sendHistory: [],
    auditLog: [],
    attachments: [],
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  claimInvoiceNumber(ws, invoice);
  ws.invoices.set(invoice.id, invoice);
  recordChange(ctx, invoice, isDraft ? 'created' : 'created and approved');
  postInvoice(ws, invoice, ctx.now);
  const view = viewOf(ctx, invoice);
  ctx.emit('invoice.created', view);
  return { status: 201, data: { invoice: view }, warnings: reader.warnings };
}

/** Fields a posted (approved or sent) document may still change; everything else is a 400. */
const POSTED_EDITABLE = new Set(['tagUuids']);

function updateInvoice(ctx: RequestContext) {
  const { ws } = ctx;
  const invoice = invoiceOf(ctx);
  const reader = BodyReader.of(ctx.body);
  if (reader.has('isDraft')) {
    reader.fail(
      'isDraft',
      'use_approve',
      'isDraft cannot be changed here: approve with PATCH /invoices/{uuid}/approve; there is no revert to draft.',
    );
  }
  if (reader.has('invoiceType'))
    reader.fail('invoiceType', 'immutable', 'invoiceType cannot change after create.');
  reader.internalOnly(computedFields, 'computed by the service');
  if (!invoice.isDraft) {
    const blocked = Object.keys(reader.raw).filter(
      (key) =>
        !POSTED_EDITABLE.has(key) &&
        [
          'customerUuid',
          'customer',
          'invoiceNumber',
          'date',
          'dueDate',
          'currency',
          'products',
          'appliedToInvoiceUuid',
        ].includes(key),
    );
    if (blocked.length > 0) {
      throw businessRule(
        `An approved or sent document cannot change ${blocked.join(', ')}; correct it with a credit memo.`,
      );
    }
  }
  const pending: PendingInserts = { products: [] };
  const hasCustomer = reader.has('customerUuid') || reader.has('customer');
  const customerUuid = hasCustomer
    ? readCustomerRef(ws, reader, pending, ctx.now, false)
    : undefined;
  const invoiceNumber = reader.string('invoiceNumber', { max: 50 });
  const date = reader.date('date');
  const dueDate = invoice.invoiceType === 'memo' ? undefined : reader.date('dueDate');
  if (invoice.invoiceType === 'memo') reader.internalOnly(['dueDate'], 'memos have no due date');
  const currency = reader.string('currency');
  if (currency && !CURRENCY.test(currency))
    reader.fail('currency', 'invalid', 'currency must be an ISO 4217 code.');
  const lines = reader.has('products') ? readLines(ws, reader, pending, ctx.now) : undefined;
  const tagUuids = reader.uuidArray('tagUuids');
  checkTags(ws, reader, tagUuids);
  reader.known('appliedToInvoiceUuid');
  checkNumber(ws, reader, invoice.invoiceType, invoiceNumber, invoice);
  reader.finish();
  reader.assertValid();
  const effectiveDate = date ?? invoice.date;
  const effectiveDue = dueDate ?? invoice.dueDate;
  if (effectiveDue && effectiveDue < effectiveDate)
    throw validationFailed('dueDate cannot be before date.');
  commitInserts(ws, pending);
  if (customerUuid) invoice.customerUuid = customerUuid;
  if (invoiceNumber && invoiceNumber !== invoice.invoiceNumber) {
    ws.numbersOf(invoice.invoiceType).delete(invoice.invoiceNumber);
    invoice.invoiceNumber = invoiceNumber;
    claimInvoiceNumber(ws, invoice);
  }
  if (date) invoice.date = date;
  if (dueDate) invoice.dueDate = dueDate;
  if (currency) invoice.currency = currency;
  if (lines) {
    invoice.lines = lines;
    Object.assign(invoice, totalsOf(lines));
  }
  if (tagUuids) invoice.tagUuids = tagUuids;
  recordChange(ctx, invoice, 'updated');
  const view = viewOf(ctx, invoice);
  ctx.emit('invoice.updated', view);
  return { data: { invoice: view }, warnings: reader.warnings };
}

export const invoiceRoutes: DataRoute[] = [
  {
    method: 'GET',
    path: '/invoices',
    handler(ctx) {
      const query = new QueryReader(ctx.query);
      query.rejectLegacy({ customerId: 'customerUuid' });
      const invoiceType = query.enumOf('invoiceType', INVOICE_TYPES);
      const customerUuid = query.uuid('customerUuid');
      const status = query.string('status');
      query.assertValid();
      const page = readPage(ctx.query);
      const items = ctx.ws.cachedList(
        `invoices|${invoiceType ?? ''}|${customerUuid ?? ''}|${status ?? ''}|${ctx.today}`,
        () =>
          newestFirst(
            ctx.ws.invoices,
            (invoice) =>
              (!invoiceType || invoice.invoiceType === invoiceType) &&
              (!customerUuid || invoice.customerUuid === customerUuid) &&
              (!status || invoiceStatusOf(invoice, ctx.today) === status),
          ),
      );
      return { data: pageOf(items, page, 'invoices', (invoice) => viewOf(ctx, invoice)) };
    },
  },
  {
    method: 'GET',
    path: '/invoices/generate/number',
    handler(ctx) {
      const query = new QueryReader(ctx.query);
      const invoiceType = query.enumOf('invoiceType', INVOICE_TYPES) ?? 'invoice';
      query.assertValid();
      return { data: { invoiceType, invoiceNumber: nextInvoiceNumber(ctx.ws, invoiceType) } };
    },
  },
  {
    method: 'GET',
    path: '/invoices/:uuid',
    handler: (ctx) => ({ data: { invoice: viewOf(ctx, invoiceOf(ctx)) } }),
  },
  { method: 'POST', path: '/invoices', handler: createInvoice },
  { method: 'PATCH', path: '/invoices/:uuid', handler: updateInvoice },
  {
    method: 'PATCH',
    path: '/invoices/:uuid/approve',
    handler(ctx) {
      const invoice = invoiceOf(ctx);
      const { reader } = BodyReader.read(ctx.body, (body) => body.boolean('skipJesOnboarding'));
      if (invoice.invoiceType === 'estimate')
        throw businessRule('Only invoices and credit memos are approved.');
      if (!invoice.isDraft)
        throw businessRule('Only a draft can be approved; this document is already approved.');
      checkPostable(invoice);
      requireRate(ctx.ws.meta, invoice.currency, invoice.date);
      invoice.isDraft = false;
      recordChange(ctx, invoice, 'approved');
      postInvoice(ctx.ws, invoice, ctx.now);
      return invoiceUpdated(ctx, invoice, 'Document approved.', reader);
    },
  },
  {
    method: 'POST',
    path: '/invoices/:uuid/send',
    handler(ctx) {
      const invoice = invoiceOf(ctx);
      const { fields: to, reader } = BodyReader.read(ctx.body, (body) => body.string('email'));
      if (invoice.isDraft) throw businessRule('A draft cannot be sent; approve it first.');
      if (invoice.lines.length === 0)
        throw businessRule('A document without lines cannot be sent.');
      const customer = ctx.ws.customers.get(invoice.customerUuid);
      if (!customer) throw businessRule('The document has no customer to send to.');
      invoice.isSent = true;
      invoice.sendHistory.push({ sentAt: ctx.now, to: to ?? customer.email });
      recordChange(ctx, invoice, 'sent');
      return invoiceUpdated(ctx, invoice, 'Document sent.', reader);
    },
  },
  {
    method: 'GET',
    path: '/invoices/:uuid/public-link',
    handler(ctx) {
      const invoice = invoiceOf(ctx);
      if (!invoice.publicToken) {
        invoice.publicToken = randomBytes(16).toString('hex');
        ctx.store.markDirty();
      }
      return {
        data: {
          publicLink: {
            token: invoice.publicToken,
            url: `https://sandbox.invalid/i/${invoice.publicToken}`,
          },
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/invoices/:uuid/audit-log',
    handler: (ctx) => ({ data: { auditLog: invoiceOf(ctx).auditLog } }),
  },
  {
    method: 'GET',
    path: '/invoices/:uuid/send-history',
    handler: (ctx) => ({ data: { sendHistory: invoiceOf(ctx).sendHistory, publicViews: 0 } }),
  },
  {
    method: 'POST',
    path: '/invoices/:uuid/attachments',
    handler(ctx) {
      const invoice = invoiceOf(ctx);
      const reader = BodyReader.of(ctx.body);
      const items = reader.objects('attachments', { required: true }) ?? [];
      const added = items.map((item) => {
        const url = item.string('url', { required: true }) ?? '';
        if (url && !/^https:\/\//.test(url))
          item.fail('url', 'invalid_url', 'Attachment URLs must be https.');
        const name = item.string('name') ?? url.split('/').pop() ?? 'attachment';
        item.finish();
        return { id: newUuid(), url, name };
      });
      reader.finish();
      reader.assertValid();
      invoice.attachments.push(...added);
      invoice.updatedAt = ctx.now;
      return { status: 201, data: { attachments: invoice.attachments }, warnings: reader.warnings };
    },
  },
  {
    method: 'POST',
    path: '/invoices/:uuid/attachments/upload',
    handler(ctx) {
      invoiceOf(ctx);
      throw validationFailed(
        'The sandbox does not accept multipart uploads; attach files by URL instead.',
      );
    },
  },
  {
    method: 'DELETE',
    path: '/invoices/:uuid',
    handler(ctx) {
      const invoice = invoiceOf(ctx);
      if (!invoice.isDraft)
        throw businessRule(
          'Only drafts can be deleted; correct an approved document with a credit memo.',
        );
      ctx.ws.invoices.delete(invoice.id);
      ctx.ws.numbersOf(invoice.invoiceType).delete(invoice.invoiceNumber);
      const view = viewOf(ctx, invoice);
      ctx.emit('invoice.deleted', view);
      return { message: 'Draft deleted.', data: { invoice: view } };
    },
  },
];
