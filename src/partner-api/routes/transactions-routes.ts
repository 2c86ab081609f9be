import { z } from 'zod';
import type { BulkResult } from '../bulk.js';
import { isRecord, parseShape, pickRecord } from '../envelope.js';
import { segment } from '../query.js';
import type { CallOptions } from '../request-executor.js';
import type { WriteResult } from '../schemas/common.js';
import {
  assignToDocumentsSchema,
  changeCategoryRowSchema,
  changeCategorySchema,
  splitPartSchema,
  transactionCreateSchema,
  transactionSchema,
  transactionUpdateSchema,
  type AssignToDocuments,
  type ChangeCategory,
  type ChangeCategoryRow,
  type SplitPart,
  type Transaction,
  type TransactionCreate,
  type TransactionUpdate,
} from '../schemas/transactions-schema.js';
import { actionReader, encodeBody, writeReader, type RouteKit } from '../request-executor.js';

/** Filters of the transaction list (spec). */
export interface TransactionListQuery {
  /** Values such as `Expense`, `Income`. */
  transactionTypes?: readonly string[];
  reviewed?: boolean;
  pending?: boolean;
  excluded?: boolean;
  currency?: string;
  /** Including `notAttachedBill`, `notAttachedInvoice`. */
  status?: string;
  /** The bank or cash account. */
  accUuid?: string;
  categoryAccountUuid?: string;
  vendorUuid?: string;
  customerUuid?: string;
  projectUuid?: string;
  tagUuids?: readonly string[];
}

const RECORD_KEYS = ['transaction'];
const LIST_KEYS = ['transactions', 'records'];
const splitPartsSchema = z.array(splitPartSchema).min(2);

/** The result of a split: the parent (now `split: true`) and its children. */
export interface SplitResult {
  parent: Transaction;
  children: Transaction[];
}

/** Bank transactions. */
export function transactionRoutes(kit: RouteKit) {
  const path = (uuid: string, action?: string) =>
    `/transactions/${segment(uuid)}${action === undefined ? '' : `/${action}`}`;
  const transactionWrite = (what: string) => writeReader(transactionSchema, RECORD_KEYS, what);

  return {
    /** list, listPage, get and create; lists are newest first by postedDate (spec), not relied on. */
    ...kit.records<typeof transactionSchema, typeof transactionCreateSchema, TransactionListQuery>({
      path: '/transactions',
      recordKeys: RECORD_KEYS,
      listKeys: LIST_KEYS,
      schema: transactionSchema,
      createSchema: transactionCreateSchema,
      what: 'transaction',
    }),

    bulkCreate(
      rows: readonly TransactionCreate[],
      options?: CallOptions & { batchSize?: number },
    ): Promise<BulkResult<Transaction>> {
      return kit.bulk(
        'POST',
        '/transactions/bulk',
        'transactions',
        rows,
        (row, index) => encodeBody(transactionCreateSchema, row, `transaction row ${index}`),
        RECORD_KEYS,
        transactionSchema,
        options,
      );
    },

    update(
      uuid: string,
      body: TransactionUpdate,
      options?: CallOptions,
    ): Promise<WriteResult<Transaction>> {
      return kit.write(
        'PATCH',
        path(uuid),
        encodeBody(transactionUpdateSchema, body, 'transaction update'),
        transactionWrite('the updated transaction'),
        options,
      );
    },

    /** Recategorizes (or, with null, uncategorizes) one transaction; may warn when partial. */
    changeCategory(
      uuid: string,
      body: ChangeCategory,
      options?: CallOptions,
    ): Promise<WriteResult<Transaction>> {
      return kit.write(
        'PATCH',
        path(uuid, 'change-category'),
        encodeBody(changeCategorySchema, body, 'category change'),
        transactionWrite('the recategorized transaction'),
        options,
      );
    },

    /** Categorizes transactions named by `uuid`, 100 per call. */
    changeCategoryBulk(
      rows: readonly ChangeCategoryRow[],
      options?: CallOptions & { batchSize?: number },
    ): Promise<BulkResult<Transaction>> {
      return kit.bulk(
        'PATCH',
        '/transactions/change-category-bulk',
        'transactions',
        rows,
        (row, index) => encodeBody(changeCategoryRowSchema, row, `category change row ${index}`),
        RECORD_KEYS,
        transactionSchema,
        options,
      );
    },

    /** Splits an unassigned transaction into children whose amounts sum to its own (R15). */
    split(
      uuid: string,
      splits: readonly SplitPart[],
      options?: CallOptions,
    ): Promise<WriteResult<SplitResult>> {
      const body = { splits: encodeBody(splitPartsSchema, [...splits], 'split') };
      return kit.write(
        'PUT',
        path(uuid, 'split'),
        body,
        (envelope) => {
          const data = envelope.data;
          const children =
            isRecord(data) && Array.isArray(data.transactions) ? data.transactions : [];
          return {
            data: {
              parent: parseShape(
                transactionSchema,
                pickRecord(data, RECORD_KEYS),
                'the split parent',
              ),
              children: children.map((child, index) =>
                parseShape(transactionSchema, child, `split child ${index}`),
              ),
            },
            warnings: envelope.warnings,
          };
        },
        options,
      );
    },

    /** Applies the transaction as payment of bills or invoices (R14). */
    assignToBillsInvoices(
      uuid: string,
      body: AssignToDocuments,
      options?: CallOptions,
    ): Promise<WriteResult<unknown>> {
      return kit.write(
        'POST',
        path(uuid, 'assign-to-bills-invoices'),
        encodeBody(assignToDocumentsSchema, body, 'assignment'),
        actionReader(),
        options,
      );
    },

    /** Deletes the transaction and its journal; one applied as a payment is a 400 (unassign first). */
    delete(uuid: string, options?: CallOptions): Promise<WriteResult<unknown>> {
      return kit.remove(path(uuid), options);
    },
  };
}

export type TransactionRoutes = ReturnType<typeof transactionRoutes>;
