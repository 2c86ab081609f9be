import { centsOf, formatCents } from '../../src/money/index.js';
import { vocabulary } from '../../src/sources/table-mapping/row-fields.js';
import { byColumn } from '../../src/sources/table-mapping/group-rows.js';
import type { Mapped, TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import { checkRepeatedValues, currencyOrFail, paymentValue } from '../shared/document-parts.js';
import { NO_NUMBER } from '../shared/keys.js';
import { mappedCreditApplication } from '../shared/credit-application.js';
import { identifiesDocument } from './documents.js';
import { sharedFileTable } from './export-layouts.js';

const paymentTypes = vocabulary({
  accrecpayment: 'customer-payment',
  'receive payment': 'customer-payment',
  'customer payment': 'customer-payment',
  'sales payment': 'customer-payment',
  accpaypayment: 'vendor-payment',
  'bill payment': 'vendor-payment',
  'supplier payment': 'vendor-payment',
  'purchase payment': 'vendor-payment',
} as const);

const paymentColumns = [
  { id: 'PaymentID', headers: ['PaymentID', 'Payment ID', 'BatchPaymentID'] },
  { id: 'Date', headers: ['Date', 'PaymentDate'], required: true },
  { id: 'PaymentType', headers: ['PaymentType', 'Type'], required: true },
  { id: 'ContactName', headers: ['ContactName', 'Contact'], required: true },
  // A bill without a number is paid by a row without one: the payment's contact and amount find it.
  { id: 'InvoiceNumber', headers: ['InvoiceNumber', 'Invoice Number'] },
  { id: 'Amount', headers: ['Amount'], required: true },
  { id: 'Currency', headers: ['Currency', 'CurrencyCode'] },
  {
    id: 'BankAccountCode',
    headers: ['BankAccountCode', 'Bank Account', 'AccountCode'],
    required: true,
  },
  { id: 'Reference', headers: ['Reference'] },
];

/**
 * Xero has no payments CSV of its own; Ledgerlift reads this documented layout, one row per payment
 * applied to one invoice or bill (as Xero's Payments API returns them). Rows sharing a PaymentID
 * (a batch payment) form one payment; without a PaymentID each row is a payment keyed by invoice,
 * date and amount. The same file holds customer and supplier payments, told apart by PaymentType.
 */
function paymentTable<E extends 'customer-payment' | 'vendor-payment'>(entity: E): TableSpec<E> {
  return {
    ...sharedFileTable(
      entity,
      entity === 'customer-payment' ? 'customer_payments' : 'vendor_payments',
      'payments',
    ),
    columns: paymentColumns,
    dateColumns: ['Date'],
    amountColumns: ['Amount'],
    groupBy: byColumn('PaymentID'),
    map(rows, context) {
      const [first] = rows;
      if (!first) return [];
      const type = first.oneOf('PaymentType', paymentTypes, {
        required: true,
        what: 'ACCRECPAYMENT or ACCPAYPAYMENT',
      });
      if (type !== undefined && type !== entity) return [];
      const date = first.date('Date', { required: true });
      const contact = first.required('ContactName');
      const bank = first.required('BankAccountCode');
      const currency = currencyOrFail(first, 'Currency', context, {
        subject: 'the payment',
        nameColumn: true,
      });
      checkRepeatedValues(rows, ['Date', 'ContactName', 'BankAccountCode', 'Currency']);
      const allocations = rows.map((row) => ({
        documentKey: row.text('InvoiceNumber') ?? NO_NUMBER,
        amount: row.money('Amount', { required: true }) ?? '0.00',
        source: row.location(),
      }));
      const amount = formatCents(
        allocations.reduce((sum, allocation) => sum + centsOf(allocation.amount), 0n),
      );
      const number = first.text('InvoiceNumber');
      const table = entity === 'customer-payment' ? 'invoices' : 'bills';
      // A number several documents share (or none) names no one payment: the contact joins it.
      const named = identifiesDocument(context, table, number)
        ? number
        : `${number ?? NO_NUMBER} ${contact ?? ''}`;
      const key = first.text('PaymentID') ?? `${named} ${date ?? ''} ${amount}`;
      const mapped: Mapped<E> = { entity, key, location: first.location(), problems: [] };
      if (rows.some((row) => row.failed) || !type || !date || !contact || !bank || !currency)
        return [mapped];
      const partyEntity = entity === 'customer-payment' ? 'customer' : 'vendor';
      const value = paymentValue(
        first,
        context,
        { key, date, bank, amount, currency, partyEntity, party: contact },
        allocations,
      );
      return [{ ...mapped, value: value as Mapped<E>['value'] }];
    },
  };
}

export const xeroCustomerPayments = paymentTable('customer-payment');
export const xeroVendorPayments = paymentTable('vendor-payment');

const creditTypes = vocabulary({
  accreccredit: 'customer-credit',
  'sales credit note': 'customer-credit',
  accpaycredit: 'vendor-credit',
  'bill credit note': 'vendor-credit',
  'purchase credit note': 'vendor-credit',
} as const);

const partyOf = { 'customer-credit': 'customer', 'vendor-credit': 'vendor' } as const;

/**
 * Credit note allocations, one row per credit note applied to an invoice or bill (Xero's
 * CreditNote.Allocations flattened): Date, CreditNoteNumber, InvoiceNumber, Amount, Type, and
 * optionally ContactName (which tells credit notes that share a number apart).
 */
export const xeroCreditAllocations: TableSpec<'credit-application'> = {
  id: 'credit_applications',
  entity: 'credit-application',
  fileNames: ['credit note allocations', 'credit allocations', 'allocations'],
  columns: [
    { id: 'Date', headers: ['Date'], required: true },
    { id: 'CreditNoteNumber', headers: ['CreditNoteNumber', 'Credit Note Number'], required: true },
    { id: 'InvoiceNumber', headers: ['InvoiceNumber', 'Invoice Number'] },
    { id: 'Amount', headers: ['Amount'], required: true },
    { id: 'Type', headers: ['Type', 'CreditNoteType'], required: true },
    { id: 'ContactName', headers: ['ContactName', 'Contact'] },
  ],
  dateColumns: ['Date'],
  amountColumns: ['Amount'],
  map([row], context) {
    if (!row) return [];
    const kind = row.oneOf('Type', creditTypes, {
      required: true,
      what: 'ACCRECCREDIT or ACCPAYCREDIT',
    });
    const date = row.date('Date', { required: true });
    const contact = row.text('ContactName');
    return mappedCreditApplication(
      row,
      {
        kind,
        date,
        creditKey: row.required('CreditNoteNumber'),
        documentKey: row.text('InvoiceNumber') ?? NO_NUMBER,
        amount: row.money('Amount', { required: true }),
      },
      (known) => contact && (context.index.partyKey(partyOf[known], contact) ?? contact),
    );
  },
};
