import type { BulkResult } from '../bulk.js';
import { segment } from '../query.js';
import type { CallOptions } from '../request-executor.js';
import type { WriteResult } from '../schemas/common.js';
import {
  customerBulkUpdateRowSchema,
  customerCreateSchema,
  customerSchema,
  customerUpdateSchema,
  type Customer,
  type CustomerBulkUpdateRow,
  type CustomerCreate,
  type CustomerUpdate,
} from '../schemas/customers-schema.js';
import { encodeBody, writeReader, type RouteKit } from '../request-executor.js';

/** Filters of the customer list (spec). */
export interface CustomerListQuery {
  /** Partial, case-insensitive match on name, contact name and phone (not email). */
  search?: string;
  status?: 'active' | 'inactive';
  orderBy?: 'customer' | 'email' | 'createdAt' | 'updatedAt';
  orderDirection?: 'ASC' | 'DESC';
}

const RECORD_KEYS = ['customer'];

/** Customer routes. */
export function customerRoutes(kit: RouteKit) {
  return {
    ...kit.records<typeof customerSchema, typeof customerCreateSchema, CustomerListQuery>({
      path: '/customers',
      recordKeys: RECORD_KEYS,
      listKeys: ['records', 'customers'],
      schema: customerSchema,
      createSchema: customerCreateSchema,
      what: 'customer',
    }),

    bulkCreate(
      rows: readonly CustomerCreate[],
      options?: CallOptions & { batchSize?: number },
    ): Promise<BulkResult<Customer>> {
      return kit.bulk(
        'POST',
        '/customers/bulk',
        'customers',
        rows,
        (row, index) => encodeBody(customerCreateSchema, row, `customer row ${index}`),
        RECORD_KEYS,
        customerSchema,
        options,
      );
    },

    /** Updates customers named by `uuid` in each row, 100 per call. */
    bulkUpdate(
      rows: readonly CustomerBulkUpdateRow[],
      options?: CallOptions & { batchSize?: number },
    ): Promise<BulkResult<Customer>> {
      return kit.bulk(
        'PATCH',
        '/customers/bulk',
        'customers',
        rows,
        (row, index) =>
          encodeBody(customerBulkUpdateRowSchema, row, `customer update row ${index}`),
        RECORD_KEYS,
        customerSchema,
        options,
      );
    },

    update(
      uuid: string,
      body: CustomerUpdate,
      options?: CallOptions,
    ): Promise<WriteResult<Customer>> {
      return kit.write(
        'PATCH',
        `/customers/${segment(uuid)}`,
        encodeBody(customerUpdateSchema, body, 'customer update'),
        writeReader(customerSchema, RECORD_KEYS, 'the updated customer'),
        options,
      );
    },

    /** Soft delete (the customer becomes inactive). */
    delete(uuid: string, options?: CallOptions): Promise<WriteResult<unknown>> {
      return kit.remove(`/customers/${segment(uuid)}`, options);
    },
  };
}

export type CustomerRoutes = ReturnType<typeof customerRoutes>;
