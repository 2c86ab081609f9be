import type { PurchaseDocument } from '../../ledger/index.js';
import type { BillBody, WorkspaceBill } from '../contracts/migration-api.js';
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
import { ledgerliftRef, notesWith, outcomesFor, predictOne } from './outcomes.js';
import { billRefusal } from './request-rules.js';
import { matchCreated } from './reconcile-scan.js';

const build = outcomesFor('bills', 'create');

const billTypeOf = (document: PurchaseDocument): BillBody['billType'] =>
  document.type === 'vendor-credit' ? 'vendor_memo' : 'bill';

/**
 * Bills and vendor credits, one call each, created approved (posted) unless drafts. The notes
 * carry Ledgerlift's reference, so a bill is recognised even if its number was not kept.
 */
export const billsCreate: PhaseHandler<BillBody, DocumentRow<PurchaseDocument>> = {
  step: 'bills',
  phase: 'create',
  idempotent: false,

  async plan(context) {
    const all = await context.snapshot<WorkspaceBill>('bills');
    // A bill is cancelled by a vendor memo, a vendor memo by a bill (correcting-documents.ts);
    // a cancelled one still carries the run's reference in its notes, and is no match.
    const numbersOf = (type: string) =>
      all.filter((bill) => bill.billType === type).map((bill) => bill.billNumber);
    const cancelled = {
      bill: cancelledNumbers(numbersOf('vendor_memo')),
      vendor_memo: cancelledNumbers(numbersOf('bill')),
    };
    const workspace = all.filter(
      (bill) => !cancelled[bill.billType === 'bill' ? 'bill' : 'vendor_memo'].has(bill.billNumber),
    );
    return planDocuments<PurchaseDocument>(
      context,
      'bill',
      build,
      (document, number) => {
        const vendorUuid = context.refs.vendor(document.vendorKey);
        return workspace.find(
          (bill) =>
            bill.notes?.includes(ledgerliftRef('bill', document.key)) ||
            (bill.billNumber === number &&
              bill.billType === billTypeOf(document) &&
              bill.vendorUuid === vendorUuid),
        )?.id;
      },
      (document) => currentNumber(document.number, cancelled[billTypeOf(document)]),
    );
  },

  prepare(context, rows) {
    const [row] = rows;
    if (!row) return { request: undefined, sent: [], failed: [] };
    const { document, outstandingAtCutover } = row.data;
    const vendorUuid = context.refs.vendor(document.vendorKey);
    const lines = documentLines(document, context.refs, outstandingAtCutover);
    const missing = !vendorUuid
      ? `its vendor ${document.vendorKey} was not migrated`
      : 'missing' in lines
        ? lines.missing
        : undefined;
    if (missing || !vendorUuid || 'missing' in lines) {
      return build.missingDependency([row], `${document.number}: ${missing}`, context.unitId);
    }
    return {
      request: {
        billType: billTypeOf(document),
        billNumber: workspaceNumber(row.data),
        vendorUuid,
        date: document.date,
        dueDate: dueDateOf(document),
        currency: document.currency,
        approvalStatus: document.status === 'draft' ? 'draft' : 'approved',
        notes: notesWith([document.reference], ledgerliftRef('bill', document.key)),
        lineItems: lines.map((line) => ({
          description: line.description || line.name,
          quantity: line.quantity,
          price: line.unitPrice,
          categoryAccountUuid: line.accountUuid,
        })),
      },
      sent: [row],
      failed: [],
    };
  },

  send: (api, body) => api.createBill(body),

  interpret: (context, written, sent) => createdDocuments(build, context, written, sent),

  predict: (context, sent) =>
    predictOne(build, context, billsCreate.prepare(context, sent), billRefusal),

  lookups: () => 1,

  async reconcile(context, api, rows, _lookup, page) {
    const vendorUuid = rows[0] ? context.refs.vendor(rows[0].data.document.vendorKey) : undefined;
    return matchCreated(
      build,
      context,
      rows,
      await api.listBills(page, vendorUuid ? [vendorUuid] : undefined),
      (row, bill) =>
        bill.notes?.includes(ledgerliftRef('bill', row.data.document.key)) === true &&
        (!row.data.reissuedAs || bill.billNumber === row.data.reissuedAs),
    );
  },
};
