import { isNewestFirst, pageEndsScan } from './newest-first.js';
import { centsOf } from '../money/index.js';
import type { Page } from './pagination.js';
import type { CallOptions } from './request-executor.js';
import type { AccountRoutes } from './routes/accounts-routes.js';
import type { BillRoutes } from './routes/bills-routes.js';
import type { CustomerRoutes } from './routes/customers-routes.js';
import type { InvoiceRoutes } from './routes/invoices-routes.js';
import type { ProductRoutes } from './routes/products-routes.js';
import type { TransactionRoutes } from './routes/transactions-routes.js';
import type { VendorRoutes } from './routes/vendors-routes.js';
import type { Account, AccountType } from './schemas/accounts-schema.js';
import type { Bill, BillType } from './schemas/bills-schema.js';
import type { Customer } from './schemas/customers-schema.js';
import type { Invoice, InvoiceType } from './schemas/invoices-schema.js';
import type { Product } from './schemas/products-schema.js';
import type { Transaction } from './schemas/transactions-schema.js';
import type { Vendor } from './schemas/vendors-schema.js';
import { PAGE_SIZE } from './pagination.js';

/**
 * Finding existing records by natural key, for matching before creating and for reconciling an
 * ambiguous write. Every finder returns all matches (zero, one, or a duplicate the caller must
 * report); none relies on the list order for correctness.
 */

/** The routes the finders read. */
export interface FinderRoutes {
  accounts: AccountRoutes;
  customers: CustomerRoutes;
  vendors: VendorRoutes;
  products: ProductRoutes;
  invoices: InvoiceRoutes;
  bills: BillRoutes;
  transactions: TransactionRoutes;
}

/** Bounds a newest-first scan: see `scanNewestFirst`. */
export interface ScanBound {
  /**
   * ISO instant: the record sought was created at or after it (for example, when the ambiguous
   * attempt started). Lets the scan stop early once whole pages are older.
   */
  createdAfter?: string;
}

/** Natural-key finders over the given routes. */
export function createFinders(routes: FinderRoutes) {
  return {
    /**
     * Accounts (sub-accounts included) with this account number, or, when none has it or no
     * number is given, whose name equals `name` ignoring case and surrounding spaces.
     */
    async accounts(
      criteria: { type?: AccountType; accountNumber?: string; name?: string },
      options?: CallOptions,
    ): Promise<Account[]> {
      const all: Account[] = [];
      for await (const account of routes.accounts.list({ type: criteria.type }, options)) {
        all.push(account, ...(account.subAccounts ?? []));
      }
      const number = criteria.accountNumber?.trim();
      if (number) {
        const byNumber = all.filter((account) => account.accountNumber?.trim() === number);
        if (byNumber.length > 0 || criteria.name === undefined) return byNumber;
      }
      if (criteria.name === undefined) return [];
      const name = comparable(criteria.name);
      return all.filter(
        (account) => account.name !== undefined && comparable(account.name) === name,
      );
    },

    /** Customers whose name equals `name` ignoring case (found through `search`). */
    async customersByName(name: string, options?: CallOptions): Promise<Customer[]> {
      const wanted = comparable(name);
      const found: Customer[] = [];
      for await (const customer of routes.customers.list({ search: name.trim() }, options)) {
        if (customer.customer !== undefined && comparable(customer.customer) === wanted) {
          found.push(customer);
        }
      }
      return found;
    },

    /** Vendors whose name equals `name` ignoring case (found through `search`). */
    async vendorsByName(name: string, options?: CallOptions): Promise<Vendor[]> {
      const wanted = comparable(name);
      const found: Vendor[] = [];
      for await (const vendor of routes.vendors.list({ search: name.trim() }, options)) {
        if (vendor.name !== undefined && comparable(vendor.name) === wanted) found.push(vendor);
      }
      return found;
    },

    /**
     * Products with this SKU (exact), else whose name equals `name` ignoring case. The SKU is
     * looked up through `search` first and, since the API does not say whether search covers
     * SKUs, by a full scan when that finds nothing.
     */
    async products(
      criteria: { sku?: string; name?: string },
      options?: CallOptions,
    ): Promise<Product[]> {
      const sku = criteria.sku?.trim();
      if (sku) {
        const matchesSku = (product: Product) => product.sku?.trim() === sku;
        let bySku = await collectWhere(routes.products.list({ search: sku }, options), matchesSku);
        if (bySku.length === 0)
          bySku = await collectWhere(routes.products.list({}, options), matchesSku);
        if (bySku.length > 0 || criteria.name === undefined) return bySku;
      }
      if (criteria.name === undefined) return [];
      const wanted = comparable(criteria.name);
      return collectWhere(
        routes.products.list({ search: criteria.name.trim() }, options),
        (product) => product.name !== undefined && comparable(product.name) === wanted,
      );
    },

    /** Documents of `invoiceType` numbered `invoiceNumber` (the list has no number filter). */
    invoicesByNumber(
      criteria: { invoiceNumber: string; invoiceType: InvoiceType } & ScanBound,
      options?: CallOptions,
    ): Promise<Invoice[]> {
      const number = criteria.invoiceNumber.trim();
      return scanNewestFirst(
        (page) =>
          routes.invoices.listPage(
            { invoiceType: criteria.invoiceType, page, limit: PAGE_SIZE },
            options,
          ),
        (invoice) => invoice.invoiceNumber?.trim() === number,
        (invoice) => instant(invoice.createdAt),
        instant(criteria.createdAfter),
      );
    },

    /** Bills numbered `billNumber`, narrowed by type and vendors when given. */
    billsByNumber(
      criteria: {
        billNumber: string;
        billType?: BillType;
        vendorUuids?: readonly string[];
      } & ScanBound,
      options?: CallOptions,
    ): Promise<Bill[]> {
      const number = criteria.billNumber.trim();
      return scanNewestFirst(
        (page) =>
          routes.bills.listPage(
            {
              billType: criteria.billType,
              vendorUuids: criteria.vendorUuids,
              page,
              limit: PAGE_SIZE,
            },
            options,
          ),
        (bill) => bill.billNumber?.trim() === number,
        (bill) => instant(bill.createdAt),
        instant(criteria.createdAfter),
      );
    },

    /**
     * Transactions on `accountUuid` posted on `postedDate` for exactly `amount` (signed money
     * string) and, when given, with exactly this description. The scan stops early once whole
     * pages were posted before `postedDate`, as long as the list has proved newest-first.
     */
    transactions(
      criteria: { accountUuid: string; postedDate: string; amount: string; description?: string },
      options?: CallOptions,
    ): Promise<Transaction[]> {
      const cents = centsOf(criteria.amount);
      const description = criteria.description?.trim();
      return scanNewestFirst(
        (page) =>
          routes.transactions.listPage(
            { accUuid: criteria.accountUuid, page, limit: PAGE_SIZE },
            options,
          ),
        (transaction) =>
          transaction.postedDate === criteria.postedDate &&
          sameCents(transaction.amount, cents) &&
          (description === undefined || (transaction.description ?? '').trim() === description) &&
          (transaction.accountId === undefined ||
            transaction.accountId === null ||
            transaction.accountId === criteria.accountUuid),
        (transaction) => instant(transaction.postedDate),
        instant(criteria.postedDate),
      );
    },
  };
}

