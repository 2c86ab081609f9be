import type { Cents } from '../../src/money/index.js';

/**
 * The records the sandbox keeps. Money is integer cents (`bigint`); quantities and unit prices keep
 * their exact decimal text. Every record is keyed by UUID inside its workspace, so another
 * workspace's UUID is simply not found (404).
 */

export type AccountType = 'Assets' | 'Liabilities' | 'Equity' | 'Income' | 'Expenses';

/** Accounts the service creates in every workspace; they are not editable (assumption R6). */
export type SystemRole =
  | 'accountsReceivable'
  | 'accountsPayable'
  | 'salesTaxPayable'
  | 'retainedEarnings'
  | 'openingBalanceEquity'
  | 'uncategorizedIncome'
  | 'uncategorizedExpense';

export interface AccountRecord {
  id: string;
  name: string;
  accountNumber: string | null;
  subTypeId: number;
  status: 'active' | 'inactive';
  currency: string;
  description: string;
  color: string;
  parentId: string | null;
  systemRole: SystemRole | null;
  createdAt: string;
  updatedAt: string;
}

export interface Address {
  id: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

export interface CustomerContact {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  isPrimary: boolean;
}

export interface CustomerAddress extends Address {
  label: string;
  isPrimary: boolean;
  createdAt: string;
  updatedAt: string;
}

interface CustomerNote {
  id: string;
  text: string;
  author: string;
  createdAt: string;
  updatedAt: string;
}

export interface CustomerRecord {
  id: string;
  customer: string;
  email: string | null;
  mainPhone: string;
  website: string;
  status: 'active' | 'inactive';
  notes: string;
  paymentTerm: string;
  taxNumber: string | null;
  taxAutoCalculate: boolean;
  taxExcluded: boolean;
  billingAddress: Address | null;
  shippingAddress: Address | null;
  contacts: CustomerContact[];
  addresses: CustomerAddress[];
  noteLog: CustomerNote[];
  taxes: string[];
  salesRepId: number | null;
  firmManaged: boolean;
  mergedInto: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface VendorRecord {
  id: string;
  name: string;
  email: string | null;
  phone: string;
  website: string;
  address: Omit<Address, 'id'> | null;
  taxId: string | null;
  is1099: boolean;
  status: 'active' | 'inactive';
  createdAt: string;
  updatedAt: string;
}

export interface ProductRecord {
  id: string;
  name: string;
  sku: string;
  description: string;
  type: 'service' | 'product';
  price: string;
  cost: string;
  incomeAccountUuid: string;
  expenseAccountUuid: string | null;
  taxable: boolean;
  status: 'active' | 'inactive';
  createdAt: string;
  updatedAt: string;
}

export interface TagRecord {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

export interface ProjectRecord {
  id: string;
  name: string;
  customerUuid: string | null;
  status: string;
  createdAt: string;
  updatedAt: string;
}

export interface InvoiceLine {
  id: string;
  productUuid: string | null;
  name: string;
  description: string;
  quantity: string;
  unitPrice: string;
  price: string;
  nonTaxable: boolean;
  categoryAccountUuid: string;
  amount: Cents;
}

/** Money applied to a document: a payment transaction, a credit memo, or a memo refund. */
export interface Allocation {
  kind: 'transaction' | 'credit';
  /** The transaction, or the other document of a credit application. */
  counterpartUuid: string;
  amount: Cents;
  date: string;
}

export type InvoiceType = 'invoice' | 'estimate' | 'memo';

export interface InvoiceRecord {
  id: string;
  invoiceNumber: string;
  invoiceType: InvoiceType;
  customerUuid: string;
  appliedToInvoiceUuid: string | null;
  date: string;
  dueDate: string | null;
  currency: string;
  isDraft: boolean;
  isSent: boolean;
  subtotal: Cents;
  taxTotal: Cents;
  total: Cents;
  lines: InvoiceLine[];
  tagUuids: string[];
  memo: string;
  allocations: Allocation[];
  journalEntryId: string | null;
  /** Foreign documents: the rate they were posted at (workspace units per document unit). */
  exchangeRate?: string;
  publicToken: string | null;
  sendHistory: Array<{ sentAt: string; to: string | null }>;
  auditLog: Array<{ at: string; action: string }>;
  attachments: Array<{ id: string; url: string; name: string }>;
  createdAt: string;
  updatedAt: string;
}

type BillType = 'bill' | 'vendor_memo';
type ApprovalStatus = 'draft' | 'submitted' | 'approved' | 'rejected';

export interface BillLine {
  id: string;
  description: string;
  quantity: string;
  price: string;
  total: Cents;
  categoryAccountUuid: string;
  projectUuid: string | null;
  customerUuid: string | null;
}

export interface BillRecord {
  id: string;
  billNumber: string;
  billType: BillType;
  vendorUuid: string;
  date: string;
  dueDate: string | null;
  currency: string;
  approvalStatus: ApprovalStatus;
  notes: string;
  purchaseOrderNumber: string | null;
  isDeleted: boolean;
  lineItems: BillLine[];
  tagUuids: string[];
  projectUuid: string | null;
  total: Cents;
  allocations: Allocation[];
  journalEntryId: string | null;
  /** Foreign bills: the rate they were posted at (workspace units per document unit). */
  exchangeRate?: string;
  createdAt: string;
  updatedAt: string;
}

export type TransactionType = 'EXPENSE' | 'INCOME' | 'TRANSFER';

/** How a transaction pays documents: each record and the amount applied to it. */
interface TransactionAssignment {
  matchingType: 'bill' | 'invoice';
  records: Array<{ uuid: string; amount: Cents }>;
}

export interface TransactionRecord {
  id: string;
  type: TransactionType;
  description: string;
  amount: Cents;
  currency: string;
  postedDate: string;
  authorizedDate: string | null;
  notes: string;
  paymentChannel: string;
  reviewed: boolean;
  excluded: boolean;
  pending: boolean;
  split: boolean;
  parentUuid: string | null;
  childUuids: string[];
  accountUuid: string;
  categoryAccountUuid: string | null;
  vendorUuid: string | null;
  customerUuid: string | null;
  projectUuid: string | null;
  tagUuids: string[];
  assignment: TransactionAssignment | null;
  journalEntryId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface JournalLine {
  accountUuid: string;
  debit: Cents;
  credit: Cents;
  description: string;
}

export type JournalSourceType =
  'invoice' | 'bill' | 'transaction' | 'journal_entry' | 'opening_balance';

export interface JournalEntryRecord {
  id: string;
  date: string;
  memo: string;
  referenceNumber: string | null;
  source: { type: JournalSourceType; uuid: string };
  lines: JournalLine[];
  createdAt: string;
}

export type WebhookEvent =
  | 'customer.created'
  | 'customer.updated'
  | 'customer.deleted'
  | 'vendor.created'
  | 'vendor.updated'
  | 'vendor.deleted'
  | 'transaction.created'
  | 'transaction.updated'
  | 'transaction.deleted'
  | 'invoice.created'
  | 'invoice.updated'
  | 'invoice.deleted'
  | 'bill.created'
  | 'bill.updated'
  | 'bill.deleted';

export interface WebhookRecord {
  uuid: string;
  event: WebhookEvent;
  callbackUrl: string;
  status: 'active' | 'paused' | 'disabled';
  signingSecret: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface OpeningBalanceRow {
  accountUuid: string;
  debit: Cents;
  credit: Cents;
}

export interface OpeningBalanceState {
  status: 'none' | 'draft' | 'published';
  rows: OpeningBalanceRow[];
  journalEntryId: string | null;
}

interface GstSettings {
  registered: boolean;
  accountingBasis: 'accrual' | 'cash';
  filingFrequency: 'monthly' | 'quarterly' | 'annually';
  registrationNumber: string | null;
  /** Set by the admin helper: once a return is filed the accounting basis is locked (409). */
  returnFiled: boolean;
}

export interface RecurringTemplateRecord {
  id: string;
  seedInvoiceUuid: string;
  invoiceTitle: string;
  summary: string;
  email: string;
  invoiceType: 'invoice' | 'estimate';
  recurrencePattern: string;
  recurrenceInterval: number;
  occurrenceCount: number | null;
  recurrenceEndDate: string | null;
  nextInvoiceDate: string | null;
  inAdvanceCreationDays: number;
  creationDate: string;
  emailCustomer: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ExpenseReceiptRecord {
  id: string;
  amount: Cents;
  currency: string;
  date: string;
  description: string;
  matchedTransactionUuid: string | null;
  accountUuid: string | null;
  categoryAccountUuid: string | null;
  vendorUuid: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ConnectionRecord {
  id: string;
  provider: string;
  institutionName: string;
  status: string;
  lastSyncAt: string;
  supportsHostedLink: boolean;
  createdAt: string;
  updatedAt: string;
}

/** One entry of a workspace's dated exchange-rate table (sandbox/state/exchange-rates.ts). */
export interface ExchangeRateEntry {
  /** ISO 4217 code of the foreign currency. */
  currency: string;
  /** First day the rate applies (YYYY-MM-DD); it holds until the next entry's date. */
  from: string;
  /** Workspace-currency units per one unit of `currency`, as an exact decimal ("1.3456"). */
  rate: string;
}

export interface WorkspaceMeta {
  id: string;
  name: string;
  currency: string;
  country: string;
  cutoverDate: string | null;
  onboardingComplete: boolean;
  gst: GstSettings;
  /** The dated exchange-rate table foreign documents are valued with (sandbox/state/exchange-rates.ts). */
  exchangeRates?: ExchangeRateEntry[];
  createdAt: string;
}
