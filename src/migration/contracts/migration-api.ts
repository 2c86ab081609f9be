/**
 * Exactly the Partner API calls the migration makes, one method per call. Implemented over the
 * partner-api client (src/migration/api-adapter/client-adapter.ts); every method makes one HTTP request
 * (plus, rarely, a token refresh). Money is always a decimal string ("1234.50"), never a float.
 */

export interface ApiWarning {
  field: string;
  reason: string;
  message: string;
}

export interface Written<T> {
  data: T;
  warnings: ApiWarning[];
}

export interface BulkRowResult {
  /** Index of the row in the request. */
  index: number;
  ok: boolean;
  id?: string;
  /** The API's reason when the row failed. */
  message?: string;
}

export interface Page<T> {
  records: T[];
  page: number;
  totalPages: number;
}

export interface WorkspaceAccount {
  id: string;
  name: string;
  accountNumber?: string | undefined;
  type: string;
  subTypeName?: string | undefined;
  editable: boolean;
  createdAt?: string | undefined;
}

export interface SubType {
  id: number;
  type: string;
  name: string;
}

export interface NamedRecord {
  id: string;
  name: string;
  createdAt?: string | undefined;
}

export interface WorkspaceInvoice {
  id: string;
  invoiceNumber: string;
  invoiceType: string;
  customerUuid?: string | undefined;
  total: string;
  amountDue: string;
  createdAt?: string | undefined;
}

export interface WorkspaceBill {
  id: string;
  billNumber: string;
  billType: string;
  vendorUuid?: string | undefined;
  notes?: string | undefined;
  total: string;
  amountDue: string;
  createdAt?: string | undefined;
}

export interface WorkspaceTransaction {
  id: string;
  accountUuid?: string | undefined;
  amount: string;
  postedDate: string;
  description: string;
  notes?: string | undefined;
  invoiceId?: string | null | undefined;
  billId?: string | null | undefined;
  split?: boolean | undefined;
  createdAt?: string | undefined;
}

export interface OpeningBalanceState {
  status: string;
  cutoverDate?: string | undefined;
  rows: Array<{ accountUuid: string; debit: string; credit: string }>;
}

/** What the workspace says of itself (GET /partners/workspace). */
export interface WorkspaceInfo {
  currency?: string | undefined;
  country?: string | undefined;
  cutoverDate?: string | undefined;
}

export type ReportName = 'trial-balance' | 'aged-receivables' | 'aged-payables';

/** Request bodies, as the API takes them (money as decimal strings; the adapter writes numbers). */
export interface AccountBody {
  name: string;
  subTypeId: number;
  accountNumber?: string;
  currency?: string;
  description?: string;
}

export interface CustomerBody {
  customer: string;
  email?: string;
  mainPhone?: string;
  website?: string;
  notes?: string;
  paymentTerm?: string;
  taxNumber?: string;
  billingAddress?: Address;
  shippingAddress?: Address;
  contacts?: Array<{
    firstName?: string;
    lastName?: string;
    email?: string;
    phone?: string;
    isPrimary?: boolean;
  }>;
}

export interface Address {
  street?: string;
  city?: string;
  state?: string;
  zipCode?: string;
  country?: string;
}

export interface VendorBody {
  name: string;
  email?: string;
  phone?: string;
  website?: string;
  address?: Address;
  taxId?: string;
  is1099?: boolean;
}

export interface ProductBody {
  name: string;
  sku?: string;
  description?: string;
  type: 'service' | 'product';
  price?: string;
  cost?: string;
  incomeAccountUuid: string;
  expenseAccountUuid?: string;
  taxable?: boolean;
}

export interface InvoiceLineBody {
  productUuid?: string;
  name: string;
  description?: string;
  quantity: string;
  unitPrice: string;
  categoryAccountUuid: string;
  nonTaxable: boolean;
}

export interface InvoiceBody {
  invoiceType: 'invoice' | 'memo';
  invoiceNumber: string;
  customerUuid: string;
  date: string;
  dueDate: string | null;
  currency: string;
  isDraft: boolean;
  products: InvoiceLineBody[];
}

