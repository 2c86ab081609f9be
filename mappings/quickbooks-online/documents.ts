import type { PurchaseDocument, SalesDocument } from '../../src/ledger/index.js';
import { cellText } from '../../src/sources/cell.js';
import type { TableRow } from '../../src/sources/table/table-row.js';
import { journalRegisterOf } from './journal.js';
import type { Mapped, TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import type { ColumnSpec } from '../../src/sources/table/column-spec.js';
import {
  checkRepeatedValues,
  unitPriceOf,
  compact,
  currencyOrFail,
  documentHead,
  lineDraftOf,
  type LineDraft,
  lineAccountKey,
  exchangeRateOf,
} from '../shared/document-parts.js';

/** Which column plays which part in one QuickBooks Online document layout. */
interface Layout {
  number: string;
  party: string;
  date: string;
  dueDate: string;
  memo: string;
  item: string;
  description: string;
  quantity: string;
  rate: string;
  amount: string;
  account: string;
  taxCode: string;
  taxAmount: string;
  currency: string;
}

const invoiceLayout: Layout = {
  number: 'InvoiceNo',
  party: 'Customer',
  date: 'InvoiceDate',
  dueDate: 'DueDate',
  memo: 'Memo',
  item: 'Item(Product/Service)',
  description: 'ItemDescription',
  quantity: 'ItemQuantity',
  rate: 'ItemRate',
  amount: 'ItemAmount',
  account: 'Account',
  taxCode: 'ItemTaxCode',
  taxAmount: 'ItemTaxAmount',
  currency: 'Currency',
};

const invoiceColumns: ColumnSpec[] = [
  {
    id: 'InvoiceNo',
    headers: ['InvoiceNo', 'Invoice No', 'CreditMemoNo', 'Credit Memo No', 'RefNumber', 'Ref No'],
    required: true,
  },
  { id: 'Customer', headers: ['Customer'], required: true },
  {
    id: 'InvoiceDate',
    headers: ['InvoiceDate', 'Invoice Date', 'CreditMemoDate', 'Credit Memo Date', 'Date'],
    required: true,
  },
  { id: 'DueDate', headers: ['DueDate', 'Due Date'] },
  { id: 'Terms', headers: ['Terms'] },
  { id: 'Memo', headers: ['Memo'] },
  { id: 'Item(Product/Service)', headers: ['Item(Product/Service)', 'Product/Service', 'Item'] },
  { id: 'ItemDescription', headers: ['ItemDescription', 'Item Description', 'Description'] },
  { id: 'ItemQuantity', headers: ['ItemQuantity', 'Item Quantity', 'Quantity'] },
  { id: 'ItemRate', headers: ['ItemRate', 'Item Rate', 'Rate'] },
  { id: 'ItemAmount', headers: ['ItemAmount', 'Item Amount', 'Amount'] },
  { id: 'Account', headers: ['Account', 'Income Account'] },
  { id: 'ItemTaxCode', headers: ['ItemTaxCode', 'Item Tax Code', 'Tax Code'] },
  { id: 'ItemTaxAmount', headers: ['ItemTaxAmount', 'Item Tax Amount', 'Tax Amount'] },
  { id: 'Currency', headers: ['Currency', 'Currency Code'] },
  // QuickBooks quotes the exchange rate as home-currency units per one unit of the document's.
  { id: 'ExchangeRate', headers: ['Exchange Rate', 'ExchangeRate'] },
];

const billLayout: Layout = {
  number: 'BillNo',
  party: 'Supplier',
  date: 'BillDate',
  dueDate: 'DueDate',
  memo: 'Memo',
  item: 'Item(Product/Service)',
  description: 'LineDescription',
  quantity: 'ItemQuantity',
  rate: 'ItemRate',
  amount: 'LineAmount',
  account: 'Account',
  taxCode: 'LineTaxCode',
  taxAmount: 'LineTaxAmount',
  currency: 'Currency',
};

const billColumns: ColumnSpec[] = [
  {
    id: 'BillNo',
    headers: [
      'BillNo',
      'Bill No',
      'Bill No.',
      'Ref No',
      'RefNumber',
      'Vendor Credit No',
      'Supplier Credit No',
    ],
    required: true,
  },
  { id: 'Supplier', headers: ['Supplier', 'Vendor'], required: true },
  { id: 'BillDate', headers: ['BillDate', 'Bill Date', 'Date'], required: true },
  { id: 'DueDate', headers: ['DueDate', 'Due Date'] },
  { id: 'Terms', headers: ['Terms'] },
  { id: 'Memo', headers: ['Memo'] },
  { id: 'Account', headers: ['Account', 'Expense Account', 'Line Account'] },
  { id: 'Item(Product/Service)', headers: ['Item(Product/Service)', 'Product/Service', 'Item'] },
  { id: 'LineDescription', headers: ['LineDescription', 'Line Description', 'Description'] },
  { id: 'ItemQuantity', headers: ['ItemQuantity', 'Item Quantity', 'Quantity'] },
  { id: 'ItemRate', headers: ['ItemRate', 'Item Rate', 'Rate'] },
  { id: 'LineAmount', headers: ['LineAmount', 'Line Amount', 'Amount'], required: true },
  { id: 'LineTaxCode', headers: ['LineTaxCode', 'Line Tax Code', 'Tax Code'] },
  { id: 'LineTaxAmount', headers: ['LineTaxAmount', 'Line Tax Amount', 'Tax Amount'] },
  { id: 'Currency', headers: ['Currency', 'Currency Code'] },
  // QuickBooks quotes the exchange rate as home-currency units per one unit of the document's.
  { id: 'ExchangeRate', headers: ['Exchange Rate', 'ExchangeRate'] },
];

/**
 * Consecutive rows with the same number are one document; QuickBooks Online allows bills without a
 * number, whose rows are told apart by supplier and date (docs/mappings.md, QuickBooks Online).
 */
function documentRows(layout: Layout): (row: TableRow) => string | undefined {
  return (row) => {
    const number = cellText(row.cell(layout.number));
    if (number) return number;
    const party = cellText(row.cell(layout.party));
    const date = cellText(row.cell(layout.date));
    return party || date ? `\u0000${party}\u0000${date}` : undefined;
  };
}

interface Table<E extends 'invoice' | 'bill'> {
  id: string;
  entity: E;
  type: E extends 'invoice' ? SalesDocument['type'] : PurchaseDocument['type'];
  fileNames: string[];
}

/**
 * QuickBooks Online document imports: one row per line, the document number repeated. Invoice lines
 * name an item and post to its income account (an optional Account column overrides); bill lines
 * post to their Account, or to the item's expense account. Quantity defaults to 1 and the rate to the
 * amount ÷ quantity.
 */
function documentTable<E extends 'invoice' | 'bill'>(table: Table<E>): TableSpec<E> {
  const sales = table.entity === 'invoice';
  const layout = sales ? invoiceLayout : billLayout;
  return {
    id: table.id,
    entity: table.entity,
    fileNames: table.fileNames,
    columns: sales ? invoiceColumns : billColumns,
    dateColumns: [layout.date, layout.dueDate],
    amountColumns: [layout.quantity, layout.rate, layout.amount, layout.taxAmount, 'ExchangeRate'],
    groupBy: documentRows(layout),
    map(rows, context) {
      const [first] = rows;
      if (!first) return [];
      const number = first.text(layout.number);
      const partyText = first.required(layout.party);
      const date = first.date(layout.date, { required: true });
      const dueDate = first.date(layout.dueDate);
      const currency = currencyOrFail(first, layout.currency, context, {
        subject: `document ${number ?? ''}`,
      });
      checkRepeatedValues(rows, [layout.party, layout.date, layout.currency]);
      if (!number && sales) first.required(layout.number);
      const drafts: LineDraft[] = [];
      for (const row of rows) {
        const item = row.text(layout.item);
        const itemKey = item && (context.index.productKey(item) ?? item);
        const quantity = row.decimal(layout.quantity) ?? '1';
        const rate = row.decimal(layout.rate);
        const amount = row.money(layout.amount, { required: rate === undefined });
        const accountText = row.text(layout.account);
        const accountKey = lineAccountKey(context, accountText, itemKey, sales);
        if (!accountKey) {
          row.fail(
            'line.missing-account',
            `Row ${row.row.row}: the line has no account${item ? ` and item "${item}" names none` : ''}; fill in the item or account.`,
            sales ? layout.item : layout.account,
          );
        }
        const taxAmount = row.moneyOrZero(layout.taxAmount);
        const unitPrice =
          rate ?? (amount === undefined ? undefined : unitPriceOf(amount, quantity));
        if (unitPrice === undefined || !accountKey || taxAmount === undefined) continue;
        drafts.push(
          lineDraftOf(row, layout, { itemKey, quantity, unitPrice, amount, accountKey, taxAmount }),
        );
      }
      const mapped: Mapped<E> = {
        entity: table.entity,
        key: number,
        location: first.location(),
        problems: [],
      };
      const exchangeRate = exchangeRateOf(first, 'ExchangeRate');
      if (rows.some((row) => row.failed) || !partyText || !date || !currency) return [mapped];
      const partyKey =
        context.index.partyKey(sales ? 'customer' : 'vendor', partyText) ?? partyText;
      const head = documentHead(
        number,
        {},
        {
          number,
          contact: partyText,
          date,
          dueDate,
          currency,
          reference: first.text(layout.memo),
          drafts,
        },
      );
      const value = compact(head, {
        exchangeRate,
        status: 'open' as const,
        source: first.location(),
        type: table.type,
        customerKey: sales ? partyKey : undefined,
        vendorKey: sales ? undefined : partyKey,
      });
      const result = { ...mapped, key: head.key, value: value as unknown as Mapped<E>['value'] };
      // The Journal report's payments may settle it (journal.ts).
      journalRegisterOf(context).know(result as Mapped<'invoice'> | Mapped<'bill'>);
      return [result];
    },
  };
}

export const quickBooksOnlineInvoices = documentTable({
  id: 'invoices',
  entity: 'invoice',
  type: 'invoice',
  fileNames: ['invoices'],
});
export const quickBooksOnlineCreditMemos = documentTable({
  id: 'credit_memos',
  entity: 'invoice',
  type: 'credit-note',
  fileNames: ['credit memos', 'credit notes'],
});
export const quickBooksOnlineBills = documentTable({
  id: 'bills',
  entity: 'bill',
  type: 'bill',
  fileNames: ['bills'],
});
export const quickBooksOnlineVendorCredits = documentTable({
  id: 'vendor_credits',
  entity: 'bill',
  type: 'vendor-credit',
  fileNames: ['vendor credits', 'supplier credits'],
});
