import { segment } from '../query.js';
import type { CallOptions } from '../request-executor.js';
import type { WriteResult } from '../schemas/common.js';
import {
  vendorCreateSchema,
  vendorSchema,
  vendorUpdateSchema,
  type Vendor,
  type VendorUpdate,
} from '../schemas/vendors-schema.js';
import { encodeBody, writeReader, type RouteKit } from '../request-executor.js';

/** Filters of the vendor list (docs/api-assumptions.md R1). */
export interface VendorListQuery {
  search?: string;
  status?: 'active' | 'inactive';
}

const RECORD_KEYS = ['vendor'];

/** Vendor routes (R1; no bulk route). */
export function vendorRoutes(kit: RouteKit) {
  return {
    ...kit.records<typeof vendorSchema, typeof vendorCreateSchema, VendorListQuery>({
      path: '/vendors',
      recordKeys: RECORD_KEYS,
      listKeys: ['vendors', 'records'],
      schema: vendorSchema,
      createSchema: vendorCreateSchema,
      what: 'vendor',
    }),

    update(uuid: string, body: VendorUpdate, options?: CallOptions): Promise<WriteResult<Vendor>> {
      return kit.write(
        'PATCH',
        `/vendors/${segment(uuid)}`,
        encodeBody(vendorUpdateSchema, body, 'vendor update'),
        writeReader(vendorSchema, RECORD_KEYS, 'the updated vendor'),
        options,
      );
    },

    /** Soft delete (inactive). */
    delete(uuid: string, options?: CallOptions): Promise<WriteResult<unknown>> {
      return kit.remove(`/vendors/${segment(uuid)}`, options);
    },
  };
}

export type VendorRoutes = ReturnType<typeof vendorRoutes>;
