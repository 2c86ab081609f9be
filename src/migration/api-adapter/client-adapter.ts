import type { PartnerApiClient } from '../../partner-api/client.js';
import type { BulkResult } from '../../partner-api/bulk.js';
import type { CallOptions } from '../../partner-api/request-executor.js';
import type { Page as ClientPage } from '../../partner-api/pagination.js';
import type { PartnerWarning, WriteResult } from '../../partner-api/schemas/common.js';
import type {
  ApiWarning,
  BulkRowResult,
  MigrationApi,
  Page,
  WorkspaceAccount,
  Written,
} from '../contracts/migration-api.js';
import type { Account, SubAccount } from '../../partner-api/schemas/accounts-schema.js';
import { centsOf, formatCents, isPlainDecimal } from '../../money/index.js';

/** The page size the migration reads with: the most the sandbox allows (T5). */
const PAGE_SIZE = 100;

/**
 * The migration's calls over the partner-api client: one client call per method, the activity's
 * cancellation signal on every call, money as decimal strings in both directions.
 */
export function migrationApiOver(client: PartnerApiClient, signal?: AbortSignal): MigrationApi {
  const options: CallOptions = signal ? { signal } : {};
  const query = (page: number) => ({ page, limit: PAGE_SIZE });

  return {
    async listAccounts(page) {
      const listing = await client.accounts.listPage(query(page), options);
      return accountsPage(listing, page, workspaceAccountOf);
    },
    async listSubTypes() {
      const subTypes = await client.accounts.listSubTypes({}, options);
      return subTypes.map((subType) => ({
        id: subType.id,
        type: subType.type ?? '',
        name: subType.name ?? '',
      }));
    },
    async listCustomers(page) {
      const listing = await client.customers.listPage(
        { ...query(page), orderBy: 'createdAt', orderDirection: 'DESC' },
        options,
      );
      return pageOf(listing, page, (c) => ({
        id: c.id,
        name: c.customer ?? '',
        createdAt: c.createdAt,
      }));
    },
    async listVendors(page) {
      const listing = await client.vendors.listPage(query(page), options);
      return pageOf(listing, page, namedRecordOf);
    },
    async listProducts(page) {
      const listing = await client.products.listPage(query(page), options);
      return pageOf(listing, page, namedRecordOf);
    },
    async listInvoices(page, invoiceType) {
      const listing = await client.invoices.listPage(
        { ...query(page), ...(invoiceType ? { invoiceType } : {}) },
        options,
      );
      return pageOf(listing, page, invoiceOf);
    },
    async listBills(page, vendorUuids) {
      const listing = await client.bills.listPage(
        { ...query(page), ...(vendorUuids ? { vendorUuids } : {}) },
        options,
      );
      return pageOf(listing, page, billOf);
    },
    async listTransactions(page, accountUuid) {
      const listing = await client.transactions.listPage(
        { ...query(page), accUuid: accountUuid },
        options,
      );
      return pageOf(listing, page, transactionOf);
    },
    async listJournalEntries(page) {
      const listing = await client.journalEntries.listPage(query(page), options);
      return pageOf(listing, page, (entry) => ({
        id: entry.id,
        memo: entry.memo ?? '',
        referenceNumber: entry.referenceNumber ?? undefined,
        createdAt: entry.createdAt,
      }));
    },
    getTransaction: async (id) => transactionOf(await client.transactions.get(id, options)),
    getInvoice: async (id) => invoiceOf(await client.invoices.get(id, options)),
    getBill: async (id) => billOf(await client.bills.get(id, options)),
    async getDocumentBaseValue(kind, id) {
      const record =
        kind === 'invoice'
          ? await client.invoices.get(id, options)
          : await client.bills.get(id, options);
      return baseValueOf(record);
    },
    async getOpeningBalance() {
      const state = await client.openingBalance.get(options);
      return {
        status: state.status ?? 'none',
        cutoverDate: state.cutoverDate ?? undefined,
        rows: (state.rows ?? []).map((row) => ({
          accountUuid: row.accountUuid ?? '',
          debit: row.debit ?? '0.00',
          credit: row.credit ?? '0.00',
        })),
      };
    },
    async getWorkspace() {
      const workspace = await client.workspace.get(options);
      return {
        id: workspace.id ?? undefined,
        currency: workspace.currency ?? undefined,
        country: workspace.country ?? undefined,
        cutoverDate: workspace.cutoverDate ?? undefined,
      };
    },
    async connection() {
      const [baseUrl, status] = await Promise.all([client.baseUrl(), client.tokens.status()]);
      return { baseUrl, grantedWorkspaceId: status.workspaceId };
    },
    async report(name, asOf) {
      if (name === 'trial-balance') return client.reports.trialBalance({ endDate: asOf }, options);
      if (name === 'aged-receivables')
        return client.reports.agedReceivables({ asOfDate: asOf }, options);
      return client.reports.agedPayables({ asOfDate: asOf }, options);
    },

    createAccounts: async (rows) => bulk(await client.accounts.bulkCreate(input(rows), options)),
    createCustomers: async (rows) => bulk(await client.customers.bulkCreate(input(rows), options)),
    createTransactions: async (rows) =>
      bulk(await client.transactions.bulkCreate(input(rows), options)),
    async createVendor(body) {
      const written = await client.vendors.create(input(body), options);
      return { data: { id: written.data.id }, warnings: warningsOf(written.warnings) };
    },
    async createProduct(body) {
      const written = await client.products.create(input(body), options);
      return { data: { id: written.data.id }, warnings: warningsOf(written.warnings) };
    },
    setCutoverDate: async (date) => writtenOf(await client.workspace.setCutoverDate(date, options)),
    publishOpeningBalance: async (rows, replaceExisting) =>
      writtenOf(await client.openingBalance.set({ rows, replaceExisting }, options)),
    async createInvoice(body) {
      return createdDocument(await client.invoices.create(input(body), options));
    },
    async createBill(body) {
      return createdDocument(await client.bills.create(input(body), options));
    },
    async createJournalEntry(body) {
      const written = await client.journalEntries.create(input(body), options);
      return { data: { id: written.data.id }, warnings: warningsOf(written.warnings) };
    },
    async splitTransaction(id, splits) {
      const written = await client.transactions.split(id, input(splits), options);
      const childIds = written.data.children.map((child) => child.id);
      return { data: { childIds }, warnings: warningsOf(written.warnings) };
    },
    assignToDocument: async (transactionId, matchingType, documentId, paymentAmount) =>
      writtenOf(
        await client.transactions.assignToBillsInvoices(
          transactionId,
          { matchingType, records: [documentId], paymentAmount },
          options,
        ),
      ),
    applyCreditToInvoices: async (memoId, invoices) =>
      writtenOf(await client.invoices.applyCreditToMultipleInvoices(memoId, invoices, options)),
    applyVendorMemos: async (billId, memos) =>
      writtenOf(await client.bills.applyVendorMemos(billId, memos, options)),
    deleteTransaction: async (transactionId) =>
      writtenOf(await client.transactions.delete(transactionId, options)),
    unassignFromInvoice: async (invoiceId, transactionId) =>
      writtenOf(await client.invoices.removeTransaction(invoiceId, transactionId, options)),
    unassignFromBill: async (billId, transactionId) =>
      writtenOf(await client.bills.unassignTransaction(billId, transactionId, options)),
    removeCreditFromInvoice: async (invoiceId, memoId) =>
      writtenOf(await client.invoices.removeCredit(invoiceId, memoId, options)),
    deleteDraftInvoice: async (invoiceId) =>
      writtenOf(await client.invoices.delete(invoiceId, options)),
    deleteDraftBill: async (billId) => writtenOf(await client.bills.delete(billId, options)),
    async createCreditMemo(invoiceId, body) {
      const memo = {
        ...body,
        invoiceType: 'memo',
        isDraft: false,
        appliedToInvoiceUuid: invoiceId,
      };
      return createdDocument(await client.invoices.create(input(memo), options));
    },
    async createVendorMemo(body) {
      const memo = { ...body, billType: 'vendor_memo', approvalStatus: 'approved' };
      return createdDocument(await client.bills.create(input(memo), options));
    },
    deleteCustomer: async (customerId) =>
      writtenOf(await client.customers.delete(customerId, options)),
    setCustomerStatus: async (customerId, status) =>
      writtenOf(await client.customers.update(customerId, { status }, options)),
    deleteVendor: async (vendorId) => writtenOf(await client.vendors.delete(vendorId, options)),
    setVendorStatus: async (vendorId, status) =>
      writtenOf(await client.vendors.update(vendorId, { status }, options)),
    deleteProduct: async (productId) => writtenOf(await client.products.delete(productId, options)),
    setProductStatus: async (productId, status) =>
      writtenOf(await client.products.update(productId, { status }, options)),
    async listAccountsWithDeleteMeta(page) {
      const listing = await client.accounts.listPage(
        { ...query(page), includeDeleteMeta: true },
        options,
      );
      return accountsPage(listing, page, (account) => ({
        ...workspaceAccountOf(account),
        canDelete: account.canDelete,
        deleteBlockedReason: account.deleteBlockedReason ?? undefined,
        status: account.status,
      }));
    },
    deleteAccount: async (accountId) => writtenOf(await client.accounts.delete(accountId, options)),
    setAccountStatus: async (accountId, status) =>
      writtenOf(await client.accounts.update(accountId, { status }, options)),
    deleteJournalEntry: async (entryId) =>
      writtenOf(await client.journalEntries.delete(entryId, options)),
  };
}

