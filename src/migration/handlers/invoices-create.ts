import type { SalesDocument } from '../../ledger/index.js';
import type { InvoiceBody, WorkspaceInvoice } from '../contracts/migration-api.js';
import type { PhaseHandler } from '../engine/phase-handler.js';
import { documentLines } from './document-lines.js';
import {
  createdDocuments,
  dueDateOf,
  planDocuments,
  workspaceNumber,
  type DocumentRow,
  cancelledNumbers,
  currentNumber,
} from './document-plans.js';
import { outcomesFor, predictOne } from './outcomes.js';
import { invoiceRefusal } from './request-rules.js';
import { matchCreated } from './reconcile-scan.js';
import { legacyChartOf, reclassifiedLines } from './sales-line-accounts.js';

const build = outcomesFor('invoices', 'create');

const invoiceTypeOf = (document: SalesDocument): InvoiceBody['invoiceType'] =>
  document.type === 'credit-note' ? 'memo' : 'invoice';

/**
 * Invoices and credit notes, one call each, posted on create (isDraft false) unless drafts. A line
 * on an account the API refuses on a sales line is sent on the clearing account (see
 * `reclassifiedLines`), for the reclassification phase to move on.
 */
export const invoicesCreate: PhaseHandler<InvoiceBody, DocumentRow<SalesDocument>> = {
  step: 'invoices',
  phase: 'create',
  idempotent: false,

  async plan(context) {
    const workspace = await context.snapshot<WorkspaceInvoice>('invoices');
    const byNumber = new Map(
      workspace.map((invoice) => [`${invoice.invoiceType}:${invoice.invoiceNumber}`, invoice.id]),
    );
    // An invoice is cancelled by a memo, a memo by an invoice (correcting-documents.ts).
    const numbersOf = (type: string) =>
      workspace.filter((invoice) => invoice.invoiceType === type).map((i) => i.invoiceNumber);
    const cancelled = {
      invoice: cancelledNumbers(numbersOf('memo')),
      memo: cancelledNumbers(numbersOf('invoice')),
    };
    const chart = await legacyChartOf(context);
    return planDocuments<SalesDocument>(
      context,
      'invoice',
      build,
      (document, number) => byNumber.get(`${invoiceTypeOf(document)}:${number}`),
      (document) => currentNumber(document.number, cancelled[invoiceTypeOf(document)]),
      (document) => reclassifiedLines(document, chart),
    );
  },

  prepare(context, rows) {
    const [row] = rows;
    if (!row) return { request: undefined, sent: [], failed: [] };
    const { document, outstandingAtCutover, reclassifiedLines: reclassified } = row.data;
    const customerUuid = context.refs.customer(document.customerKey);
    const lines = documentLines(document, context.refs, outstandingAtCutover, reclassified);
    const missing = !customerUuid
      ? `its customer ${document.customerKey} was not migrated`
      : 'missing' in lines
        ? lines.missing
        : undefined;
    if (missing || !customerUuid || 'missing' in lines) {
      return build.missingDependency([row], `${document.number}: ${missing}`, context.unitId);
    }
    const memo = document.type === 'credit-note';
    return {
      request: {
        invoiceType: invoiceTypeOf(document),
        invoiceNumber: workspaceNumber(row.data),
        customerUuid,
        date: document.date,
        dueDate: memo ? null : dueDateOf(document),
        currency: document.currency,
        isDraft: document.status === 'draft',
        products: lines.map((line) => ({
          ...(line.productUuid ? { productUuid: line.productUuid } : {}),
          name: line.name,
          description: line.description,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          categoryAccountUuid: line.accountUuid,
          nonTaxable: true,
        })),
      },
      sent: [row],
      failed: [],
    };
  },

  send: (api, body) => api.createInvoice(body),

  interpret: (context, written, sent) => createdDocuments(build, context, written, sent),

  predict: (context, sent) =>
    predictOne(build, context, invoicesCreate.prepare(context, sent), invoiceRefusal),

  lookups: () => 1,

  async reconcile(context, api, rows, _lookup, page) {
    const type = rows[0] ? invoiceTypeOf(rows[0].data.document) : 'invoice';
    return matchCreated(
      build,
      context,
      rows,
      await api.listInvoices(page, type),
      (row, invoice) =>
        invoice.invoiceNumber === workspaceNumber(row.data) && invoice.invoiceType === type,
    );
  },
};
