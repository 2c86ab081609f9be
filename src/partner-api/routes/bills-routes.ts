import { z } from 'zod';
import type { CallOptions } from '../request-executor.js';
import {
  billCreateSchema,
  billSchema,
  createdBillSchema,
  vendorMemoApplicationSchema,
  type BillType,
  type VendorMemoApplication,
} from '../schemas/bills-schema.js';
import { encodeBody, type RouteKit } from '../request-executor.js';

/** Filters of the bill list. */
export interface BillListQuery {
  billType?: BillType;
  /** Sent comma-separated (numeric `vendors` is rejected by the API). */
  vendorUuids?: readonly string[];
}

const RECORD_KEYS = ['bill'];

const vendorMemosSchema = z.array(vendorMemoApplicationSchema).min(1);
const uuidListSchema = z.array(z.string().min(1)).min(1);

/**
 * Bills and vendor memos: the record routes (`get` may return soft-deleted rows, `isDeleted`;
 * `create` makes a draft unless `approvalStatus: 'approved'`, inline `vendor` allowed) and the
 * actions, each answering the bill when the API echoes it.
 */
export function billRoutes(kit: RouteKit) {
  const action = kit.recordAction('/bills', billSchema, RECORD_KEYS);

  return {
    ...kit.records<typeof billSchema, typeof billCreateSchema, BillListQuery>({
      path: '/bills',
      recordKeys: RECORD_KEYS,
      listKeys: ['bills', 'records'],
      schema: billSchema,
      createSchema: billCreateSchema,
      what: 'bill',
    }),
    /** Creates a bill or vendor memo; the answer must carry its total (`createdBillSchema`). */
    create: kit.creator({
      path: '/bills',
      recordKeys: RECORD_KEYS,
      schema: createdBillSchema,
      createSchema: billCreateSchema,
      what: 'bill',
    }),

    submit: (uuid: string, options?: CallOptions) =>
      action('POST', uuid, 'submit', {}, 'the submitted bill', options),

    approve: (uuid: string, options?: CallOptions) =>
      action('POST', uuid, 'approve', {}, 'the approved bill', options),

    /** Applies vendor memos to an approved bill (R16). */
    applyVendorMemos: (
      uuid: string,
      memos: readonly VendorMemoApplication[],
      options?: CallOptions,
    ) =>
      action(
        'POST',
        uuid,
        'apply-vendor-memos',
        { memos: encodeBody(vendorMemosSchema, [...memos], 'vendor memo applications') },
        'the bill',
        options,
      ),

    /** Settles whole transactions against an approved workspace-currency bill (R17). */
    assignTransaction: (uuid: string, transactionUuids: readonly string[], options?: CallOptions) =>
      action(
        'POST',
        uuid,
        'assign-transaction',
        { transactionUuids: encodeBody(uuidListSchema, [...transactionUuids], 'transaction list') },
        'the bill',
        options,
      ),

    unassignTransaction: (uuid: string, transactionUuid: string, options?: CallOptions) =>
      action('POST', uuid, 'unassign-transaction', { transactionUuid }, 'the bill', options),

    /** Soft-deletes a draft. */
    delete: (uuid: string, options?: CallOptions) =>
      action('DELETE', uuid, undefined, undefined, 'the deleted bill', options),
  };
}

export type BillRoutes = ReturnType<typeof billRoutes>;
