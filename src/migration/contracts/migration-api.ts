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

interface WorkspaceTransaction {
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
  /** The workspace's id (assumption R32): what a run records as the workspace it writes. */
  id?: string | undefined;
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

interface BillLineBody {
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

/** A reversing credit memo for one invoice (issue 18): posted at once, linked to the invoice. */
interface CreditMemoBody {
  invoiceNumber: string;
  customerUuid: string;
  date: string;
  currency: string;
  products: InvoiceLineBody[];
}

/** A reversing vendor memo (issue 18): posted at once; the API has no link field on bills. */
interface VendorMemoBody {
  billNumber: string;
  vendorUuid: string;
  date: string;
  currency: string;
  notes: string;
  lineItems: BillLineBody[];
}

/** An account with the API's delete meta (`includeDeleteMeta`): whether DELETE would succeed. */
interface AccountDeleteMeta extends WorkspaceAccount {
  /** False when the account has activity or is a system account; absent when the API says nothing. */
  canDelete?: boolean | undefined;
  deleteBlockedReason?: string | undefined;
  status?: string | undefined;
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
   * Where calls go, without a call: the profile's base URL, and the workspace id its grant named
   * (for an API whose workspace read leaves out the id).
   */
  connection(): Promise<{ baseUrl: string; grantedWorkspaceId: string | null }>;
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

  /*
   * The reversal calls of an undo (issue 18; docs/partner-api-client.md, "Reversal calls"). Each is one
   * request. A refused reversal (a posted invoice, an approved bill, a customer with documents, an
   * account with activity) rejects with the client's `validation` PartnerApiError (400, terminal,
   * not ambiguous) carrying the API's message: the undo reports it as what could not be reversed.
   */
  /** DELETE /transactions/{uuid}: removes the transaction and reverses its journal; unassign first. */
  deleteTransaction(transactionId: string): Promise<Written<unknown>>;
  /** PATCH /invoices/{uuid}/remove-transaction: restores the invoice's amountDue. */
  unassignFromInvoice(invoiceId: string, transactionId: string): Promise<Written<unknown>>;
  /** POST /bills/{uuid}/unassign-transaction: restores the bill's amountDue. */
  unassignFromBill(billId: string, transactionId: string): Promise<Written<unknown>>;
  /** PATCH /invoices/{uuid}/remove-credit: unapplies a credit memo from an invoice. */
  removeCreditFromInvoice(invoiceId: string, memoId: string): Promise<Written<unknown>>;
  /** DELETE /invoices/{uuid}: drafts only (a posted invoice or memo is a 400). */
  deleteDraftInvoice(invoiceId: string): Promise<Written<unknown>>;
  /** DELETE /bills/{uuid}: drafts only (approved, or paidAmount above 0, is a 400). */
  deleteDraftBill(billId: string): Promise<Written<unknown>>;
  /**
   * POST /invoices: a posted credit memo (`isDraft: false`) with `appliedToInvoiceUuid` naming the
   * invoice. The link does not apply credit (R26): apply it with `applyCreditToInvoices`.
   */
  createCreditMemo(
    invoiceId: string,
    body: CreditMemoBody,
  ): Promise<Written<{ id: string; total: string }>>;
  /** POST /bills: an approved vendor memo; apply it to the bill with `applyVendorMemos`. */
  createVendorMemo(body: VendorMemoBody): Promise<Written<{ id: string; total: string }>>;
  /** DELETE /customers/{uuid}: soft delete to inactive; 400 for a customer with documents. */
  deleteCustomer(customerId: string): Promise<Written<unknown>>;
  /** PATCH /customers/{uuid} `{status}`: allowed with documents (the customer stays on them). */
  setCustomerStatus(customerId: string, status: 'active' | 'inactive'): Promise<Written<unknown>>;
  /** DELETE /vendors/{uuid}: soft delete to inactive (R1), documents or not. */
  deleteVendor(vendorId: string): Promise<Written<unknown>>;
  /** PATCH /vendors/{uuid} `{status}`. */
  setVendorStatus(vendorId: string, status: 'active' | 'inactive'): Promise<Written<unknown>>;
  /** DELETE /products/{uuid}: soft delete to inactive (R35). */
  deleteProduct(productId: string): Promise<Written<unknown>>;
  /** PATCH /products/{uuid} `{status}` (assumption R38). */
  setProductStatus(productId: string, status: 'active' | 'inactive'): Promise<Written<unknown>>;
  /** GET /chart-of-accounts?includeDeleteMeta=true: sub-accounts flattened after their parent. */
  listAccountsWithDeleteMeta(page: number): Promise<Page<AccountDeleteMeta>>;
  /**
   * DELETE /chart-of-accounts/{uuid}: 400 for an account with activity, sub-accounts or documents
   * naming it (the reason as the error's `apiErrors[0].reason`); 403 for a system account.
   */
  deleteAccount(accountId: string): Promise<Written<unknown>>;
  /** PATCH /chart-of-accounts/{uuid} `{status}`: where deletion is refused. */
  setAccountStatus(accountId: string, status: 'active' | 'inactive'): Promise<Written<unknown>>;
  /** DELETE /journal-entries/{uuid} (assumption R36): removes the entry and its journal lines. */
  deleteJournalEntry(entryId: string): Promise<Written<unknown>>;
}