/**
 * The migration's request bodies are plain objects of the documented fields; the client's input
 * types are its zod schemas' (loose objects), which validate and encode them.
 */
function input<T>(body: T): never {
  return body as never;
}

/** The client's warnings (every field optional) as the migration's. */
function warningsOf(warnings: PartnerWarning[]): ApiWarning[] {
  return warnings.map((w) => ({
    field: w.field ?? '',
    reason: w.reason ?? '',
    message: w.message ?? '',
  }));
}

/**
 * A created document's id and total. The client fails a create answered without a total
 * (`unexpected-response`, src/partner-api/schemas/invoices-schema.ts), so the total is always here.
 */
function createdDocument(
  result: WriteResult<{ id: string; total: string }>,
): Written<{ id: string; total: string }> {
  return {
    data: { id: result.data.id, total: result.data.total },
    warnings: warningsOf(result.warnings),
  };
}

function writtenOf<T>(result: WriteResult<T>): Written<T> {
  return { data: result.data, warnings: warningsOf(result.warnings) };
}

/** A client page as the migration's page; a missing `totalPages` is inferred from a short page. */
type ClientAccount = Account | SubAccount;

/** A page of the chart with each account's sub-accounts listed after it, as the migration reads it. */
function accountsPage<R>(
  listing: ClientPage<Account>,
  page: number,
  map: (account: ClientAccount) => R,
): Page<R> {
  const flat = listing.records.flatMap((account) => [account, ...(account.subAccounts ?? [])]);
  return pageOf({ ...listing, records: flat }, page, map, listing.records.length);
}

