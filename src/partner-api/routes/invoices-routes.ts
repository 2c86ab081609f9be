import { z } from 'zod';
import { parseShape } from '../envelope.js';
import type { CallOptions } from '../request-executor.js';
import { encodeBody, type RouteKit } from '../request-executor.js';
import {
  createdInvoiceSchema,
  generatedNumberSchema,
  invoiceCreateSchema,
  invoiceCreditSchema,
  invoiceSchema,
  memoApplicationSchema,
  type InvoiceCredit,
  type InvoiceType,
  type MemoApplication,
} from '../schemas/invoices-schema.js';

/** The only filter of the invoice list. */
export interface InvoiceListQuery {
  invoiceType?: InvoiceType;
}

const RECORD_KEYS = ['invoice'];

const memoApplicationsSchema = z.array(memoApplicationSchema).min(1);
const invoiceCreditsSchema = z.array(invoiceCreditSchema).min(1);
const uuidListSchema = z.array(z.string().min(1)).min(1);

/**
 * Invoices, estimates and credit memos (one route set): the record routes (the list is newest
 * first in the sandbox, R10, which callers must not rely on; `create` allows an inline `customer`
 * and per-line inline `product`) and the actions, each answering the document when the API echoes
 * it.
 */
export function invoiceRoutes(kit: RouteKit) {
  const action = kit.recordAction('/invoices', invoiceSchema, RECORD_KEYS);

  return {
    ...kit.records<typeof invoiceSchema, typeof invoiceCreateSchema, InvoiceListQuery>({
      path: '/invoices',
      recordKeys: RECORD_KEYS,
      listKeys: ['invoices', 'records'],
      schema: invoiceSchema,
      createSchema: invoiceCreateSchema,
      what: 'invoice',
    }),
    /** Creates a document; the answer must carry its total (`createdInvoiceSchema`). */
    create: kit.creator({
      path: '/invoices',
      recordKeys: RECORD_KEYS,
      schema: createdInvoiceSchema,
      createSchema: invoiceCreateSchema,
      what: 'invoice',
    }),

    /** The next document number for `invoiceType` (R9). */
    generateNumber(invoiceType: InvoiceType = 'invoice', options?: CallOptions): Promise<string> {
      return kit.get(
        '/invoices/generate/number',
        (envelope) =>
          parseShape(generatedNumberSchema, envelope.data, 'the generated number').invoiceNumber,
        options,
        { invoiceType },
      );
    },

    /** Approves a draft invoice or memo (posts its journals). */
    approve: (uuid: string, flags: { skipJesOnboarding?: boolean } = {}, options?: CallOptions) =>
      action('PATCH', uuid, 'approve', { ...flags }, 'the approved invoice', options),

    /** Emails the document to the customer. */
    send: (uuid: string, options?: CallOptions) =>
      action('POST', uuid, 'send', {}, 'the document', options),

    /** Settles whole transactions against the document (R17). */
    addTransactions: (uuid: string, transactionUuids: readonly string[], options?: CallOptions) =>
      action(
        'PATCH',
        uuid,
        'add-transactions',
        { transactionUuids: encodeBody(uuidListSchema, [...transactionUuids], 'transaction list') },
        'the invoice',
        options,
      ),

    removeTransaction: (uuid: string, transactionUuid: string, options?: CallOptions) =>
      action('PATCH', uuid, 'remove-transaction', { transactionUuid }, 'the invoice', options),

    /** Applies the memo `memoUuid` to several invoices (R16). */
    applyCreditToMultipleInvoices: (
      memoUuid: string,
      invoices: readonly InvoiceCredit[],
      options?: CallOptions,
    ) =>
      action(
        'PATCH',
        memoUuid,
        'apply-credit-to-multiple-invoices',
        { invoices: encodeBody(invoiceCreditsSchema, [...invoices], 'credit applications') },
        'the document',
        options,
      ),

    /** Applies several memos to the invoice `invoiceUuid` (R16). */
    applyMultipleCreditToInvoice: (
      invoiceUuid: string,
      memos: readonly MemoApplication[],
      options?: CallOptions,
    ) =>
      action(
        'PATCH',
        invoiceUuid,
        'apply-multiple-credit-to-invoice',
        { memos: encodeBody(memoApplicationsSchema, [...memos], 'memo applications') },
        'the document',
        options,
      ),

    /** Unapplies the memo `memoId` from the invoice. */
    removeCredit: (invoiceUuid: string, memoId: string, options?: CallOptions) =>
      action('PATCH', invoiceUuid, 'remove-credit', { memoId }, 'the document', options),

    /** Deletes a draft. */
    delete: (uuid: string, options?: CallOptions) =>
      action('DELETE', uuid, undefined, undefined, 'the document', options),
  };
}

export type InvoiceRoutes = ReturnType<typeof invoiceRoutes>;
