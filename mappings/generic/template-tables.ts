import { accountKinds, systemRoles, type EntityName } from '../../src/ledger/index.js';

/** One column of a generic template: its header, whether it is required, allowed words, a sample. */
interface TemplateColumn {
  header: string;
  required?: boolean;
  /** Allowed values (a drop-down list in the XLSX template). */
  allowed?: readonly string[];
  sample: string;
  /** What goes in the column, for docs/mappings.md. */
  note: string;
}

export interface TemplateTable {
  id: string;
  entity: EntityName;
  columns: readonly TemplateColumn[];
}

const yesNo = ['Yes', 'No'] as const;
const address = (prefix: string, what: string): TemplateColumn[] => [
  { header: `${prefix}Street`, sample: prefix ? '' : '1 Main St', note: `${what} street` },
  { header: `${prefix}City`, sample: prefix ? '' : 'Springfield', note: `${what} city` },
  { header: `${prefix}State`, sample: prefix ? '' : 'IL', note: `${what} state or region` },
  { header: `${prefix}ZipCode`, sample: prefix ? '' : '62701', note: `${what} postal code` },
  { header: `${prefix}Country`, sample: prefix ? '' : 'US', note: `${what} country` },
];
const party = (sampleKey: string, sampleName: string): TemplateColumn[] => [
  { header: 'Key', sample: sampleKey, note: 'Legacy id; defaults to Name' },
  { header: 'Name', required: true, sample: sampleName, note: 'Display name' },
  { header: 'Email', sample: 'billing@example.com', note: 'Email address' },
  { header: 'Phone', sample: '555-0100', note: 'Phone number' },
  { header: 'Website', sample: '', note: 'Web site' },
  { header: 'TaxNumber', sample: '', note: 'Tax or VAT number' },
  {
    header: 'PaymentTerm',
    sample: 'Net 30',
    note: 'Payment terms as written in the legacy system',
  },
  { header: 'Currency', sample: 'USD', note: 'ISO 4217 code; blank for the base currency' },
  ...address('', 'Billing'),
  ...address('Shipping', 'Shipping'),
  { header: 'ContactFirstName', sample: '', note: 'Contact person first name' },
  { header: 'ContactLastName', sample: '', note: 'Contact person last name' },
  { header: 'Notes', sample: '', note: 'Free text' },
  { header: 'Active', allowed: yesNo, sample: 'Yes', note: 'Yes (default) or No' },
];
const documentColumns = (
  partyHeader: string,
  types: readonly string[],
  sample: { number: string; party: string; account: string },
): TemplateColumn[] => [
  {
    header: 'Number',
    required: true,
    sample: sample.number,
    note: 'Document number (its key); one row per line, rows of a document together',
  },
  {
    header: 'Type',
    allowed: types,
    sample: types[0] ?? '',
    note: `${types.join(' or ')}; default ${types[0] ?? ''}`,
  },
  { header: partyHeader, required: true, sample: sample.party, note: `${partyHeader} key` },
  { header: 'Date', required: true, sample: '2024-01-15', note: 'Document date' },
  { header: 'DueDate', sample: '2024-02-14', note: 'Due date' },
  { header: 'Currency', sample: 'USD', note: 'ISO 4217 code; blank means the default currency' },
  {
    header: 'ExchangeRate',
    sample: '',
    note: 'Foreign documents: base-currency units per one unit of Currency, as the legacy books used',
  },
  {
    header: 'BaseTotal',
    sample: '',
    note: 'Foreign documents: the total in base currency as the legacy books hold it (wins over ExchangeRate)',
  },
  { header: 'Reference', sample: '', note: 'Reference or PO number' },
  {
    header: 'Status',
    allowed: ['draft', 'open', 'paid', 'void'],
    sample: 'open',
    note: 'draft, open (default), paid or void',
  },
  { header: 'AmountDue', sample: '110.00', note: 'Outstanding amount at export time' },
  { header: 'Item', sample: '', note: 'Product key of the line' },
  { header: 'Description', sample: 'Consulting', note: 'Line description' },
  { header: 'Quantity', required: true, sample: '1', note: 'Line quantity' },
  { header: 'UnitPrice', required: true, sample: '100.00', note: 'Line unit price, net of tax' },
  {
    header: 'LineAmount',
    sample: '100.00',
    note: 'Net line amount; default quantity × unit price',
  },
  {
    header: 'Account',
    sample: sample.account,
    note: 'Account key of the line; default the item’s account',
  },
  { header: 'TaxCode', sample: 'TAX10', note: 'Tax code as in the legacy system' },
  { header: 'TaxAmount', sample: '10.00', note: 'Tax of the line; blank is 0' },
  { header: 'Subtotal', sample: '', note: 'Document net total; default the sum of line amounts' },
  { header: 'TaxTotal', sample: '', note: 'Document tax; default the sum of line tax' },
  { header: 'Total', sample: '', note: 'Document total; default subtotal + tax' },
];
const paymentColumns = (
  partyHeader: string,
  sample: { key: string; party: string; document: string },
): TemplateColumn[] => [
  {
    header: 'Key',
    required: true,
    sample: sample.key,
    note: 'Payment id; one row per allocation, rows of a payment together',
  },
  { header: 'Date', required: true, sample: '2024-01-20', note: 'Payment date' },
  { header: partyHeader, required: true, sample: sample.party, note: `${partyHeader} key` },
  {
    header: 'BankAccount',
    required: true,
    sample: '1000',
    note: 'Account key of the bank account',
  },
  { header: 'Amount', required: true, sample: '110.00', note: 'Whole payment amount (positive)' },
  { header: 'Currency', sample: 'USD', note: 'ISO 4217 code; blank means the default currency' },
  { header: 'Reference', sample: '', note: 'Cheque number or reference' },
  {
    header: 'Document',
    required: true,
    sample: sample.document,
    note: 'Number of the document paid by this row',
  },
  {
    header: 'AllocatedAmount',
    required: true,
    sample: '110.00',
    note: 'Part of the payment applied to that document',
  },
];