/** A vendor or product as the migration matches it: by name. */
function namedRecordOf(record: { id: string; name?: string | null; createdAt?: string }) {
  return { id: record.id, name: record.name ?? '', createdAt: record.createdAt };
}

function workspaceAccountOf(account: ClientAccount): WorkspaceAccount {
  return {
    id: account.id,
    name: account.name ?? '',
    accountNumber: account.accountNumber ?? undefined,
    type: account.type ?? '',
    subTypeName: account.subType?.name,
    editable: account.editable ?? true,
    createdAt: account.createdAt,
  };
}

/** `size` is how many records the API sent, which tells a short (last) page from a full one. */
function pageOf<T, R>(
  listing: ClientPage<T>,
  page: number,
  map: (record: T) => R,
  size = listing.records.length,
): Page<R> {
  return {
    records: listing.records.map(map),
    page,
    totalPages: listing.totalPages ?? (size < PAGE_SIZE ? page : page + 1),
  };
}

/**
 * One bulk call's rows. A row the answer does not confirm (`unconfirmed`, `not_sent`) is left out,
 * so the engine treats it as possibly created and reconciles it.
 */
function bulk<T>(result: BulkResult<T>): Written<BulkRowResult[]> {
  const rows: BulkRowResult[] = [];
  const warnings: ApiWarning[] = [];
  for (const row of result.rows) {
    if (row.status === 'succeeded') {
      rows.push({ index: row.index, ok: true, ...(row.id ? { id: row.id } : {}) });
      warnings.push(...warningsOf(row.warnings));
    } else if (row.status === 'failed') {
      const details = row.errors.map(
        (error) => `${error.field ?? ''}: ${error.message ?? error.reason ?? ''}`,
      );
      rows.push({ index: row.index, ok: false, message: [row.message, ...details].join('; ') });
    }
  }
  return { data: rows, warnings };
}

