import type { PurchaseDocument, SalesDocument } from '../../src/ledger/index.js';
import {
  absCents,
  centsOf,
  divideByRate,
  formatCents,
  normalizeDecimal,
  parseDecimal,
} from '../../src/money/index.js';
import { cellText } from '../../src/sources/cell.js';
import type { TableRow } from '../../src/sources/table/table-row.js';
import { vocabulary, type RowFields } from '../../src/sources/table-mapping/row-fields.js';
import type { MappingContext } from '../../src/sources/table-mapping/mapping-context.js';
import type { Mapped, TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import { KeyIndex } from '../../src/validation/key-index.js';
import {
  checkRepeatedValues,
  unitPriceOf,
  compact,
  currencyOrFail,
  documentHead,
  type LineDraft,
  lineAccountKey,
  exchangeRateOf,
} from '../shared/document-parts.js';
import {
  accountTransactionsOf,
  documentRegisterOf,
  noteDocumentsExported,
} from './account-transactions.js';
import { agedBaseDueOf } from './aged-detail.js';
import { documentAmountColumns, salesInvoices, trackingColumns } from './export-layouts.js';
import { notePaidDocument } from './export-checklist.js';

/** The columns that tell one Xero document's rows from the next: Xero repeats them on every line. */
const identityColumns = ['InvoiceNumber', 'ContactName', 'InvoiceDate', 'Total'] as const;

/**
 * Consecutive rows with the same number, contact, date and total are one document. The number
 * alone is not enough: Xero allows bills without one and the same one ("RENT") on many bills.
 */
function documentRows(row: TableRow): string | undefined {
  const texts = identityColumns.map((column) => cellText(row.cell(column)));
  return texts.some(Boolean) ? texts.join('\u0000') : undefined;
}

const SHARED_NUMBERS = 'xero.sharedDocumentNumbers';

/** Per table ("invoices", "bills"): the numbers that more than one document carries. */
type SharedNumbers = Record<string, ReadonlySet<string>>;

/**
 * Finds, ahead of mapping, the document numbers that do not identify one document, so that only
 * those documents (and the ones without a number) are keyed by contact, number, date and total,
 * and every other document keeps its number as its key (the key earlier runs recorded it under).
 */
export function documentNumberCounter(): {
  visit(table: 'invoices' | 'bills'): (fields: RowFields) => void;
  finish(context: MappingContext): void;
} {
  // Every number is remembered as a 64-bit hash, not as a string: memory stays small for large books.
  const seen = { invoices: new KeyIndex(), bills: new KeyIndex() };
  const shared = { invoices: new Set<string>(), bills: new Set<string>() };
  return {
    visit(table) {
      let previous: string | undefined;
      return (fields) => {
        const group = documentRows(fields.row);
        const number = fields.text('InvoiceNumber');
        const starts = group === undefined || group !== previous;
        previous = group;
        if (!starts || !number) return;
        if (seen[table].add(number, 0) !== undefined) shared[table].add(number);
      };
    },
    finish(context) {
      const result: SharedNumbers = shared;
      context.facts.set(SHARED_NUMBERS, result);
    },
  };
}

/**
 * Whether a document number names one document of its table, so that it is the document's key.
 * Payments and credits naming any other number are matched in validation by contact, number and
 * open amount (src/validation/resolve-document.ts).
 */
export function identifiesDocument(
  context: MappingContext,
  table: 'invoices' | 'bills',
  number: string | undefined,
): number is string {
  const shared = context.facts.get(SHARED_NUMBERS) as SharedNumbers | undefined;
  return number !== undefined && !shared?.[table]?.has(number);
}

const statuses = vocabulary({
  draft: 'draft',
  submitted: 'draft',
  'awaiting approval': 'draft',
  authorised: 'open',
  authorized: 'open',
  'awaiting payment': 'open',
  paid: 'paid',
  voided: 'void',
  void: 'void',
  deleted: 'void',
} as const);

const salesTypes = vocabulary<SalesDocument['type']>({
  'sales invoice': 'invoice',
  invoice: 'invoice',
  'tax invoice': 'invoice',
  accrec: 'invoice',
  'sales credit note': 'credit-note',
  'credit note': 'credit-note',
  accreccredit: 'credit-note',
});

const purchaseTypes = vocabulary<PurchaseDocument['type']>({
  bill: 'bill',
  'purchase bill': 'bill',
  'purchase invoice': 'bill',
  accpay: 'bill',
  'bill credit note': 'vendor-credit',
  'purchase credit note': 'vendor-credit',
  'supplier credit note': 'vendor-credit',
  'credit note': 'vendor-credit',
  accpaycredit: 'vendor-credit',
});

/** The tracking options the rows carry, as "Name: Option", each once. */
function trackingOf(rows: readonly RowFields[]): string[] {
  const found = new Set<string>();
  for (const row of rows) {
    for (const [name, option] of trackingColumns) {
      const chosen = row.text(option);
      if (chosen) found.add(`${row.text(name) ?? 'Tracking'}: ${chosen}`);
    }
  }
  return [...found];
}

const documentColumns = [
  'ContactName',
  'InvoiceNumber',
  'Reference',
  'InvoiceDate',
  'DueDate',
  ...documentAmountColumns,
  'Currency',
  'CurrencyRate',
  'Type',
  'Status',
  ...trackingColumns.flat(),
].map((id) => ({
  id,
  headers: [id],
  required: ['ContactName', 'InvoiceNumber', 'InvoiceDate', 'Quantity', 'UnitAmount'].includes(id),
}));

/** Unit price after a percentage discount, exactly: price × (100 − discount) / 100. */
function discountedPrice(unitPrice: string, discountPercent: string): string {
  const price = parseDecimal(unitPrice);
  const discount = parseDecimal(discountPercent);
  const keep = 100n * 10n ** BigInt(discount.scale) - discount.units;
  const units = price.units * keep;
  const scale = price.scale + discount.scale + 2;
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  return normalizeDecimal(
    `${negative ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`,
  );
}

/**
 * Xero writes LineAmount net of tax for tax-exclusive documents and gross for tax-inclusive ones; the
 * canonical line amount is always net. A document is inclusive when its lines alone add up to the
 * total although it carries tax.
 */
function isTaxInclusive(
  lines: readonly { lineAmount?: string | undefined; taxAmount: string }[],
  total: string | undefined,
): boolean {
  if (total === undefined || lines.some((line) => line.lineAmount === undefined)) return false;
  const sum = lines.reduce((acc, line) => acc + centsOf(line.lineAmount ?? '0.00'), 0n);
  const tax = lines.reduce((acc, line) => acc + centsOf(line.taxAmount), 0n);
  return tax !== 0n && sum === centsOf(total);
}

function xeroDocuments<E extends 'invoice' | 'bill'>(entity: E): TableSpec<E> {
  const sales = entity === 'invoice';
  return {
    id: sales ? 'invoices' : 'bills',
    entity,
    fileNames: sales
      ? ['sales invoices', 'invoices', 'invoice export']
      : ['bills', 'purchase invoices', 'bill export'],
    columns: documentColumns,
    // Invoices and bills share one layout.
    ignoredColumns: salesInvoices.headers,
    dateColumns: ['InvoiceDate', 'DueDate'],
    amountColumns: [
      'Total',
      'TaxTotal',
      'InvoiceAmountDue',
      'CurrencyRate',
      'Quantity',
      'UnitAmount',
      'Discount',
      'LineAmount',
      'TaxAmount',
    ],
    groupBy: documentRows,
    map(rows, context) {
      const [first] = rows;
      if (!first) return [];
      noteDocumentsExported(context, entity);
      const number = first.text('InvoiceNumber');
      const contact = first.required('ContactName');
      const date = first.date('InvoiceDate', { required: true });
      const dueDate = first.date('DueDate');
      const type =
        first.oneOf('Type', sales ? salesTypes : purchaseTypes, {
          what: sales ? 'a sales invoice or credit note' : 'a bill or bill credit note',
        }) ?? (sales ? 'invoice' : 'bill');
      const currency = currencyOrFail(first, 'Currency', context, {
        subject: `document ${number ?? ''}`,
        nameColumn: true,
      });
      const status =
        first.oneOf('Status', statuses, {
          what: 'a Xero status (Draft, Authorised, Paid, Voided)',
        }) ?? 'open';
      const stated = { total: first.money('Total'), taxTotal: first.money('TaxTotal') };
      const amountDue = first.money('InvoiceAmountDue');
      // Xero quotes CurrencyRate as document-currency units per one base unit.
      const rate = exchangeRateOf(first, 'CurrencyRate');
      checkRepeatedValues(rows, ['Currency', 'CurrencyRate', 'Type']);
      const read: (Omit<LineDraft, 'amount'> & { lineAmount?: string | undefined })[] = [];
      for (const row of rows) {
        const quantity = row.decimal('Quantity', { required: true });
        const unitAmount = row.decimal('UnitAmount', { required: true });
        const discount = row.decimal('Discount');
        const lineAmount = row.money('LineAmount');
        const taxAmount = row.moneyOrZero('TaxAmount');
        const item = row.text('InventoryItemCode');
        const itemKey = item && (context.index.productKey(item) ?? item);
        const code = row.text('AccountCode');
        const accountKey = lineAccountKey(context, code, itemKey, sales);
        if (!accountKey) {
          row.fail(
            'line.missing-account',
            `Row ${row.row.row}: the line has no AccountCode${item ? ` and item "${item}" has no default account` : ''}; fill in the account.`,
            'AccountCode',
          );
        }
        if (
          quantity === undefined ||
          unitAmount === undefined ||
          taxAmount === undefined ||
          !accountKey
        )
          continue;
        const unitPrice =
          discount && discount !== '0' ? discountedPrice(unitAmount, discount) : unitAmount;
        read.push({
          description: row.text('Description') ?? '',
          itemKey,
          quantity,
          unitPrice,
          lineAmount,
          accountKey,
          taxAmount,
          taxCode: row.text('TaxType'),
          source: row.location(),
        });
      }
      const inclusive = isTaxInclusive(read, stated.total);
      const drafts: LineDraft[] = read.map(({ lineAmount, ...line }) => {
        if (!inclusive || lineAmount === undefined) return { ...line, amount: lineAmount };
        const amount = formatCents(centsOf(lineAmount) - centsOf(line.taxAmount));
        return { ...line, amount, unitPrice: unitPriceOf(amount, line.quantity) ?? line.unitPrice };
      });
      const tracking = trackingOf(rows);
      const tracked = rows.find((row) => trackingColumns.some(([, option]) => row.text(option)));
      if (tracked && tracking.length > 0) {
        // Workspace document lines have no tracking dimension: say what is left behind.
        tracked.note(
          'document.tracking-dropped',
          `Row ${tracked.row.row}: ${sales ? 'invoice' : 'bill'} ${number ?? ''} is tracked as ${tracking.map((text) => `"${text}"`).join(', ')}; the workspace's document lines have no tracking categories, so these are not migrated. Keep the Xero report by tracking category if you need it.`,
          trackingColumns.find(([, option]) => tracked.text(option))?.[1],
        );
      }
      const mapped: Mapped<E> = { entity, key: number, location: first.location(), problems: [] };
      if (rows.some((row) => row.failed) || !contact || !date || !currency) return [mapped];
      // A foreign document's base value, where the aged report as at the cutover gives one.
      const foreign = context.defaultCurrency !== undefined && currency !== context.defaultCurrency;
      const partyKey = context.index.partyKey(sales ? 'customer' : 'vendor', contact) ?? contact;
      const ownNumber = identifiesDocument(context, sales ? 'invoices' : 'bills', number)
        ? number
        : undefined;
      const head = documentHead(ownNumber, stated, {
        number,
        contact,
        date,
        dueDate,
        currency,
        reference: first.text('Reference'),
        drafts,
      });
      // The aged report names a document by number alone, so only a number no other document
      // shares can be matched to its row.
      const agedDue =
        ownNumber === undefined ? undefined : agedBaseDueOf(context, entity)?.due.get(ownNumber);
      // In the base currency it is what was due at the cutover: Xero posts no journal when a credit
      // note is allocated, so the export's amount due plus the report's payments would miss it.
      const dueAtCutover =
        !foreign && agedDue !== undefined && context.cutoverDate && date < context.cutoverDate
          ? formatCents(absCents(centsOf(agedDue)))
          : undefined;
      const value = compact(head, {
        amountDue,
        dueAtCutover,
        status,
        baseTotal: rate && formatCents(divideByRate(centsOf(head.total), rate)),
        baseAmountDue: foreign ? agedDue : undefined,
        source: first.location(),
        type,
        customerKey: sales ? partyKey : undefined,
        vendorKey: sales ? undefined : partyKey,
      });
      const paid =
        first.money('InvoiceAmountPaid') ??
        (stated.total !== undefined && amountDue !== undefined
          ? formatCents(centsOf(stated.total) - centsOf(amountDue))
          : undefined);
      if (paid !== undefined && centsOf(paid) > 0n && status !== 'draft' && status !== 'void')
        notePaidDocument(context, entity, { number: ownNumber, date, location: first.location() });
      const result = { ...mapped, key: head.key, value: value as unknown as Mapped<E>['value'] };
      // With an Account Transactions report, what was settled after the cutover is known only once
      // it is read: the document waits in its register (account-transactions.ts).
      if (accountTransactionsOf(context)) {
        documentRegisterOf(context).add(result as Mapped<'invoice'> | Mapped<'bill'>);
        return [];
      }
      return [result];
    },
  };
}

export const xeroInvoices = xeroDocuments('invoice');
export const xeroBills = xeroDocuments('bill');
