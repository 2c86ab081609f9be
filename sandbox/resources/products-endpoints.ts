import { newUuid } from '../ids.js';
import { BodyReader } from '../http/body-reader.js';
import { pageOf, readPage } from '../http/page-request.js';
import { QueryReader } from '../http/query-reader.js';
import type { DataRoute } from '../http/route.js';
import { decimal } from '../http/views.js';
import type { ProductRecord } from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import { checkAccountRef } from './account-rules.js';
import { findOr404, newestFirst, uuidParam } from './shared.js';

function productView(product: ProductRecord): Record<string, unknown> {
  return { ...product, price: decimal(product.price), cost: decimal(product.cost) };
}

/** Reads product fields (assumption R2) into `target`; the income account must be Income. */
export function applyProductFields(
  ws: WorkspaceData,
  reader: BodyReader,
  target: ProductRecord,
  creating: boolean,
): void {
  reader.internalOnly(['id', 'createdAt', 'updatedAt'], 'managed by the service');
  const name = reader.string('name', { required: creating, max: 255 });
  const sku = reader.string('sku', { allowEmpty: true, max: 100 });
  const description = reader.string('description', { allowEmpty: true, max: 4000 });
  const type = reader.enumOf('type', ['service', 'product'] as const);
  const price = reader.decimal('price', { maxScale: 4 });
  const cost = reader.decimal('cost', { maxScale: 4 });
  const incomeAccountUuid = reader.uuid('incomeAccountUuid', { required: creating });
  const expenseAccountUuid = reader.uuid('expenseAccountUuid', { nullable: true });
  const taxable = reader.boolean('taxable');
  const status = reader.enumOf('status', ['active', 'inactive'] as const);
  checkAccountRef(ws, reader, 'incomeAccountUuid', incomeAccountUuid, ['Income']);
  checkAccountRef(ws, reader, 'expenseAccountUuid', expenseAccountUuid, ['Expenses']);
  if (reader.errors.length > 0) return;
  if (name) target.name = name;
  if (sku !== undefined && sku !== null) target.sku = sku;
  if (description !== undefined && description !== null) target.description = description;
  if (type) target.type = type;
  if (price !== undefined) target.price = price;
  if (cost !== undefined) target.cost = cost;
  if (incomeAccountUuid) target.incomeAccountUuid = incomeAccountUuid;
  if (expenseAccountUuid !== undefined) target.expenseAccountUuid = expenseAccountUuid;
  if (taxable !== undefined) target.taxable = taxable;
  if (status) target.status = status;
}

export function blankProduct(now: string): ProductRecord {
  return {
    id: newUuid(),
    name: '',
    sku: '',
    description: '',
    type: 'service',
    price: '0',
    cost: '0',
    incomeAccountUuid: '',
    expenseAccountUuid: null,
    taxable: false,
    status: 'active',
    createdAt: now,
    updatedAt: now,
  };
}

export function insertProduct(ws: WorkspaceData, product: ProductRecord): void {
  ws.products.set(product.id, product);
  ws.productNames.set(product.name.toLowerCase(), product.id);
}

export const productRoutes: DataRoute[] = [
  {
    method: 'GET',
    path: '/products',
    handler(ctx) {
      const query = new QueryReader(ctx.query);
      const search = query.string('search')?.toLowerCase();
      query.assertValid();
      const page = readPage(ctx.query);
      const items = ctx.ws.cachedList(`products|${search ?? ''}`, () =>
        newestFirst(
          ctx.ws.products,
          (product) =>
            !search ||
            product.name.toLowerCase().includes(search) ||
            product.sku.toLowerCase().includes(search),
        ),
      );
      return { data: pageOf(items, page, 'products', productView) };
    },
  },
  {
    method: 'GET',
    path: '/products/:uuid',
    handler: (ctx) => ({
      data: { product: productView(findOr404(ctx.ws.products, uuidParam(ctx), 'Product')) },
    }),
  },
  {
    method: 'POST',
    path: '/products',
    handler(ctx) {
      const reader = BodyReader.of(ctx.body);
      const product = blankProduct(ctx.now);
      applyProductFields(ctx.ws, reader, product, true);
      reader.finish();
      reader.assertValid();
      insertProduct(ctx.ws, product);
      return { status: 201, data: { product: productView(product) }, warnings: reader.warnings };
    },
  },
  {
    method: 'PATCH',
    path: '/products/:uuid',
    handler(ctx) {
      const product = findOr404(ctx.ws.products, uuidParam(ctx), 'Product');
      const reader = BodyReader.of(ctx.body);
      const draft = { ...product };
      applyProductFields(ctx.ws, reader, draft, false);
      reader.finish();
      reader.assertValid();
      Object.assign(product, draft, { updatedAt: ctx.now });
      ctx.ws.productNames.set(product.name.toLowerCase(), product.id);
      return { data: { product: productView(product) }, warnings: reader.warnings };
    },
  },
  {
    method: 'DELETE',
    path: '/products/:uuid',
    handler(ctx) {
      const product = findOr404(ctx.ws.products, uuidParam(ctx), 'Product');
      product.status = 'inactive';
      product.updatedAt = ctx.now;
      return {
        message: 'Product deleted (set inactive).',
        data: { product: productView(product) },
      };
    },
  },
];
