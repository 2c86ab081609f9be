import type { BankTransaction } from '../../src/ledger/index.js';
import { vocabulary } from '../../src/sources/table-mapping/row-fields.js';
import { byColumn } from '../../src/sources/table-mapping/group-rows.js';
import type { Mapped, TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import {
  checkRepeatedValues,
  compact,
  currencyOrFail,
  paymentValue,
} from '../shared/document-parts.js';
import { mappedCreditApplication } from '../shared/credit-application.js';
import { genericColumns, genericFileNames } from './columns.js';

export const genericBankTransactions: TableSpec<'bank-transaction'> = {
  id: 'bank_transactions',
  entity: 'bank-transaction',
  fileNames: genericFileNames('bank_transactions'),
  columns: genericColumns('bank_transactions'),
  dateColumns: ['Date'],
  amountColumns: ['Amount'],
  map([row], context) {
    if (!row) return [];
    const key = row.required('Key');
    const bank = row.required('BankAccount');
    const date = row.date('Date', { required: true });
    const amount = row.money('Amount', { required: true });
    const mapped: Mapped<'bank-transaction'> = {
      entity: 'bank-transaction',
      key,
      location: row.location(),
      problems: [],
    };
    if (row.failed || !key || !bank || !date || !amount) return [mapped];
    const category = row.text('Account');
    const customer = row.text('Customer');
    const vendor = row.text('Vendor');
    const value: BankTransaction = compact({
      key,
      bankAccountKey: context.index.accountKey(bank) ?? bank,
      date,
      amount,
      description: row.text('Description') ?? '',
      payee: row.text('Payee'),
      reference: row.text('Reference'),
      categoryAccountKey: category && (context.index.accountKey(category) ?? category),
      customerKey: customer && (context.index.partyKey('customer', customer) ?? customer),
      vendorKey: vendor && (context.index.partyKey('vendor', vendor) ?? vendor),
      source: row.location(),
    });
    return [{ ...mapped, value }];
  },
};

function paymentTable<E extends 'customer-payment' | 'vendor-payment'>(
  entity: E,
  id: string,
  partyColumn: 'Customer' | 'Vendor',
): TableSpec<E> {
  return {
    id,
    entity,
    fileNames: genericFileNames(id),
    columns: genericColumns(id),
    dateColumns: ['Date'],
    amountColumns: ['Amount', 'AllocatedAmount'],
    groupBy: byColumn('Key'),
    map(rows, context) {
      const [first] = rows;
      if (!first) return [];
      const key = first.required('Key');
      const date = first.date('Date', { required: true });
      const party = first.required(partyColumn);
      const bank = first.required('BankAccount');
      const amount = first.money('Amount', { required: true });
      const currency = currencyOrFail(first, 'Currency', context, {
        subject: `payment ${key ?? ''}`,
        fillColumn: true,
      });
      checkRepeatedValues(rows, [partyColumn, 'Date', 'Amount', 'BankAccount']);
      const allocations = rows.map((row) => ({
        document: row.required('Document'),
        amount: row.money('AllocatedAmount', { required: true }),
        source: row.location(),
      }));
      const mapped: Mapped<E> = { entity, key, location: first.location(), problems: [] };
      if (
        rows.some((row) => row.failed) ||
        !key ||
        !date ||
        !party ||
        !bank ||
        !amount ||
        !currency
      )
        return [mapped];
      const partyEntity = entity === 'customer-payment' ? 'customer' : 'vendor';
      const value = paymentValue(
        first,
        context,
        { key, date, bank, amount, currency, partyEntity, party },
        allocations.map((allocation) => ({
          documentKey: allocation.document ?? '',
          amount: allocation.amount ?? '0.00',
          source: allocation.source,
        })),
      );
      return [{ ...mapped, value: value as Mapped<E>['value'] }];
    },
  };
}

export const genericCustomerPayments = paymentTable(
  'customer-payment',
  'customer_payments',
  'Customer',
);
export const genericVendorPayments = paymentTable('vendor-payment', 'vendor_payments', 'Vendor');

const creditKinds = vocabulary({
  'customer-credit': 'customer-credit',
  'vendor-credit': 'vendor-credit',
} as const);

export const genericCreditApplications: TableSpec<'credit-application'> = {
  id: 'credit_applications',
  entity: 'credit-application',
  fileNames: genericFileNames('credit_applications'),
  columns: genericColumns('credit_applications'),
  dateColumns: ['Date'],
  amountColumns: ['Amount'],
  map([row]) {
    if (!row) return [];
    const kind = row.oneOf('Kind', creditKinds, {
      required: true,
      what: 'customer-credit or vendor-credit',
    });
    const date = row.date('Date', { required: true });
    return mappedCreditApplication(row, {
      key: row.text('Key'),
      kind,
      date,
      creditKey: row.required('Credit'),
      documentKey: row.required('Document'),
      amount: row.money('Amount', { required: true }),
    });
  },
};