function invoiceOf(invoice: Awaited<ReturnType<PartnerApiClient['invoices']['get']>>) {
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber ?? '',
    invoiceType: invoice.invoiceType ?? 'invoice',
    customerUuid: invoice.customerUuid ?? undefined,
    ...amountsOf(invoice),
  };
}

function billOf(bill: Awaited<ReturnType<PartnerApiClient['bills']['get']>>) {
  return {
    id: bill.id,
    billNumber: bill.billNumber ?? '',
    billType: bill.billType ?? 'bill',
    vendorUuid: bill.vendor?.id,
    notes: bill.notes ?? undefined,
    ...amountsOf(bill),
  };
}

/** What an invoice and a bill both report: their total and what is still due, and when made. */
function amountsOf(document: {
  total?: string | null | undefined;
  amountDue?: string | null | undefined;
  createdAt?: string | undefined;
}) {
  return {
    total: document.total ?? '0.00',
    amountDue: document.amountDue ?? '0.00',
    createdAt: document.createdAt,
  };
}

function transactionOf(transaction: Awaited<ReturnType<PartnerApiClient['transactions']['get']>>) {
  return {
    id: transaction.id,
    accountUuid: transaction.accountId ?? undefined,
    amount: transaction.amount ?? '0.00',
    postedDate: transaction.postedDate ?? '',
    description: transaction.description ?? '',
    notes: transaction.notes ?? undefined,
    invoiceId: transaction.invoiceId ?? null,
    billId: transaction.billId ?? null,
    split: transaction.split,
    createdAt: transaction.createdAt,
  };
}

/** A money value as the API may write it (string or number), as two-place text; else undefined. */
function moneyText(value: unknown): string | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !isPlainDecimal(text)) return undefined;
  return formatCents(centsOf(text, { round: true }));
}

/**
 * The workspace's own valuation of a foreign document, read from the fields the document view
 * carries beside the spec's (assumption R34: `baseTotal`, `baseLineAmounts`). Absent or malformed
 * fields give nothing, and the exchange-difference phase reports the document as not read back.
 */
function baseValueOf(record: Record<string, unknown>): {
  baseTotal?: string;
  baseLineAmounts?: string[];
} {
  const baseTotal = moneyText(record.baseTotal);
  const lines = Array.isArray(record.baseLineAmounts)
    ? record.baseLineAmounts.map(moneyText)
    : undefined;
  const complete = lines?.every((line): line is string => line !== undefined) ? lines : undefined;
  return {
    ...(baseTotal !== undefined ? { baseTotal } : {}),
    ...(complete ? { baseLineAmounts: complete } : {}),
  };
}