/**
 * Ledgerlift's own import layout: one CSV file (or workbook sheet) per entity. The generic mapping,
 * the template writer and docs/mappings.md all read this one definition.
 */
export const genericTemplateTables: readonly TemplateTable[] = [
  {
    id: 'accounts',
    entity: 'account',
    columns: [
      { header: 'Code', sample: '1000', note: 'Account code; the key when present' },
      {
        header: 'Name',
        required: true,
        sample: 'Business Checking',
        note: 'Account name; the key when Code is blank',
      },
      {
        header: 'Kind',
        required: true,
        allowed: accountKinds,
        sample: 'bank',
        note: 'Canonical account kind',
      },
      {
        header: 'SystemRole',
        allowed: systemRoles,
        sample: '',
        note: 'For receivables, payables, tax, retained earnings and opening balance equity accounts',
      },
      { header: 'Parent', sample: '', note: 'Key of the parent account (sub-accounts)' },
      { header: 'Currency', sample: 'USD', note: 'ISO 4217 code of a foreign-currency account' },
      { header: 'Description', sample: 'Main operating account', note: 'Free text' },
      { header: 'Active', allowed: yesNo, sample: 'Yes', note: 'Yes (default) or No' },
    ],
  },
  { id: 'customers', entity: 'customer', columns: party('CUST-1', 'Acme Corp') },
  {
    id: 'vendors',
    entity: 'vendor',
    columns: [
      ...party('VEND-1', 'Paper Supply Co'),
      { header: 'Is1099', allowed: yesNo, sample: 'No', note: 'US 1099 vendor' },
    ],
  },
  {
    id: 'products',
    entity: 'product',
    columns: [
      { header: 'Key', sample: 'CONSULT', note: 'Item code; defaults to Name' },
      { header: 'Name', required: true, sample: 'Consulting', note: 'Item name' },
      { header: 'SKU', sample: '', note: 'Stock keeping unit' },
      { header: 'Description', sample: 'Hourly consulting', note: 'Sales description' },
      {
        header: 'Type',
        required: true,
        allowed: ['service', 'product'],
        sample: 'service',
        note: 'service or product',
      },
      { header: 'SalesPrice', sample: '150.00', note: 'Sales unit price' },
      { header: 'PurchaseCost', sample: '', note: 'Purchase unit cost' },
      { header: 'IncomeAccount', sample: '4000', note: 'Account key for sales lines' },
      { header: 'ExpenseAccount', sample: '', note: 'Account key for purchase lines' },
      { header: 'Taxable', allowed: yesNo, sample: 'Yes', note: 'Yes or No (default)' },
      { header: 'Active', allowed: yesNo, sample: 'Yes', note: 'Yes (default) or No' },
    ],
  },
  {
    id: 'opening_balances',
    entity: 'opening-balance',
    columns: [
      { header: 'Account', required: true, sample: '1000', note: 'Account key' },
      {
        header: 'Debit',
        sample: '1000.00',
        note: 'Debit balance as at the day before the cutover',
      },
      { header: 'Credit', sample: '', note: 'Credit balance as at the day before the cutover' },
    ],
  },
  {
    id: 'invoices',
    entity: 'invoice',
    columns: documentColumns('Customer', ['invoice', 'credit-note'], {
      number: 'INV-1',
      party: 'CUST-1',
      account: '4000',
    }),
  },
  {
    id: 'bills',
    entity: 'bill',
    columns: documentColumns('Vendor', ['bill', 'vendor-credit'], {
      number: 'BILL-1',
      party: 'VEND-1',
      account: '6000',
    }),
  },
  {
    id: 'bank_transactions',
    entity: 'bank-transaction',
    columns: [
      { header: 'Key', required: true, sample: 'BT-1', note: 'Transaction id' },
      {
        header: 'BankAccount',
        required: true,
        sample: '1000',
        note: 'Account key of the bank account',
      },
      { header: 'Date', required: true, sample: '2024-01-05', note: 'Transaction date' },
      {
        header: 'Amount',
        required: true,
        sample: '-15.00',
        note: 'Money in positive, money out negative',
      },
      { header: 'Description', sample: 'Monthly fee', note: 'Description' },
      { header: 'Payee', sample: 'First Bank', note: 'Payee or payer as written' },
      { header: 'Reference', sample: '', note: 'Reference' },
      { header: 'Account', sample: '6000', note: 'Account key the transaction is categorised to' },
      { header: 'Customer', sample: '', note: 'Customer key, for money received from a customer' },
      { header: 'Vendor', sample: '', note: 'Vendor key, for money paid to a vendor' },
    ],
  },
  {
    id: 'customer_payments',
    entity: 'customer-payment',
    columns: paymentColumns('Customer', { key: 'PMT-1', party: 'CUST-1', document: 'INV-1' }),
  },
  {
    id: 'vendor_payments',
    entity: 'vendor-payment',
    columns: paymentColumns('Vendor', { key: 'BP-1', party: 'VEND-1', document: 'BILL-1' }),
  },
  {
    id: 'credit_applications',
    entity: 'credit-application',
    columns: [
      { header: 'Key', sample: '', note: 'Application id; default "<Credit>><Document>"' },
      {
        header: 'Kind',
        required: true,
        allowed: ['customer-credit', 'vendor-credit'],
        sample: 'customer-credit',
        note: 'customer-credit (credit note → invoice) or vendor-credit (vendor credit → bill)',
      },
      { header: 'Date', required: true, sample: '2024-01-25', note: 'Application date' },
      {
        header: 'Credit',
        required: true,
        sample: 'CN-1',
        note: 'Number of the credit note or vendor credit',
      },
      {
        header: 'Document',
        required: true,
        sample: 'INV-1',
        note: 'Number of the invoice or bill',
      },
      { header: 'Amount', required: true, sample: '10.00', note: 'Amount applied' },
    ],
  },
  {
    id: 'trial_balance',
    entity: 'trial-balance',
    columns: [
      { header: 'AsOf', required: true, sample: '2024-01-31', note: 'Date of the trial balance' },
      { header: 'Account', required: true, sample: '1000', note: 'Account key' },
      { header: 'Debit', sample: '985.00', note: 'Debit balance' },
      { header: 'Credit', sample: '', note: 'Credit balance' },
    ],
  },
];