export interface BillLineBody {
  description: string;
  quantity: string;
  price: string;
  categoryAccountUuid: string;
}

export interface BillBody {
  billType: 'bill' | 'vendor_memo';
  billNumber: string;
  vendorUuid: string;
  date: string;
  dueDate: string;
  currency: string;
  approvalStatus: 'draft' | 'approved';
  notes: string;
  lineItems: BillLineBody[];
}

export interface TransactionBody {
  accountUuid: string;
  amount: string;
  postedDate: string;
  description: string;
  notes: string;
  currency?: string;
  categoryAccountUuid?: string;
  customerUuid?: string;
  vendorUuid?: string;
}

export interface JournalEntryBody {
  date: string;
  memo: string;
  referenceNumber?: string;
  lines: Array<{ accountUuid: string; debit: string; credit: string; description?: string }>;
}

export interface WorkspaceJournalEntry {
  id: string;
  memo: string;
  referenceNumber?: string | undefined;
  createdAt?: string | undefined;
}

export interface SplitBody {
  amount: string;
  description: string;
  categoryAccountUuid?: string;
}

export interface MigrationApi {
  listAccounts(page: number): Promise<Page<WorkspaceAccount>>;
  listSubTypes(): Promise<SubType[]>;
  listCustomers(page: number): Promise<Page<NamedRecord>>;
  listVendors(page: number): Promise<Page<NamedRecord>>;
  listProducts(page: number): Promise<Page<NamedRecord>>;
  listInvoices(page: number, invoiceType?: 'invoice' | 'memo'): Promise<Page<WorkspaceInvoice>>;
  listBills(page: number, vendorUuids?: string[]): Promise<Page<WorkspaceBill>>;
  listTransactions(page: number, accountUuid: string): Promise<Page<WorkspaceTransaction>>;
  getTransaction(id: string): Promise<WorkspaceTransaction>;
  getInvoice(id: string): Promise<WorkspaceInvoice>;
  getBill(id: string): Promise<WorkspaceBill>;
  getOpeningBalance(): Promise<OpeningBalanceState>;
  getWorkspace(): Promise<WorkspaceInfo>;
  /**
   * How the workspace valued a posted foreign document in its own currency (assumption R34): the
   * base total and each line's base amount, in line order; empty when the API does not say.
   */
  getDocumentBaseValue(
    kind: 'invoice' | 'bill',
    id: string,
  ): Promise<{ baseTotal?: string; baseLineAmounts?: string[] }>;
  listJournalEntries(page: number): Promise<Page<WorkspaceJournalEntry>>;
  report(name: ReportName, asOf: string): Promise<unknown>;

  createAccounts(rows: AccountBody[]): Promise<Written<BulkRowResult[]>>;
  createCustomers(rows: CustomerBody[]): Promise<Written<BulkRowResult[]>>;
  createVendor(body: VendorBody): Promise<Written<{ id: string }>>;
  createProduct(body: ProductBody): Promise<Written<{ id: string }>>;
  setCutoverDate(date: string): Promise<Written<unknown>>;
  publishOpeningBalance(
    rows: Array<{ accountUuid: string; debit: string; credit: string }>,
    replaceExisting: boolean,
  ): Promise<Written<unknown>>;
  createInvoice(body: InvoiceBody): Promise<Written<{ id: string; total: string }>>;
  createBill(body: BillBody): Promise<Written<{ id: string; total: string }>>;
  createTransactions(rows: TransactionBody[]): Promise<Written<BulkRowResult[]>>;
  createJournalEntry(body: JournalEntryBody): Promise<Written<{ id: string }>>;
  splitTransaction(id: string, splits: SplitBody[]): Promise<Written<{ childIds: string[] }>>;
  assignToDocument(
    transactionId: string,
    matchingType: 'invoice' | 'bill',
    documentId: string,
    paymentAmount: string,
  ): Promise<Written<unknown>>;
  applyCreditToInvoices(
    memoId: string,
    invoices: Array<{ id: string; amount: string }>,
  ): Promise<Written<unknown>>;
  applyVendorMemos(
    billId: string,
    memos: Array<{ memoUuid: string; amount: string }>,
  ): Promise<Written<unknown>>;
}
