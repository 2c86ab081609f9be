import { z } from 'zod';
import type { Page } from '../pagination.js';
import { segment } from '../query.js';
import type { CallOptions } from '../request-executor.js';
import {
  billCreateSchema,
  billSchema,
  vendorMemoApplicationSchema,
  type Bill,
  type BillCreate,
  type BillType,
  type VendorMemoApplication,
} from '../schemas/bills.js';
import type { WriteResult } from '../schemas/common.js';
import {
  encodeBody,
  optionalWriteReader,
  recordReader,
  writeReader,
  type RouteKit,
} from '../request-executor.js';

/** Filters of the bill list. */
export interface BillListQuery {
  billType?: BillType;
  /** Sent comma-separated (numeric `vendors` is rejected by the API). */
  vendorUuids?: readonly string[];
}

const RECORD_KEYS = ['bill'];
const LIST_KEYS = ['bills', 'records'];

const vendorMemosSchema = z.array(vendorMemoApplicationSchema).min(1);
const uuidListSchema = z.array(z.string().min(1)).min(1);

/** Bills and vendor memos. */
export function billRoutes(kit: RouteKit) {
  const path = (uuid: string, action?: string) =>
    `/bills/${segment(uuid)}${action === undefined ? '' : `/${action}`}`;
  const billAction = (what: string) => optionalWriteReader(billSchema, RECORD_KEYS, what);

  return {
    list(query: BillListQuery = {}, options?: CallOptions): AsyncGenerator<Bill, void, undefined> {
      return kit.all('/bills', { ...query }, LIST_KEYS, billSchema, 'bill', options);
    },

    listPage(
      query: BillListQuery & { page?: number; limit?: number } = {},
      options?: CallOptions,
    ): Promise<Page<Bill>> {
      return kit.page('/bills', { ...query }, LIST_KEYS, billSchema, 'bill', options);
    },

    /** One bill; may return soft-deleted rows (`isDeleted`). */
    get(uuid: string, options?: CallOptions): Promise<Bill> {
      return kit.get(path(uuid), recordReader(billSchema, RECORD_KEYS, 'the bill'), options);
    },

    /** Creates a bill (draft unless `approvalStatus: 'approved'`); inline `vendor` allowed. */
    create(body: BillCreate, options?: CallOptions): Promise<WriteResult<Bill>> {
      return kit.write(
        'POST',
        '/bills',
        encodeBody(billCreateSchema, body, 'bill'),
        writeReader(billSchema, RECORD_KEYS, 'the created bill'),
        options,
      );
    },

    submit(uuid: string, options?: CallOptions): Promise<WriteResult<Bill | undefined>> {
      return kit.write('POST', path(uuid, 'submit'), {}, billAction('the submitted bill'), options);
    },

    approve(uuid: string, options?: CallOptions): Promise<WriteResult<Bill | undefined>> {
      return kit.write('POST', path(uuid, 'approve'), {}, billAction('the approved bill'), options);
    },

    /** Applies vendor memos to an approved bill (R16). */
    applyVendorMemos(
      uuid: string,
      memos: readonly VendorMemoApplication[],
      options?: CallOptions,
    ): Promise<WriteResult<Bill | undefined>> {
      const body = { memos: encodeBody(vendorMemosSchema, [...memos], 'vendor memo applications') };
      return kit.write(
        'POST',
        path(uuid, 'apply-vendor-memos'),
        body,
        billAction('the bill'),
        options,
      );
    },

    /** Settles whole transactions against an approved workspace-currency bill (R17). */
    assignTransaction(
      uuid: string,
      transactionUuids: readonly string[],
      options?: CallOptions,
    ): Promise<WriteResult<Bill | undefined>> {
      const body = {
        transactionUuids: encodeBody(uuidListSchema, [...transactionUuids], 'transaction list'),
      };
      return kit.write(
        'POST',
        path(uuid, 'assign-transaction'),
        body,
        billAction('the bill'),
        options,
      );
    },

    unassignTransaction(
      uuid: string,
      transactionUuid: string,
      options?: CallOptions,
    ): Promise<WriteResult<Bill | undefined>> {
      return kit.write(
        'POST',
        path(uuid, 'unassign-transaction'),
        { transactionUuid },
        billAction('the bill'),
        options,
      );
    },

    /** Soft-deletes a draft. */
    delete(uuid: string, options?: CallOptions): Promise<WriteResult<Bill | undefined>> {
      return kit.write('DELETE', path(uuid), undefined, billAction('the deleted bill'), options);
    },
  };
}

export type BillRoutes = ReturnType<typeof billRoutes>;
