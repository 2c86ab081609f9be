import type { Page } from '../pagination.js';
import { segment } from '../query.js';
import type { CallOptions } from '../request-executor.js';
import type { WriteResult } from '../schemas/common.js';
import {
  productCreateSchema,
  productSchema,
  productUpdateSchema,
  type Product,
  type ProductCreate,
  type ProductUpdate,
} from '../schemas/products.js';
import {
  actionReader,
  encodeBody,
  recordReader,
  writeReader,
  type RouteKit,
} from '../request-executor.js';

/** Filters of the product list (docs/api-assumptions.md R2). */
export interface ProductListQuery {
  search?: string;
}

const RECORD_KEYS = ['product'];
const LIST_KEYS = ['products', 'records'];

/** Products and services routes (R2; no bulk route). */
export function productRoutes(kit: RouteKit) {
  return {
    list(
      query: ProductListQuery = {},
      options?: CallOptions,
    ): AsyncGenerator<Product, void, undefined> {
      return kit.all('/products', { ...query }, LIST_KEYS, productSchema, 'product', options);
    },

    listPage(
      query: ProductListQuery & { page?: number; limit?: number } = {},
      options?: CallOptions,
    ): Promise<Page<Product>> {
      return kit.page('/products', { ...query }, LIST_KEYS, productSchema, 'product', options);
    },

    get(uuid: string, options?: CallOptions): Promise<Product> {
      return kit.get(
        `/products/${segment(uuid)}`,
        recordReader(productSchema, RECORD_KEYS, 'the product'),
        options,
      );
    },

    create(body: ProductCreate, options?: CallOptions): Promise<WriteResult<Product>> {
      return kit.write(
        'POST',
        '/products',
        encodeBody(productCreateSchema, body, 'product'),
        writeReader(productSchema, RECORD_KEYS, 'the created product'),
        options,
      );
    },

    update(
      uuid: string,
      body: ProductUpdate,
      options?: CallOptions,
    ): Promise<WriteResult<Product>> {
      return kit.write(
        'PATCH',
        `/products/${segment(uuid)}`,
        encodeBody(productUpdateSchema, body, 'product update'),
        writeReader(productSchema, RECORD_KEYS, 'the updated product'),
        options,
      );
    },

    delete(uuid: string, options?: CallOptions): Promise<WriteResult<unknown>> {
      return kit.write('DELETE', `/products/${segment(uuid)}`, undefined, actionReader(), options);
    },
  };
}

export type ProductRoutes = ReturnType<typeof productRoutes>;
