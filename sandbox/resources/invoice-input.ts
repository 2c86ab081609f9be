import { lineAmountCents } from '../../src/money/index.js';
import { newUuid } from '../ids.js';
import type { BodyReader } from '../http/body-reader.js';
import type {
  CustomerRecord,
  InvoiceLine,
  InvoiceRecord,
  InvoiceType,
  ProductRecord,
} from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import { checkAccountRef } from './account-rules.js';
import { applyCustomerFields, emptyCustomer } from './customer-fields.js';
import { insertCustomer } from './customers-endpoints.js';
import { applyProductFields, blankProduct, insertProduct } from './products-endpoints.js';

/** Records created inline by a document; inserted only once the whole document is valid. */
export interface PendingInserts {
  customer?: CustomerRecord;
  products: ProductRecord[];
}

export function commitInserts(ws: WorkspaceData, pending: PendingInserts): void {
  if (pending.customer) insertCustomer(ws, pending.customer);
  for (const product of pending.products) insertProduct(ws, product);
}

/**
 * Resolves `customerUuid` or an inline `customer` (line rule 5). An inline customer is matched by
 * exact name (case-insensitive) among active customers, otherwise created (assumption R20).
 */
export function readCustomerRef(
  ws: WorkspaceData,
  reader: BodyReader,
  pending: PendingInserts,
  now: string,
  required: boolean,
): string | undefined {
  const uuid = reader.uuid('customerUuid');
  const inline = reader.object('customer');
  if (uuid && inline) {
    reader.fail('customer', 'conflict', 'Send customerUuid or an inline customer, not both.');
    return undefined;
  }
  if (uuid) {
    if (!ws.customers.has(uuid))
      reader.fail('customerUuid', 'not_found', `Customer ${uuid} was not found in this workspace.`);
    return uuid;
  }
  if (inline) {
    const name = inline.string('customer', { required: true });
    if (name) {
      const existingId = ws.customerNames.get(name.toLowerCase());
      const existing = existingId ? ws.customers.get(existingId) : undefined;
      if (
        existing &&
        existing.status === 'active' &&
        existing.customer.toLowerCase() === name.toLowerCase()
      ) {
        inline.known(...Object.keys(inline.raw));
        return existing.id;
      }
    }
    const customer = emptyCustomer(now);
    applyCustomerFields(inline, customer, true);
    inline.finish();
    pending.customer = customer;
    return customer.id;
  }
  if (required)
    reader.fail('customerUuid', 'required', 'customerUuid (or an inline customer) is required.');
  return undefined;
}

function resolveInlineProduct(
  ws: WorkspaceData,
  line: BodyReader,
  pending: PendingInserts,
  now: string,
  categoryAccountUuid: string | null | undefined,
): ProductRecord | undefined {
  const inline = line.object('product');
  if (!inline) return undefined;
  const name = inline.string('name', { required: true });
  if (!name) return undefined;
  const existingId = ws.productNames.get(name.toLowerCase());
  const existing = existingId ? ws.products.get(existingId) : undefined;
  if (
    existing &&
    existing.status === 'active' &&
    existing.name.toLowerCase() === name.toLowerCase()
  ) {
    inline.known(...Object.keys(inline.raw));
    return existing;
  }
  const already = pending.products.find(
    (product) => product.name.toLowerCase() === name.toLowerCase(),
  );
  if (already) {
    inline.known(...Object.keys(inline.raw));
    return already;
  }
  const product = blankProduct(now);
  // An inline product without its own income account takes the line's.
  if (!inline.has('incomeAccountUuid') && categoryAccountUuid)
    product.incomeAccountUuid = categoryAccountUuid;
  applyProductFields(ws, inline, product, false);
  inline.finish();
  if (!product.incomeAccountUuid) {
    inline.fail(
      'incomeAccountUuid',
      'required',
      'An inline product needs incomeAccountUuid or a line categoryAccountUuid.',
    );
  }
  pending.products.push(product);
  return product;
}

/** Reads document lines (spec line rules 1-5; assumption R11 for taxes). */
export function readLines(
  ws: WorkspaceData,
  reader: BodyReader,
  pending: PendingInserts,
  now: string,
): InvoiceLine[] | undefined {
  const lineReaders = reader.objects('products');
  if (!lineReaders) return undefined;
  return lineReaders.map((line) => {
    const productUuid = line.uuid('productUuid');
    const categoryAccountUuid = line.uuid('categoryAccountUuid');
    let product: ProductRecord | undefined;
    if (productUuid) {
      product = ws.products.get(productUuid);
      if (!product)
        line.fail(
          'productUuid',
          'not_found',
          `Product ${productUuid} was not found in this workspace.`,
        );
      if (line.has('product'))
        line.fail('product', 'conflict', 'Send productUuid or an inline product, not both.');
    } else {
      product = resolveInlineProduct(ws, line, pending, now, categoryAccountUuid);
    }
    const freeText = !productUuid && !line.has('product');
    const name = line.string('name', { required: freeText, max: 255 });
    const description = line.string('description', { allowEmpty: true, max: 4000 });
    const quantity = line.decimal('quantity', { maxScale: 4 }) ?? '1';
    const unitPrice = line.decimal('unitPrice', { maxScale: 4, required: !product });
    const price = line.decimal('price', { maxScale: 4 });
    const nonTaxable = line.boolean('nonTaxable');
    const taxes = line.array('taxes');
    if (freeText && !categoryAccountUuid) {
      line.fail(
        'categoryAccountUuid',
        'required',
        'A free-text line (no productUuid) requires categoryAccountUuid.',
      );
    }
    checkAccountRef(ws, line, 'categoryAccountUuid', categoryAccountUuid, ['Income']);
    line.internalOnly(['id', 'amount'], 'computed by the service');
    line.finish();
    if (taxes && taxes.length > 0 && nonTaxable !== true) {
      reader.warnings.push({
        field: line.path('taxes'),
        reason: 'unknown_field',
        message: 'Tax rates are not modelled by this workspace; the line was saved without tax.',
      });
    }
    const effectiveUnitPrice = unitPrice ?? product?.price ?? '0';
    return {
      id: newUuid(),
      productUuid: product?.id ?? null,
      name: name ?? product?.name ?? '',
      description: description ?? product?.description ?? '',
      quantity,
      unitPrice: effectiveUnitPrice,
      price: price ?? effectiveUnitPrice,
      nonTaxable: nonTaxable ?? !(product?.taxable ?? false),
      categoryAccountUuid: categoryAccountUuid ?? product?.incomeAccountUuid ?? '',
      amount: lineAmountCents(quantity, effectiveUnitPrice),
    };
  });
}

export function totalsOf(lines: InvoiceLine[]) {
  let subtotal = 0n;
  for (const line of lines) subtotal += line.amount;
  return { subtotal, taxTotal: 0n, total: subtotal };
}

const PREFIX: Record<InvoiceType, string> = { invoice: 'INV', estimate: 'EST', memo: 'CM' };

/** Next free number of a document series (assumption R9). */
export function nextInvoiceNumber(ws: WorkspaceData, type: InvoiceType): string {
  return ws.nextNumber(type, PREFIX[type], ws.numbersOf(type));
}

export function claimInvoiceNumber(ws: WorkspaceData, invoice: InvoiceRecord): void {
  ws.numbersOf(invoice.invoiceType).add(invoice.invoiceNumber);
  ws.commitNumber(invoice.invoiceType, invoice.invoiceNumber);
}
