import type { Money } from '../../src/ledger/index.js';
import { centsOf } from '../../src/money/index.js';
import { cellText, isBlankCell } from '../../src/sources/cell.js';
import type { OpenItem } from '../shared/activity/open-items.js';
import { addDays } from '../../src/ledger/iso-dates.js';
import { problemOf } from '../../src/ledger/problem-catalog.js';
import type { MappingContext } from '../../src/sources/table-mapping/mapping-context.js';
import type { TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import type { ColumnSpec } from '../../src/sources/table/column-spec.js';
import { reportDate, spokenDate } from '../../src/sources/table/report-date.js';

/**
 * Xero's Aged Receivables Detail and Aged Payables Detail reports, exported as at the day before the
 * cutover: each open document on its own row under its contact's heading, its amount due in the
 * organisation's base currency (the ageing columns, then Total). They give each foreign document the
 * base value Xero's invoice and bill exports do not carry (docs/mappings.md, "Aged Receivables
 * Detail"). Recognised by the title "Aged Receivables Detail" / "Aged Payables Detail", whatever the
 * file is called; matched to the documents by number.
 */
function agedColumns(sales: boolean): ColumnSpec[] {
  return [
    {
      id: 'Number',
      // The payables report heads a bill's number as the receivables report does.
      headers: sales ? ['Invoice Number', 'Number'] : ['Invoice Number', 'Bill Number', 'Number'],
      required: true,
    },
    { id: 'Date', headers: ['Invoice Date', 'Bill Date', 'Date'] },
    { id: 'Due Date', headers: ['Due Date'] },
    { id: 'Reference', headers: ['Invoice Reference', 'Reference', 'Bill Reference'] },
    { id: 'Due', headers: ['Due', 'Amount Due', 'Balance Due'] },
    { id: 'Total', headers: ['Total'], required: true },
  ];
}

/** What an aged report says is due on each document, by number, base currency. */
export interface AgedBaseDue {
  /** The report's "As at" date. */
  asOf: string | undefined;
  due: Map<string, Money>;
  /** Every open item, numbered or not: the documents, when the folder holds no document export. */
  items: OpenItem[];
  /** The contact whose heading the rows are under. */
  contact: string | undefined;
  /** True past the grand total: the trailer rows after it are no documents. */
  ended: boolean;
}

/** The facts key under which the report's amounts wait for the documents (read after it). */
function agedFactsKey(entity: 'invoice' | 'bill'): string {
  return `aged-base-due:${entity}`;
}

/** The amounts due the aged report gave for this kind of document, if one was read. */
export function agedBaseDueOf(
  context: MappingContext,
  entity: 'invoice' | 'bill',
): AgedBaseDue | undefined {
  return context.facts.get(agedFactsKey(entity)) as AgedBaseDue | undefined;
}

function agedDetail<E extends 'invoice' | 'bill'>(entity: E): TableSpec<E> {
  const sales = entity === 'invoice';
  const title = sales ? 'Aged Receivables Detail' : 'Aged Payables Detail';
  const pattern = sales ? /\baged\s+receivables?\s+detail\b/i : /\baged\s+payables?\s+detail\b/i;
  return {
    id: sales ? 'aged_receivables' : 'aged_payables',
    entity,
    fileNames: [title.toLowerCase()],
    titled: (lines) => lines.some((line) => pattern.test(line)),
    // Without it, foreign documents are valued from the trial balance (currency.base-value-estimated).
    reportMissing: false,
    columns: agedColumns(sales),
    // The contact's heading stands in the first column (read by position); the ageing buckets
    // and the contact's details say nothing the documents' numbers and totals do not.
    ignoredColumns: [
      'Contact Account Number',
      'Primary Person',
      'Phone',
      'Email',
      'Mobile',
      'Contact Group',
      'Expected Date',
      '< 1 Month',
      '1 Month',
      '2 Months',
      '3 Months',
      'Older',
      'Current',
      'Outstanding Tax',
      'Invoice Seen',
      'Invoice Sent',
      '',
    ],
    amountColumns: ['Due', 'Total'],
    map([row], context) {
      if (!row) return [];
      const report = reportOf(context, entity, title);
      const number = row.text('Number');
      const first = cellText(row.row.cells[0]);
      if (report.ended) return [];
      if (/^total$/i.test(first)) {
        report.ended = true;
        return [];
      }
      // "Total <contact>" closes a contact's rows.
      if (/^total\b/i.test(first)) return [];
      const blank = (column: string) => !row.has(column) || isBlankCell(row.row.cell(column));
      if (number === undefined && blank('Total')) {
        // A contact's heading: its name in the first cell, nothing else.
        if (first !== '') report.contact = first;
        return [];
      }
      const due = row.has('Due') ? row.money('Due') : row.money('Total');
      const date = row.date('Date', { required: number === undefined });
      if (row.failed || due === undefined)
        return [{ entity, key: number, location: row.location(), problems: [] }];
      if (report.asOf !== undefined && date !== undefined && report.contact !== undefined) {
        const cents = centsOf(due);
        report.items.push({
          entity,
          // A credit note or a supplier credit is negative on the report.
          credit: cents < 0n,
          number,
          partyKey:
            context.index.partyKey(sales ? 'customer' : 'vendor', report.contact) ?? report.contact,
          date,
          dueDate: row.date('Due Date'),
          reference: row.text('Reference'),
          open: cents < 0n ? -cents : cents,
          report: title,
          location: row.location(),
        });
      }
      // Matched to the documents by number: an item without one values no document.
      if (number === undefined) return [];
      if (report.due.has(number)) {
        row.note(
          'aged.duplicate-document',
          `${row.where('Number')}: ${title} lists document ${number} twice; the first row's amount is used.`,
          'Number',
        );
        return [{ entity, key: number, location: row.location(), problems: [] }];
      }
      if (report.asOf !== undefined) report.due.set(number, due);
      return [];
    },
  };
}

/**
 * The report's amounts, created at its first row: its "As at" date must be the day before the
 * cutover (the date the conversion documents are valued at), else it is reported and not used.
 */
function reportOf(context: MappingContext, entity: 'invoice' | 'bill', title: string): AgedBaseDue {
  const existing = agedBaseDueOf(context, entity);
  if (existing) return existing;
  const asOf = reportDate(context.table.titleLines);
  const wanted = context.cutoverDate && addDays(context.cutoverDate, -1);
  const usable = asOf !== undefined && (wanted === undefined || asOf === wanted);
  const created: AgedBaseDue = {
    asOf: usable ? asOf : undefined,
    due: new Map(),
    items: [],
    contact: undefined,
    ended: false,
  };
  context.facts.set(agedFactsKey(entity), created);
  if (!usable)
    context.report(
      problemOf(
        'aged.report-date',
        asOf === undefined
          ? `${context.table.file}: the ${title} report's title rows do not say "As at <date>", so its amounts are not used. Export it again as at the day before the cutover.`
          : `${context.table.file}: the ${title} report is as at ${spokenDate(asOf)}, not the day before the cutover (${spokenDate(wanted ?? asOf)}), so its amounts are not used. Export it as at ${spokenDate(wanted ?? asOf)}.`,
        { location: { file: context.table.file, row: 1 }, entity },
      ),
    );
  return created;
}

export const xeroAgedReceivables = agedDetail('invoice');
export const xeroAgedPayables = agedDetail('bill');
