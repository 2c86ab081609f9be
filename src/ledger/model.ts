import { z } from 'zod';
import {
  currencySchema,
  decimalSchema,
  isoDateSchema,
  legacyKeySchema,
  moneySchema,
  sourceLocationSchema,
} from './primitives.js';

/**
 * The canonical ledger: what every source format is mapped into, validated, staged and migrated.
 * One record kind per entity; every record carries its legacy `key` (unique within its entity) and
 * the `source` location of its first row.
 */

/** Account kinds across source systems; each maps to one API type bucket (see accountTypeOf). */
export const accountKinds = [
  'bank',
  'receivable',
  'current-asset',
  'inventory',
  'prepayment',
  'fixed-asset',
  'non-current-asset',
  'payable',
  'credit-card',
  'current-liability',
  'tax',
  'non-current-liability',
  'equity',
  'retained-earnings',
  'opening-balance-equity',
  'revenue',
  'other-income',
  'cost-of-sales',
  'expense',
  'depreciation',
  'other-expense',
] as const;
export const accountKindSchema = z.enum(accountKinds);
export type AccountKind = z.infer<typeof accountKindSchema>;

/**
 * Accounts every workspace already has. A legacy account with one of these roles is mapped onto the
 * workspace's account, never created as a look-alike.
 */
export const systemRoles = [
  'receivable',
  'payable',
  'tax',
  'retained-earnings',
  'opening-balance-equity',
] as const;
export const systemRoleSchema = z.enum(systemRoles);
export type SystemRole = z.infer<typeof systemRoleSchema>;

export type ApiAccountType = 'Assets' | 'Liabilities' | 'Equity' | 'Income' | 'Expenses';

const typeOfKind: Record<AccountKind, ApiAccountType> = {
  bank: 'Assets',
  receivable: 'Assets',
  'current-asset': 'Assets',
  inventory: 'Assets',
  prepayment: 'Assets',
  'fixed-asset': 'Assets',
  'non-current-asset': 'Assets',
  payable: 'Liabilities',
  'credit-card': 'Liabilities',
  'current-liability': 'Liabilities',
  tax: 'Liabilities',
  'non-current-liability': 'Liabilities',
  equity: 'Equity',
  'retained-earnings': 'Equity',
  'opening-balance-equity': 'Equity',
  revenue: 'Income',
  'other-income': 'Income',
  'cost-of-sales': 'Expenses',
  expense: 'Expenses',
  depreciation: 'Expenses',
  'other-expense': 'Expenses',
};

/** The API's type bucket for an account kind. */
export function accountTypeOf(kind: AccountKind): ApiAccountType {
  return typeOfKind[kind];
}

const accountSchema = z.object({
  key: legacyKeySchema,
  code: z.string().optional(),
  name: z.string().min(1),
  kind: accountKindSchema,
  systemRole: systemRoleSchema.optional(),
  parentKey: legacyKeySchema.optional(),
  currency: currencySchema.optional(),
  description: z.string().optional(),
  active: z.boolean(),
  source: sourceLocationSchema,
  /** The override file chose it for exchange differences (src/migration/accounting/exchange-account.ts). */
  exchangeDifferences: z.literal(true).optional(),
});
export type Account = z.infer<typeof accountSchema>;

const addressSchema = z.object({
  street: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zipCode: z.string().optional(),
  country: z.string().optional(),
});
export type Address = z.infer<typeof addressSchema>;

const contactPersonSchema = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
});

/** A customer or vendor. A legacy contact that is both appears once in each list, same key. */
const partySchema = z.object({
  key: legacyKeySchema,
  name: z.string().min(1),
  email: z.string().optional(),
  phone: z.string().optional(),
  website: z.string().optional(),
  taxNumber: z.string().optional(),
  paymentTerm: z.string().optional(),
  currency: currencySchema.optional(),
  billingAddress: addressSchema.optional(),
  shippingAddress: addressSchema.optional(),
  contactPerson: contactPersonSchema.optional(),
  notes: z.string().optional(),
  active: z.boolean(),
  source: sourceLocationSchema,
});
export type Party = z.infer<typeof partySchema>;

const vendorSchema = partySchema.extend({ is1099: z.boolean().optional() });
export type Vendor = z.infer<typeof vendorSchema>;

const productSchema = z.object({
  key: legacyKeySchema,
  name: z.string().min(1),
  sku: z.string().optional(),
  description: z.string().optional(),
  type: z.enum(['service', 'product']),
  salesPrice: decimalSchema.optional(),
  purchaseCost: decimalSchema.optional(),
  incomeAccountKey: legacyKeySchema.optional(),
  expenseAccountKey: legacyKeySchema.optional(),
  taxable: z.boolean(),
  active: z.boolean(),
  source: sourceLocationSchema,
});
export type Product = z.infer<typeof productSchema>;

