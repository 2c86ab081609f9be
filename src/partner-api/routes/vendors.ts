import type { Page } from '../pagination.js';
import { segment } from '../query.js';
import type { CallOptions } from '../request-executor.js';
import type { WriteResult } from '../schemas/common.js';
import {
  vendorCreateSchema,
  vendorSchema,
  vendorUpdateSchema,
  type Vendor,
  type VendorCreate,
  type VendorUpdate,
} from '../schemas/vendors.js';
import {
  actionReader,
  encodeBody,
  recordReader,
  writeReader,
  type RouteKit,
} from '../request-executor.js';

/** Filters of the vendor list (docs/api-assumptions.md R1). */
export interface VendorListQuery {
  search?: string;
  status?: 'active' | 'inactive';
}

const RECORD_KEYS = ['vendor'];
const LIST_KEYS = ['vendors', 'records'];

/** Vendor routes (R1; no bulk route). */
export function vendorRoutes(kit: RouteKit) {
  return {
    list(
      query: VendorListQuery = {},
      options?: CallOptions,
    ): AsyncGenerator<Vendor, void, undefined> {
      return kit.all('/vendors', { ...query }, LIST_KEYS, vendorSchema, 'vendor', options);
    },

    listPage(
      query: VendorListQuery & { page?: number; limit?: number } = {},
      options?: CallOptions,
    ): Promise<Page<Vendor>> {
      return kit.page('/vendors', { ...query }, LIST_KEYS, vendorSchema, 'vendor', options);
    },

    get(uuid: string, options?: CallOptions): Promise<Vendor> {
      return kit.get(
        `/vendors/${segment(uuid)}`,
        recordReader(vendorSchema, RECORD_KEYS, 'the vendor'),
        options,
      );
    },

    create(body: VendorCreate, options?: CallOptions): Promise<WriteResult<Vendor>> {
      return kit.write(
        'POST',
        '/vendors',
        encodeBody(vendorCreateSchema, body, 'vendor'),
        writeReader(vendorSchema, RECORD_KEYS, 'the created vendor'),
        options,
      );
    },

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
      return kit.write('DELETE', `/vendors/${segment(uuid)}`, undefined, actionReader(), options);
    },
  };
}

export type VendorRoutes = ReturnType<typeof vendorRoutes>;
