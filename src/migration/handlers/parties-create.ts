import {
  API_TEXT_LIMITS as LIMIT,
  apiDecimal,
  cutText,
  isApiEmail,
  productCostAccepts,
  salesLineAccepts,
  type AccountKind,
  type Party,
  type Product,
  type Vendor,
} from '../../ledger/index.js';
import type { Address, CustomerBody, ProductBody, VendorBody } from '../contracts/migration-api.js';
import { asBulk, namedRecordsHandler } from './named-records.js';
import { customerRefusal, productRefusal, vendorRefusal } from './request-rules.js';
import { legacyChartOf } from './sales-line-accounts.js';

/**
 * An address as the API takes it: blank parts left out, and, on customers, each part cut to its
 * limit (vendors' addresses have none, R1).
 */
function addressOf(address: Party['billingAddress'], cut = false): Address | undefined {
  if (!address) return undefined;
  const limits: Record<keyof Address, number> = {
    street: LIMIT.street,
    city: LIMIT.place,
    state: LIMIT.place,
    zipCode: LIMIT.zipCode,
    country: LIMIT.place,
  };
  const entries = Object.entries(address)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(([part, value]) => [part, cut ? cutText(value, limits[part as keyof Address]) : value]);
  return entries.length > 0 ? (Object.fromEntries(entries) as Address) : undefined;
}

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Optional text cut to the API's limit for its field (validation notes a cut, `api.value-adapted`). */
function optional(text: string | undefined, limit: number): string | undefined {
  return text === undefined ? undefined : cutText(text, limit);
}

/** An email the API takes, else nothing (validation notes it, `api.value-adapted`). */
function emailOf(email: string | undefined): string | undefined {
  const trimmed = email?.trim();
  return trimmed && isApiEmail(trimmed) ? trimmed : undefined;
}

/** A customer's notes, with an email the API refused kept as the legacy books wrote it. */
function customerNotes(customer: Party): string | undefined {
  const refused =
    customer.email?.trim() && !emailOf(customer.email)
      ? `Email in the legacy books: ${customer.email.trim()}`
      : undefined;
  const notes = [customer.notes, refused].filter(Boolean).join('\n');
  return notes ? cutText(notes, LIMIT.notes) : undefined;
}

/** Customers, created in bulk. */
export const customersCreate = namedRecordsHandler<Party, CustomerBody>({
  step: 'customers',
  entity: 'customer',
  resource: 'customers',
  bulk: true,
  body: (customer) =>
    defined({
      customer: customer.name,
      email: emailOf(customer.email),
      mainPhone: optional(customer.phone, LIMIT.phone),
      website: optional(customer.website, LIMIT.name),
      notes: customerNotes(customer),
      paymentTerm: optional(customer.paymentTerm, LIMIT.term),
      taxNumber: optional(customer.taxNumber, LIMIT.term),
      billingAddress: addressOf(customer.billingAddress, true),
      shippingAddress: addressOf(customer.shippingAddress, true),
      contacts: customer.contactPerson
        ? [
            {
              ...defined({
                firstName: optional(customer.contactPerson.firstName, LIMIT.place),
                lastName: optional(customer.contactPerson.lastName, LIMIT.place),
                email: emailOf(customer.contactPerson.email),
                phone: optional(customer.contactPerson.phone, LIMIT.phone),
              }),
              isPrimary: true,
            },
          ]
        : undefined,
    }),
  refusal: customerRefusal,
  create: (api, bodies) => api.createCustomers(bodies),
  list: (api, page) => api.listCustomers(page),
});

/** Vendors: the API has no bulk route for them, so one call each. */
export const vendorsCreate = namedRecordsHandler<Vendor, VendorBody>({
  step: 'vendors',
  entity: 'vendor',
  resource: 'vendors',
  bulk: false,
  body: (vendor) =>
    defined({
      name: vendor.name,
      email: emailOf(vendor.email),
      phone: optional(vendor.phone, LIMIT.phone),
      website: optional(vendor.website, LIMIT.name),
      address: addressOf(vendor.billingAddress),
      taxId: optional(vendor.taxNumber, LIMIT.taxId),
      is1099: vendor.is1099,
    }),
  refusal: vendorRefusal,
  create: (api, [body]) => asBulk(api.createVendor(body as VendorBody)),
  list: (api, page) => api.listVendors(page),
});

/**
 * Products and services, one call each. Invoice lines name their income account explicitly, so a
 * product without one takes the workspace's uncategorized income account as its default; so does
 * one whose legacy income account is not an Income account, and an expense account that is not an
 * Expenses account is left out (the API refuses both, R2; Xero items often sell on an expense
 * account, a freight recharge say). A price or cost with more than four decimal places is left
 * out too: the product's defaults never reach the books.
 */
export const productsCreate = namedRecordsHandler<Product, ProductBody>({
  step: 'products',
  entity: 'product',
  resource: 'products',
  bulk: false,
  annotate: async (context) => {
    const chart = await legacyChartOf(context);
    const typed = (key: string | undefined, accepts: (kind: AccountKind) => boolean) => {
      const kind = key === undefined ? undefined : chart.get(key)?.kind;
      return kind === undefined || accepts(kind) ? key : undefined;
    };
    return (product) => {
      const planned = { ...product };
      const incomeAccountKey = typed(product.incomeAccountKey, salesLineAccepts);
      const expenseAccountKey = typed(product.expenseAccountKey, productCostAccepts);
      if (incomeAccountKey === undefined) delete planned.incomeAccountKey;
      if (expenseAccountKey === undefined) delete planned.expenseAccountKey;
      return planned;
    };
  },
  body: (product, refs) => {
    const income = product.incomeAccountKey
      ? refs.account(product.incomeAccountKey)
      : refs.role('uncategorized-income');
    if (!income) {
      return {
        missing: product.incomeAccountKey
          ? `its income account ${product.incomeAccountKey} was not migrated`
          : 'the workspace has no uncategorized income account to default to',
      };
    }
    const expense = product.expenseAccountKey ? refs.account(product.expenseAccountKey) : undefined;
    if (product.expenseAccountKey && !expense) {
      return { missing: `its expense account ${product.expenseAccountKey} was not migrated` };
    }
    const decimal = (value: string | undefined) =>
      value !== undefined && apiDecimal(value) ? value : undefined;
    return defined({
      name: product.name,
      sku: optional(product.sku, LIMIT.term),
      description: optional(product.description, LIMIT.lineDescription),
      type: product.type,
      price: decimal(product.salesPrice),
      cost: decimal(product.purchaseCost),
      incomeAccountUuid: income,
      expenseAccountUuid: expense,
      taxable: false,
    });
  },
  refusal: productRefusal,
  create: (api, [body]) => asBulk(api.createProduct(body as ProductBody)),
  list: (api, page) => api.listProducts(page),
});
