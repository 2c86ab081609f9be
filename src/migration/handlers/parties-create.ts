import type { Party, Product, Vendor } from '../../ledger/index.js';
import type { Address, CustomerBody, ProductBody, VendorBody } from '../contracts/migration-api.js';
import { asBulk, namedRecordsHandler } from './named-records.js';
import { customerRefusal, productRefusal, vendorRefusal } from './request-rules.js';

function addressOf(address: Party['billingAddress']): Address | undefined {
  if (!address) return undefined;
  const entries = Object.entries(address).filter(
    ([, value]) => value !== undefined && value !== '',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
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
      email: customer.email,
      mainPhone: customer.phone,
      website: customer.website,
      notes: customer.notes,
      paymentTerm: customer.paymentTerm,
      taxNumber: customer.taxNumber,
      billingAddress: addressOf(customer.billingAddress),
      shippingAddress: addressOf(customer.shippingAddress),
      contacts: customer.contactPerson
        ? [{ ...defined(customer.contactPerson), isPrimary: true }]
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
      email: vendor.email,
      phone: vendor.phone,
      website: vendor.website,
      address: addressOf(vendor.billingAddress),
      taxId: vendor.taxNumber,
      is1099: vendor.is1099,
    }),
  refusal: vendorRefusal,
  create: (api, [body]) => asBulk(api.createVendor(body as VendorBody)),
  list: (api, page) => api.listVendors(page),
});

/**
 * Products and services, one call each. Invoice lines name their income account explicitly, so a
 * product without one takes the workspace's uncategorized income account as its default.
 */
export const productsCreate = namedRecordsHandler<Product, ProductBody>({
  step: 'products',
  entity: 'product',
  resource: 'products',
  bulk: false,
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
    return defined({
      name: product.name,
      sku: product.sku,
      description: product.description,
      type: product.type,
      price: product.salesPrice,
      cost: product.purchaseCost,
      incomeAccountUuid: income,
      expenseAccountUuid: expense,
      taxable: false,
    });
  },
  refusal: productRefusal,
  create: (api, [body]) => asBulk(api.createProduct(body as ProductBody)),
  list: (api, page) => api.listProducts(page),
});
