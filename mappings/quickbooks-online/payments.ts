import type { Payment } from '../../src/ledger/index.js';
import { centsOf, formatCents } from '../../src/money/index.js';
import { byColumn } from '../../src/sources/table-mapping/group-rows.js';
import type { Mapped, TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import type { ColumnSpec } from '../../src/sources/table/column-spec.js';
import { checkRepeatedValues, compact, currencyOrFail } from '../shared/document-parts.js';
import { NO_NUMBER } from '../shared/keys.js';

interface Layout {
  id: string;
  fileNames: string[];
  columns: ColumnSpec[];
  ref: string;
  party: string;
  date: string;
  bank: string;
  document: string;
}

const customer: Layout = {
  id: 'customer_payments',
  fileNames: ['customer payments', 'received payments', 'receive payments', 'payments'],
  ref: 'Payment Ref Number',
  party: 'Customer',
  date: 'Payment Date',
  bank: 'Deposit To Account',
  document: 'Invoice No',
  columns: [
    {
      id: 'Payment Ref Number',
      headers: ['Payment Ref Number', 'Ref No', 'RefNumber', 'Payment No', 'Reference No'],
      required: true,
    },
    { id: 'Customer', headers: ['Customer'], required: true },
    { id: 'Payment Date', headers: ['Payment Date', 'Date'], required: true },
    {
      id: 'Deposit To Account',
      headers: ['Deposit To Account', 'Deposit To', 'Deposit to account'],
      required: true,
    },
    { id: 'Invoice No', headers: ['Invoice No', 'InvoiceNo', 'Invoice Number'], required: true },
    { id: 'Amount', headers: ['Amount', 'Applied Amount'], required: true },
    { id: 'Total Amount', headers: ['Total Amount', 'Payment Amount'] },
    { id: 'Memo', headers: ['Memo'] },
    { id: 'Currency', headers: ['Currency', 'Currency Code'] },
  ],
};

const vendor: Layout = {
  id: 'vendor_payments',
  fileNames: ['bill payments', 'vendor payments', 'supplier payments'],
  ref: 'Bill Payment Ref Number',
  party: 'Supplier',
  date: 'Payment Date',
  bank: 'Payment Account',
  document: 'Bill No',
  columns: [
    {
      id: 'Bill Payment Ref Number',
      headers: ['Bill Payment Ref Number', 'Payment Ref Number', 'Ref No', 'RefNumber', 'Check No'],
      required: true,
    },
    { id: 'Supplier', headers: ['Supplier', 'Vendor'], required: true },
    { id: 'Payment Date', headers: ['Payment Date', 'Date'], required: true },
    {
      id: 'Payment Account',
      headers: ['Payment Account', 'Bank Account', 'Bank/Credit account'],
      required: true,
    },
    { id: 'Bill No', headers: ['Bill No', 'BillNo', 'Bill Number'], required: true },
    { id: 'Amount', headers: ['Amount', 'Applied Amount'], required: true },
    { id: 'Total Amount', headers: ['Total Amount', 'Payment Amount'] },
    { id: 'Memo', headers: ['Memo'] },
    { id: 'Currency', headers: ['Currency', 'Currency Code'] },
  ],
};

/**
 * QuickBooks Online exports no payment-to-invoice links in its reports, so Ledgerlift reads the
 * payment import layout third-party import tools use: one row per invoice (or bill) paid, rows of a
 * payment sharing its reference number. The payment amount is "Total Amount" when present, else the
 * sum of its rows.
 */
function paymentTable<E extends 'customer-payment' | 'vendor-payment'>(
  entity: E,
  layout: Layout,
): TableSpec<E> {
  return {
    id: layout.id,
    entity,
    fileNames: layout.fileNames,
    columns: layout.columns,
    dateColumns: [layout.date],
    amountColumns: ['Amount', 'Total Amount'],
    groupBy: byColumn(layout.ref),
    map(rows, context) {
      const [first] = rows;
      if (!first) return [];
      const key = first.required(layout.ref);
      const party = first.required(layout.party);
      const date = first.date(layout.date, { required: true });
      const bank = first.required(layout.bank);
      const total = first.money('Total Amount');
      const currency = currencyOrFail(first, 'Currency', context, {
        subject: `payment ${key ?? ''}`,
      });
      checkRepeatedValues(rows, [layout.party, layout.date, layout.bank]);
      const allocations = rows.map((row) => ({
        // A bill without a number is paid by a row without one: its supplier and amount find it.
        documentKey:
          (entity === 'vendor-payment'
            ? row.text(layout.document)
            : row.required(layout.document)) ?? NO_NUMBER,
        amount: row.money('Amount', { required: true }) ?? '0.00',
        source: row.location(),
      }));
      const mapped: Mapped<E> = { entity, key, location: first.location(), problems: [] };
      if (rows.some((row) => row.failed) || !key || !party || !date || !bank || !currency)
        return [mapped];
      const value: Payment = compact({
        key,
        date,
        bankAccountKey: context.index.accountKey(bank) ?? bank,
        amount:
          total ??
          formatCents(
            allocations.reduce((sum, allocation) => sum + centsOf(allocation.amount), 0n),
          ),
        currency,
        partyKey:
          context.index.partyKey(entity === 'customer-payment' ? 'customer' : 'vendor', party) ??
          party,
        reference: first.text('Memo'),
        allocations,
        source: first.location(),
      });
      return [{ ...mapped, value: value as Mapped<E>['value'] }];
    },
  };
}

export const quickBooksOnlineCustomerPayments = paymentTable('customer-payment', customer);
export const quickBooksOnlineVendorPayments = paymentTable('vendor-payment', vendor);
