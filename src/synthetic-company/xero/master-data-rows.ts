import type { Account, Party, Product, Vendor } from '../../ledger/index.js';
import type { Row } from './csv-file.js';
import { accountTypeLabels, taxRates } from './xero-labels.js';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** A chart of accounts row. Revenue accounts default to the sales tax rate, as a US chart does. */
export function accountRow(account: Account): Row {
  const income = account.kind === 'revenue' || account.kind === 'other-income';
  return {
    '*Code': account.code,
    '*Name': account.name,
    '*Type': accountTypeLabels[account.kind],
    '*Tax Code': income ? taxRates.sales : taxRates.exempt,
    Description: account.description,
    Dashboard: yesNo(account.kind === 'bank'),
    'Expense Claims': yesNo(false),
    'Enable Payments': yesNo(false),
    // Xero fills Balance with the account's balance today; the trial balance reports carry balances.
    Balance: undefined,
  };
}

/**
 * The defaults a contact carries: a customer's sales account, a supplier's purchases account. Xero's
 * contact export does not say who is a customer or a supplier; these defaults say it for contacts
 * with no invoice or bill in the export (the mapping reads them as the role).
 */
export interface ContactDefaults {
  salesAccount?: string | undefined;
  purchasesAccount?: string | undefined;
}

/** A contacts row; AccountNumber keeps the generator's key so the demo stays traceable. */
export function contactRow(party: Party | Vendor, defaults: ContactDefaults): Row {
  return {
    ContactName: party.name,
    AccountNumber: party.key,
    EmailAddress: party.email,
    FirstName: party.contactPerson?.firstName,
    LastName: party.contactPerson?.lastName,
    ...addressCells(party),
    PhoneNumber: party.phone,
    TaxNumber: party.taxNumber,
    Website: party.website,
    SalesAccount: defaults.salesAccount,
    PurchasesAccount: defaults.purchasesAccount,
  };
}

/**
 * An inventory items row. Xero has no item type: the mapping reads an item with purchase details as
 * a product and one with only sales details as a service, so a product's cost of sales account goes
 * in PurchasesAccount.
 */
export function itemRow(product: Product, codeOf: (accountKey: string) => string): Row {
  return {
    '*ItemCode': product.key,
    ItemName: product.name,
    PurchasesUnitPrice: product.purchaseCost,
    PurchasesAccount: product.expenseAccountKey && codeOf(product.expenseAccountKey),
    SalesDescription: product.description,
    SalesUnitPrice: product.salesPrice,
    SalesAccount: product.incomeAccountKey && codeOf(product.incomeAccountKey),
    SalesTaxRate: product.taxable ? taxRates.sales : taxRates.exempt,
  };
}

/** A party's billing address in Xero's postal (PO) columns and its shipping address in SA. */
export function addressCells(party: Party | undefined): Row {
  const address = party?.billingAddress;
  const shipping = party?.shippingAddress;
  return {
    POAddressLine1: address?.street,
    POCity: address?.city,
    PORegion: address?.state,
    POPostalCode: address?.zipCode,
    POCountry: address?.country,
    SAAddressLine1: shipping?.street,
    SACity: shipping?.city,
    SARegion: shipping?.state,
    SAPostalCode: shipping?.zipCode,
    SACountry: shipping?.country,
  };
}