/**
 * One account's opening balance: the legacy balance as at the day before the cutover (the closing
 * balance of the last day in the legacy system). Exactly one of debit and credit is non-zero.
 */
const openingBalanceLineSchema = z.object({
  accountKey: legacyKeySchema,
  debit: moneySchema,
  credit: moneySchema,
  source: sourceLocationSchema,
});
export type OpeningBalanceLine = z.infer<typeof openingBalanceLineSchema>;

/** A document line. `amount` is net of tax (quantity × unitPrice, rounded); tax is `taxAmount`. */
const documentLineSchema = z.object({
  description: z.string(),
  itemKey: legacyKeySchema.optional(),
  quantity: decimalSchema,
  unitPrice: decimalSchema,
  amount: moneySchema,
  accountKey: legacyKeySchema,
  taxAmount: moneySchema,
  taxCode: z.string().optional(),
  /**
   * Foreign documents: the line's net amount and tax in base currency as the legacy books posted
   * them, when the exports say (Xero converts each line on its own, which pro rata of the total
   * can miss by a cent); src/ledger/base-value.ts uses them when every line has them.
   */
  baseAmount: moneySchema.optional(),
  baseTaxAmount: moneySchema.optional(),
  source: sourceLocationSchema,
});
export type DocumentLine = z.infer<typeof documentLineSchema>;

const documentFields = {
  key: legacyKeySchema,
  /** The number the document is created under in the workspace. */
  number: z.string().min(1),
  /**
   * Set when the export's number does not identify the document (missing, or shared with another
   * document): that number ("(no number)" when missing). Payments and credits that name it are
   * matched by contact, number and open amount (src/validation/resolve-document.ts).
   */
  legacyNumber: z.string().min(1).optional(),
  date: isoDateSchema,
  dueDate: isoDateSchema.optional(),
  currency: currencySchema,
  reference: z.string().optional(),
  lines: z.array(documentLineSchema).min(1),
  subtotal: moneySchema,
  taxTotal: moneySchema,
  total: moneySchema,
  /** Outstanding amount as of the export, when the source says; credits: the unapplied balance. */
  amountDue: moneySchema.optional(),
  /**
   * What was due on it at the end of the day before the cutover, in its currency, when the exports
   * say so other than through `amountDue`: an aged report's open item, or a document exported at the
   * end date less what the activity report shows settled since. Its conversion document carries it,
   * and `baseAmountDue` values it. Without it, `amountDue` plus what was settled from the cutover on.
   */
  dueAtCutover: moneySchema.optional(),
  status: z.enum(['draft', 'open', 'paid', 'void']),
  /**
   * Foreign documents: the total in the base currency as the legacy books recorded it (from the
   * export's base-currency column or rate), so the migrated books match the legacy ones to the cent.
   */
  baseTotal: moneySchema.optional(),
  /** Foreign documents: base-currency units per one unit of `currency`, as the legacy system used. */
  exchangeRate: decimalSchema.optional(),
  /**
   * Foreign documents: what was due on it in base currency as at the day before the cutover, from
   * the legacy aged receivables or payables report (Xero's Aged Receivables Detail); it values
   * what was due at the cutover (`dueAtCutover`, else `amountDue`), which must then be given.
   */
  baseAmountDue: moneySchema.optional(),
  source: sourceLocationSchema,
};

const salesDocumentSchema = z.object({
  ...documentFields,
  type: z.enum(['invoice', 'credit-note']),
  customerKey: legacyKeySchema,
});
export type SalesDocument = z.infer<typeof salesDocumentSchema>;

const purchaseDocumentSchema = z.object({
  ...documentFields,
  type: z.enum(['bill', 'vendor-credit']),
  vendorKey: legacyKeySchema,
});
export type PurchaseDocument = z.infer<typeof purchaseDocumentSchema>;

/** A bank line posted in the legacy ledger (spend or receive money). Money in is positive. */
const bankTransactionSchema = z.object({
  key: legacyKeySchema,
  bankAccountKey: legacyKeySchema,
  date: isoDateSchema,
  amount: moneySchema,
  description: z.string(),
  payee: z.string().optional(),
  reference: z.string().optional(),
  categoryAccountKey: legacyKeySchema.optional(),
  customerKey: legacyKeySchema.optional(),
  vendorKey: legacyKeySchema.optional(),
  source: sourceLocationSchema,
});
export type BankTransaction = z.infer<typeof bankTransactionSchema>;

const allocationSchema = z.object({
  documentKey: legacyKeySchema,
  amount: moneySchema,
  source: sourceLocationSchema,
});

