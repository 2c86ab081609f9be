import { z } from 'zod';
import { parseShape } from '../envelope.js';
import type { Page } from '../pagination.js';
import { segment } from '../query.js';
import type { CallOptions } from '../request-executor.js';
import type { WriteResult } from '../schemas/common.js';
import {
  generatedNumberSchema,
  invoiceCreateSchema,
  invoiceCreditSchema,
  invoiceSchema,
  memoApplicationSchema,
  type Invoice,
  type InvoiceCreate,
  type InvoiceCredit,
  type InvoiceType,
  type MemoApplication,
} from '../schemas/invoices.js';
import {
  encodeBody,
  optionalWriteReader,
  recordReader,
  writeReader,
  type RouteKit,
} from '../request-executor.js';

/** The only filter of the invoice list. */
export interface InvoiceListQuery {
  invoiceType?: InvoiceType;
}

const RECORD_KEYS = ['invoice'];
const LIST_KEYS = ['invoices', 'records'];

const memoApplicationsSchema = z.array(memoApplicationSchema).min(1);
const invoiceCreditsSchema = z.array(invoiceCreditSchema).min(1);
const uuidListSchema = z.array(z.string().min(1)).min(1);

/** Invoices, estimates and credit memos (one route set). */
export function invoiceRoutes(kit: RouteKit) {
  const path = (uuid: string, action?: string) =>
    `/invoices/${segment(uuid)}${action === undefined ? '' : `/${action}`}`;
  const invoiceWrite = (what: string) => writeReader(invoiceSchema, RECORD_KEYS, what);
  const invoiceAction = (what: string) => optionalWriteReader(invoiceSchema, RECORD_KEYS, what);

  return {
    /** Newest first in the sandbox (R10); callers must not rely on the order. */
    list(
      query: InvoiceListQuery = {},
      options?: CallOptions,
    ): AsyncGenerator<Invoice, void, undefined> {
      return kit.all('/invoices', { ...query }, LIST_KEYS, invoiceSchema, 'invoice', options);
    },

    listPage(
      query: InvoiceListQuery & { page?: number; limit?: number } = {},
      options?: CallOptions,
    ): Promise<Page<Invoice>> {
      return kit.page('/invoices', { ...query }, LIST_KEYS, invoiceSchema, 'invoice', options);
    },

    get(uuid: string, options?: CallOptions): Promise<Invoice> {
      return kit.get(path(uuid), recordReader(invoiceSchema, RECORD_KEYS, 'the invoice'), options);
    },

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

    /** Creates a document; inline `customer` and per-line inline `product` are allowed. */
    create(body: InvoiceCreate, options?: CallOptions): Promise<WriteResult<Invoice>> {
      return kit.write(
        'POST',
        '/invoices',
        encodeBody(invoiceCreateSchema, body, 'invoice'),
        invoiceWrite('the created invoice'),
        options,
      );
    },

    /** Approves a draft invoice or memo (posts its journals). */
    approve(
      uuid: string,
      flags: { skipJesOnboarding?: boolean } = {},
      options?: CallOptions,
    ): Promise<WriteResult<Invoice | undefined>> {
      return kit.write(
        'PATCH',
        path(uuid, 'approve'),
        { ...flags },
        invoiceAction('the approved invoice'),
        options,
      );
    },

    /** Emails the document to the customer. */
    send(uuid: string, options?: CallOptions): Promise<WriteResult<Invoice | undefined>> {
      return kit.write('POST', path(uuid, 'send'), {}, invoiceAction('the document'), options);
    },

    /** Settles whole transactions against the document (R17). */
    addTransactions(
      uuid: string,
      transactionUuids: readonly string[],
      options?: CallOptions,
    ): Promise<WriteResult<Invoice | undefined>> {
      const body = {
        transactionUuids: encodeBody(uuidListSchema, [...transactionUuids], 'transaction list'),
      };
      return kit.write(
        'PATCH',
        path(uuid, 'add-transactions'),
        body,
        invoiceAction('the invoice'),
        options,
      );
    },

    removeTransaction(
      uuid: string,
      transactionUuid: string,
      options?: CallOptions,
    ): Promise<WriteResult<Invoice | undefined>> {
      return kit.write(
        'PATCH',
        path(uuid, 'remove-transaction'),
        { transactionUuid },
        invoiceAction('the invoice'),
        options,
      );
    },

    /** Applies the memo `memoUuid` to several invoices (R16). */
    applyCreditToMultipleInvoices(
      memoUuid: string,
      invoices: readonly InvoiceCredit[],
      options?: CallOptions,
    ): Promise<WriteResult<Invoice | undefined>> {
      const body = {
        invoices: encodeBody(invoiceCreditsSchema, [...invoices], 'credit applications'),
      };
      return kit.write(
        'PATCH',
        path(memoUuid, 'apply-credit-to-multiple-invoices'),
        body,
        invoiceAction('the document'),
        options,
      );
    },

    /** Applies several memos to the invoice `invoiceUuid` (R16). */
    applyMultipleCreditToInvoice(
      invoiceUuid: string,
      memos: readonly MemoApplication[],
      options?: CallOptions,
    ): Promise<WriteResult<Invoice | undefined>> {
      const body = { memos: encodeBody(memoApplicationsSchema, [...memos], 'memo applications') };
      return kit.write(
        'PATCH',
        path(invoiceUuid, 'apply-multiple-credit-to-invoice'),
        body,
        invoiceAction('the document'),
        options,
      );
    },

    /** Unapplies the memo `memoId` from the invoice. */
    removeCredit(
      invoiceUuid: string,
      memoId: string,
      options?: CallOptions,
    ): Promise<WriteResult<Invoice | undefined>> {
      return kit.write(
        'PATCH',
        path(invoiceUuid, 'remove-credit'),
        { memoId },
        invoiceAction('the document'),
        options,
      );
    },

    /** Deletes a draft. */
    delete(uuid: string, options?: CallOptions): Promise<WriteResult<Invoice | undefined>> {
      return kit.write('DELETE', path(uuid), undefined, invoiceAction('the document'), options);
    },
  };
}

export type InvoiceRoutes = ReturnType<typeof invoiceRoutes>;
