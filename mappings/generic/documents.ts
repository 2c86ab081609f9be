import type { PurchaseDocument, SalesDocument } from '../../src/ledger/index.js';
import type { MappingContext } from '../../src/sources/table-mapping/mapping-context.js';
import { type RowFields, vocabulary } from '../../src/sources/table-mapping/row-fields.js';
import { byColumn } from '../../src/sources/table-mapping/group-rows.js';
import type { Mapped, TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import {
  checkRepeatedValues,
  exchangeRateOf,
  compact,
  currencyOrFail,
  documentHead,
  lineDraftOf,
  type LineDraft,
} from '../shared/document-parts.js';
import { genericColumns, genericFileNames } from './columns.js';

const statuses = vocabulary({ draft: 'draft', open: 'open', paid: 'paid', void: 'void' } as const);

interface DocumentKind<E extends 'invoice' | 'bill'> {
  entity: E;
  id: string;
  partyColumn: 'Customer' | 'Vendor';
  types: ReadonlyMap<
    string,
    E extends 'invoice' ? SalesDocument['type'] : PurchaseDocument['type']
  >;
  typeWords: string;
  itemAccount: 'incomeAccountKey' | 'expenseAccountKey';
}

/** Reads the lines of a document, one row each, resolving items and their default accounts. */
function linesOf(
  rows: readonly RowFields[],
  context: MappingContext,
  itemAccount: 'incomeAccountKey' | 'expenseAccountKey',
): LineDraft[] {
  const drafts: LineDraft[] = [];
  for (const row of rows) {
    const quantity = row.decimal('Quantity', { required: true });
    const unitPrice = row.decimal('UnitPrice', { required: true });
    const item = row.text('Item');
    const itemKey = item === undefined ? undefined : (context.index.productKey(item) ?? item);
    const accountText = row.text('Account');
    const accountKey =
      accountText === undefined
        ? itemKey && context.index.productAccounts(itemKey)[itemAccount]
        : (context.index.accountKey(accountText) ?? accountText);
    if (!accountKey) {
      row.fail(
        'line.missing-account',
        `Row ${row.row.row}: the line has no "${row.row.columnName('Account')}"${item ? ` and the item "${item}" names no account` : ''}; fill in the account.`,
        'Account',
      );
    }
    const taxAmount = row.moneyOrZero('TaxAmount');
    const amount = row.money('LineAmount');
    if (quantity === undefined || unitPrice === undefined || !accountKey || taxAmount === undefined)
      continue;
    drafts.push(
      lineDraftOf(
        row,
        { description: 'Description', taxCode: 'TaxCode' },
        { itemKey, quantity, unitPrice, amount, accountKey, taxAmount },
      ),
    );
  }
  return drafts;
}

function documentTable<E extends 'invoice' | 'bill'>(kind: DocumentKind<E>): TableSpec<E> {
  return {
    id: kind.id,
    entity: kind.entity,
    fileNames: genericFileNames(kind.id),
    columns: genericColumns(kind.id),
    dateColumns: ['Date', 'DueDate'],
    amountColumns: [
      'Quantity',
      'UnitPrice',
      'LineAmount',
      'TaxAmount',
      'Subtotal',
      'TaxTotal',
      'Total',
      'AmountDue',
      'BaseTotal',
      'ExchangeRate',
    ],
    groupBy: byColumn('Number'),
    map(rows, context) {
      const [first] = rows;
      if (!first) return [];
      const number = first.required('Number');
      const type =
        first.oneOf('Type', kind.types, { what: kind.typeWords }) ?? [...kind.types.values()][0];
      const partyText = first.required(kind.partyColumn);
      const date = first.date('Date', { required: true });
      const dueDate = first.date('DueDate');
      const currency = currencyOrFail(first, 'Currency', context, {
        subject: `document ${number ?? ''}`,
        fillColumn: true,
      });
      const status =
        first.oneOf('Status', statuses, { what: 'draft, open, paid or void' }) ?? 'open';
      const stated = {
        subtotal: first.money('Subtotal'),
        taxTotal: first.money('TaxTotal'),
        total: first.money('Total'),
      };
      const amountDue = first.money('AmountDue');
      const exchangeRate = exchangeRateOf(first, 'ExchangeRate');
      const baseTotal = first.money('BaseTotal');
      checkRepeatedValues(rows, [
        kind.partyColumn,
        'Date',
        'Currency',
        'ExchangeRate',
        'BaseTotal',
        'Type',
      ]);
      const drafts = linesOf(rows, context, kind.itemAccount);
      const failed = rows.some((row) => row.failed);
      const mapped: Mapped<E> = {
        entity: kind.entity,
        key: number,
        location: first.location(),
        problems: [],
      };
      if (failed || !number || !partyText || !date || !currency || !type) return [mapped];
      const partyEntity = kind.entity === 'invoice' ? 'customer' : 'vendor';
      const partyKey = context.index.partyKey(partyEntity, partyText) ?? partyText;
      const head = documentHead(number, stated, {
        number,
        contact: partyText,
        date,
        dueDate,
        currency,
        reference: first.text('Reference'),
        drafts,
      });
      const sales = kind.entity === 'invoice';
      const document = compact(head, {
        amountDue,
        status,
        exchangeRate,
        baseTotal,
        source: first.location(),
        type,
        customerKey: sales ? partyKey : undefined,
        vendorKey: sales ? undefined : partyKey,
      });
      return [{ ...mapped, value: document as unknown as Mapped<E>['value'] }];
    },
  };
}

export const genericInvoices = documentTable({
  entity: 'invoice',
  id: 'invoices',
  partyColumn: 'Customer',
  types: vocabulary({
    invoice: 'invoice',
    'credit-note': 'credit-note',
    'credit memo': 'credit-note',
  } as const),
  typeWords: 'invoice or credit-note',
  itemAccount: 'incomeAccountKey',
});

export const genericBills = documentTable({
  entity: 'bill',
  id: 'bills',
  partyColumn: 'Vendor',
  types: vocabulary({
    bill: 'bill',
    'vendor-credit': 'vendor-credit',
    'bill credit': 'vendor-credit',
  } as const),
  typeWords: 'bill or vendor-credit',
  itemAccount: 'expenseAccountKey',
});
