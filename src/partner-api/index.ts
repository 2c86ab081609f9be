/**
 * The Partner Accounting API client: the only way Ledgerlift talks to the API. See
 * docs/partner-api-client.md for configuration, the error taxonomy, tokens and the credential store.
 */
export { createPartnerApiClient } from './client.js';
export type { PartnerApiClient, PartnerApiClientOptions, TokenStatus } from './client.js';
export { grantAccessToken, refreshAccessToken } from './token-exchange.js';
export { RequestExecutor } from './request-executor.js';
export type { AccessTokenSource, RequestExecutorDeps } from './request-executor.js';
export { createUndiciTransport, TransportFailure } from './transport.js';
export type { PartnerApiTransport, UndiciTransportOptions } from './transport.js';
export { SecretRegistry } from './secret-registry.js';
export { runConsentFlow, consentUrl } from './consent/consent-flow.js';
export type { ConsentFlowOptions, ConsentFlowResult } from './consent/consent-flow.js';
export { ConsentFlowError } from './consent/consent-flow-error.js';
export type { ConsentFailure } from './consent/consent-flow-error.js';
export {
  DEFAULT_CONTRACT,
  PARTNER_API_ENV,
  normalizeBaseUrl,
  resolveConnection,
} from './config.js';
export type { ConnectionOverrides, PartnerApiConnection, PartnerApiContract } from './config.js';
export * from './errors.js';
export { retryDelayMs, MAX_RETRY_DELAY_MS } from './retry-delay.js';
export { parseRetryAfter } from './retry-after.js';
export type { PartnerApiLogEvent, PartnerApiLogger } from './logger.js';
export type { CallOptions, ApiRequest, HttpMethod } from './request-executor.js';
export { MAX_BULK_ROWS, splitIntoBatches } from './bulk.js';
export type { Batch, BulkResult, BulkRowOutcome } from './bulk.js';
export { PAGE_SIZE, collect, paginate } from './pagination.js';
export type { Page } from './pagination.js';
export { scanNewestFirst } from './find.js';
export type { Finders, ScanBound } from './find.js';
export {
  signRequest,
  signingBaseString,
  bodyHashOf,
  hmacSignature,
  signedPathOf,
} from './signing.js';
export type { WriteResult, PartnerWarning } from './schemas/common.js';
export type {
  Account,
  AccountCreate,
  AccountSubType,
  AccountType,
  AccountUpdate,
} from './schemas/accounts.js';
export type {
  Customer,
  CustomerCreate,
  CustomerUpdate,
  CustomerBulkUpdateRow,
} from './schemas/customers.js';
export type { Vendor, VendorCreate, VendorUpdate } from './schemas/vendors.js';
export type { Product, ProductCreate, ProductUpdate } from './schemas/products.js';
export type {
  Invoice,
  InvoiceCreate,
  InvoiceCredit,
  InvoiceLineCreate,
  InvoiceType,
  MemoApplication,
} from './schemas/invoices.js';
export type {
  Bill,
  BillCreate,
  BillLineCreate,
  BillType,
  VendorMemoApplication,
} from './schemas/bills.js';
export type {
  AssignToDocuments,
  ChangeCategory,
  ChangeCategoryRow,
  SplitPart,
  Transaction,
  TransactionCreate,
  TransactionUpdate,
} from './schemas/transactions.js';
export type { JournalEntry, JournalEntryCreate } from './schemas/journal-entries.js';
export type { OpeningBalance, OpeningBalanceSet, Workspace } from './schemas/opening-balance.js';
export type {
  AccountTransactionsReport,
  AgingReport,
  BalanceSheet,
  ProfitAndLoss,
  TrialBalance,
} from './schemas/reports.js';
export type { TokenGrant } from './schemas/tokens.js';
export type { AccountListQuery } from './routes/accounts.js';
export type { BillListQuery } from './routes/bills.js';
export type { CustomerListQuery } from './routes/customers.js';
export type { InvoiceListQuery } from './routes/invoices.js';
export type { ProductListQuery } from './routes/products.js';
export type { ReportFilters } from './routes/reports.js';
export type { SplitResult, TransactionListQuery } from './routes/transactions.js';
export type { VendorListQuery } from './routes/vendors.js';