export type Finders = ReturnType<typeof createFinders>;

/**
 * Scans a list page by page, collecting matches. With `olderThan`, it stops after a page whose
 * records are all older than that instant, but only while every record seen so far has come in
 * newest-first order: one record out of order and the scan runs to the end. So the early stop is
 * an optimisation the list must earn, never an assumption about its order.
 */
export async function scanNewestFirst<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  matches: (record: T) => boolean,
  timeOf: (record: T) => number | undefined,
  olderThan?: number,
): Promise<T[]> {
  const found: T[] = [];
  let newestFirst = true;
  let previous: number | undefined;
  for (let page = 1; ; page += 1) {
    const result = await fetchPage(page);
    const times = result.records.map(timeOf);
    for (const record of result.records) if (matches(record)) found.push(record);
    if (result.records.length === 0) break;
    const lastPage =
      result.totalPages !== undefined
        ? page >= result.totalPages
        : result.records.length < (result.limit ?? PAGE_SIZE);
    if (lastPage) break;
    newestFirst &&= isNewestFirst(times, previous);
    previous = times[times.length - 1];
    if (olderThan !== undefined && newestFirst && pageEndsScan(times, olderThan)) break;
  }
  return found;
}

async function collectWhere<T>(items: AsyncIterable<T>, keep: (item: T) => boolean): Promise<T[]> {
  const kept: T[] = [];
  for await (const item of items) if (keep(item)) kept.push(item);
  return kept;
}

/** Case- and surrounding-space-insensitive form of a name. */
function comparable(name: string): string {
  return name.normalize('NFC').trim().toLowerCase();
}

function instant(text: string | null | undefined): number | undefined {
  if (!text) return undefined;
  const value = Date.parse(text);
  return Number.isNaN(value) ? undefined : value;
}

function sameCents(amount: string | null | undefined, cents: bigint): boolean {
  if (amount === undefined || amount === null) return false;
  try {
    return centsOf(amount) === cents;
  } catch {
    return false;
  }
}