/**
 * Money received from a customer (applied to invoices) or paid to a vendor (applied to bills),
 * through a bank account. `amount` is positive; allocations sum to at most the amount.
 */
const paymentSchema = z.object({
  key: legacyKeySchema,
  date: isoDateSchema,
  bankAccountKey: legacyKeySchema,
  amount: moneySchema,
  currency: currencySchema,
  partyKey: legacyKeySchema,
  reference: z.string().optional(),
  allocations: z.array(allocationSchema).min(1),
  source: sourceLocationSchema,
});
export type Payment = z.infer<typeof paymentSchema>;

/** A credit note or vendor credit applied to an invoice or bill. */
const creditApplicationSchema = z.object({
  key: legacyKeySchema,
  kind: z.enum(['customer-credit', 'vendor-credit']),
  date: isoDateSchema,
  creditKey: legacyKeySchema,
  documentKey: legacyKeySchema,
  amount: moneySchema,
  /** The customer or vendor, when the export says: it tells credit notes sharing a number apart. */
  partyKey: legacyKeySchema.optional(),
  source: sourceLocationSchema,
});
export type CreditApplication = z.infer<typeof creditApplicationSchema>;

/**
 * A line of a general journal entry: one account, a debit or a credit. A legacy line that also named
 * a customer or vendor keeps only its account (the API's journal lines carry no party).
 */
const journalLineSchema = z.object({
  accountKey: legacyKeySchema,
  debit: moneySchema,
  credit: moneySchema,
  description: z.string(),
  source: sourceLocationSchema,
});
export type JournalLine = z.infer<typeof journalLineSchema>;

/**
 * A general journal entry posted in the legacy ledger (IIF GENERAL JOURNAL, a QuickBooks Online
 * journal entry, a Xero manual journal). Its lines balance: debits equal credits.
 */
const journalEntrySchema = z.object({
  key: legacyKeySchema,
  date: isoDateSchema,
  number: z.string().optional(),
  memo: z.string(),
  lines: z.array(journalLineSchema).min(2),
  source: sourceLocationSchema,
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/** A line of the legacy trial balance at `asOf`, used to verify the migrated books. */
const trialBalanceLineSchema = z.object({
  asOf: isoDateSchema,
  accountKey: legacyKeySchema,
  debit: moneySchema,
  credit: moneySchema,
  source: sourceLocationSchema,
});
export type TrialBalanceLine = z.infer<typeof trialBalanceLineSchema>;

/** Entities in migration dependency order (readers yield them in this order). */
export const entityNames = [
  'account',
  'customer',
  'vendor',
  'product',
  'opening-balance',
  'invoice',
  'bill',
  'bank-transaction',
  'customer-payment',
  'vendor-payment',
  'credit-application',
  'journal-entry',
  'trial-balance',
] as const;
export type EntityName = (typeof entityNames)[number];

export const ledgerRecordSchema = z.discriminatedUnion('entity', [
  z.object({ entity: z.literal('account'), value: accountSchema }),
  z.object({ entity: z.literal('customer'), value: partySchema }),
  z.object({ entity: z.literal('vendor'), value: vendorSchema }),
  z.object({ entity: z.literal('product'), value: productSchema }),
  z.object({ entity: z.literal('opening-balance'), value: openingBalanceLineSchema }),
  z.object({ entity: z.literal('invoice'), value: salesDocumentSchema }),
  z.object({ entity: z.literal('bill'), value: purchaseDocumentSchema }),
  z.object({ entity: z.literal('bank-transaction'), value: bankTransactionSchema }),
  z.object({ entity: z.literal('customer-payment'), value: paymentSchema }),
  z.object({ entity: z.literal('vendor-payment'), value: paymentSchema }),
  z.object({ entity: z.literal('credit-application'), value: creditApplicationSchema }),
  z.object({ entity: z.literal('journal-entry'), value: journalEntrySchema }),
  z.object({ entity: z.literal('trial-balance'), value: trialBalanceLineSchema }),
]);
export type LedgerRecord = z.infer<typeof ledgerRecordSchema>;

/** The record type of an entity, e.g. RecordOf<'invoice'> is SalesDocument. */
export type RecordOf<E extends EntityName> = Extract<LedgerRecord, { entity: E }>['value'];

/**
 * The legacy key of Ledgerlift's own conversion clearing account (Other Income, created in every
 * run's accounts step; docs/accounting.md). It is the one account a record may name that no chart of
 * accounts holds: conversion documents post to it, and a legacy transaction the API cannot take as
 * one is migrated as parts that each balance through it (mappings/shared/through-clearing.ts).
 */
export const CONVERSION_CLEARING_KEY = '@clearing';
