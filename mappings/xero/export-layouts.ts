/**
 * Xero's export files: the names Xero gives them (which the Xero mapping finds by default) and their
 * columns in Xero's order (see docs/mappings.md, "Xero"). The mapping reads its columns from here,
 * and src/synthetic-company writes these layouts.
 */

/** A postal (PO) or street (SA) address's columns; the contact export adds "AttentionTo". */
const addressColumns = (prefix: 'PO' | 'SA', attention: boolean) => [
  ...(attention ? [`${prefix}AttentionTo`] : []),
  `${prefix}AddressLine1`,
  `${prefix}AddressLine2`,
  `${prefix}AddressLine3`,
  `${prefix}AddressLine4`,
  `${prefix}City`,
  `${prefix}Region`,
  `${prefix}PostalCode`,
  `${prefix}Country`,
];

export interface Layout {
  file: string;
  headers: readonly string[];
}

export const chartOfAccounts: Layout = {
  file: 'Chart of Accounts.csv',
  headers: [
    '*Code',
    '*Name',
    '*Type',
    '*Tax Code',
    'Description',
    'Dashboard',
    'Expense Claims',
    'Enable Payments',
    'Balance',
  ],
};

/** Who a contact is and where: the first columns of Xero's contact export. */
export const contactIdentityColumns = [
  'ContactName',
  'AccountNumber',
  'EmailAddress',
  'FirstName',
  'LastName',
  ...addressColumns('PO', true),
  ...addressColumns('SA', true),
];

/** Customers and suppliers together: Xero's contact export does not tell them apart. */
export const contacts: Layout = {
  file: 'Contacts.csv',
  headers: [
    ...contactIdentityColumns,
    'PhoneNumber',
    'FaxNumber',
    'MobileNumber',
    'DDINumber',
    'SkypeName',
    'BankAccountName',
    'BankAccountNumber',
    'BankAccountParticulars',
    'TaxNumber',
    'AccountsReceivableTaxCodeName',
    'AccountsPayableTaxCodeName',
    'Website',
    'LegalName',
    'Discount',
    'CompanyNumber',
    'DueDateBillDay',
    'DueDateBillTerm',
    'DueDateSalesDay',
    'DueDateSalesTerm',
    'SalesAccount',
    'PurchasesAccount',
  ],
};

export const inventoryItems: Layout = {
  file: 'Inventory Items.csv',
  headers: [
    '*ItemCode',
    'ItemName',
    'Quantity',
    'PurchasesDescription',
    'PurchasesUnitPrice',
    'PurchasesAccount',
    'PurchasesTaxRate',
    'SalesDescription',
    'SalesUnitPrice',
    'SalesAccount',
    'SalesTaxRate',
  ],
};

/** A document's totals, then its line's item, amounts, account and tax, in Xero's order. */
export const documentAmountColumns = [
  'Total',
  'TaxTotal',
  'InvoiceAmountPaid',
  'InvoiceAmountDue',
  'InventoryItemCode',
  'Description',
  'Quantity',
  'UnitAmount',
  'Discount',
  'LineAmount',
  'AccountCode',
  'TaxType',
  'TaxAmount',
];

/** Xero's two tracking categories on a line: a name column and the option chosen. */
export const trackingColumns = [
  ['TrackingName1', 'TrackingOption1'],
  ['TrackingName2', 'TrackingOption2'],
] as const;

/** The invoice and bill export layout: one row per line, document fields repeated on each. */
const documentHeaders = [
  'ContactName',
  'EmailAddress',
  ...addressColumns('PO', false),
  ...addressColumns('SA', false),
  'InvoiceNumber',
  'Reference',
  'InvoiceDate',
  'DueDate',
  'PlannedDate',
  ...documentAmountColumns,
  ...trackingColumns.flat(),
  'Currency',
  'Type',
  'Sent',
  'Status',
];

export const salesInvoices: Layout = { file: 'Sales Invoices.csv', headers: documentHeaders };
export const bills: Layout = { file: 'Bills.csv', headers: documentHeaders };

/** Xero's statement layout plus the two columns the mapping reads to place and categorise lines. */
export const bankStatement: Layout = {
  file: 'Bank Statement.csv',
  headers: [
    'Date',
    'Amount',
    'Payee',
    'Description',
    'Reference',
    'Cheque Number',
    'Bank Account',
    'Account Code',
  ],
};

/** Ledgerlift's documented payments layout (Xero's Payments API, one row per document paid). */
export const payments: Layout = {
  file: 'Payments.csv',
  headers: [
    'PaymentID',
    'Date',
    'PaymentType',
    'ContactName',
    'InvoiceNumber',
    'Amount',
    'Currency',
    'BankAccountCode',
    'Reference',
  ],
};

/** Ledgerlift's documented credit allocations layout (CreditNote.Allocations flattened). */
export const creditNoteAllocations: Layout = {
  file: 'Credit Note Allocations.csv',
  headers: ['Date', 'CreditNoteNumber', 'InvoiceNumber', 'Amount', 'Type'],
};

/** The Trial Balance report's column row (title rows and section headings surround it). */
export const trialBalanceHeaders = ['Account', 'Debit', 'Credit', 'YTD Debit', 'YTD Credit'];
export const openingTrialBalanceFile = 'Opening Trial Balance.csv';
export const trialBalanceFile = 'Trial Balance.csv';

/**
 * The head of a table that reads one of two entities from a file Xero exports both in (customers and
 * suppliers in "contacts", say): its id, the file's id and the name the mapping finds it by.
 */
export function sharedFileTable<E>(
  entity: E,
  id: string,
  file: string,
): { id: string; fileId: string; entity: E; fileNames: string[] } {
  return { id, fileId: file, entity, fileNames: [file] };
}
