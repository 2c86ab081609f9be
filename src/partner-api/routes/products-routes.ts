import { segment } from '../query.js';
import type { CallOptions } from '../request-executor.js';
import type { WriteResult } from '../schemas/common.js';
import {
  productCreateSchema,
  productSchema,
  productUpdateSchema,
  type Product,
  type ProductUpdate,
} from '../schemas/products-schema.js';
import { encodeBody, writeReader, type RouteKit } from '../request-executor.js';

/** Filters of the product list (docs/api-assumptions.md R2). */
export interface ProductListQuery {
  search?: string;
}

const RECORD_KEYS = ['product'];

/** Products and services routes (R2; no bulk route). */
export function productRoutes(kit: RouteKit) {
  return {
    ...kit.records<typeof productSchema, typeof productCreateSchema, ProductListQuery>({
      path: '/products',
      recordKeys: RECORD_KEYS,
      listKeys: ['products', 'records'],
      schema: productSchema,
      createSchema: productCreateSchema,
      what: 'product',
    }),

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
      return kit.remove(`/products/${segment(uuid)}`, options);
    },
  };
}

export type ProductRoutes = ReturnType<typeof productRoutes>;
