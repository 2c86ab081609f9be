import { addDays } from '../../../src/ledger/iso-dates.js';
import { problemOf } from '../../../src/ledger/problem-catalog.js';
import { centsOf } from '../../../src/money/index.js';
import { cellText } from '../../../src/sources/cell.js';
import type { MappingContext } from '../../../src/sources/table-mapping/mapping-context.js';
import type { TableSpec } from '../../../src/sources/table-mapping/table-spec.js';
import { reportDate, spokenDate, titleText } from '../../../src/sources/table/report-date.js';
import type { OpenItem } from './open-items.js';

/**
 * QuickBooks' aging and open-item reports as at the day before the cutover: A/R Aging Detail and
 * A/P Aging Detail (QuickBooks Online), Open Invoices and Unpaid Bills (Detail) (Online and
 * Desktop). One row per open document with its date, type, number, customer or supplier, due date,
 * original amount and open balance in the home currency, under section headings (aging buckets,
 * or the customer's name in QuickBooks Desktop) and their `Total for …` rows, then `TOTAL` and a
 * run-time footer. Each open row is an open item (open-items.ts). Layouts beyond QuickBooks
 * Online's A/R Aging Detail are guesses (docs/mappings.md).
 */
export interface AgingReportOptions {
  id: string;
  entity: 'invoice' | 'bill';
  /** Its titles, as the report's title rows write them. */
  titles: readonly string[];
  /** The format's facts key the items are kept under. */
  factsKey: string;
}

interface AgingReport {
  asOf: string | undefined;
  items: OpenItem[];
  heading: string | undefined;
}

/** Transaction types that are credits on the report (negative open balances say so too). */
const CREDIT_TYPES = /credit|payment|pmt|refund|discount/i;

/** Bucket headings: no customer's name. */
const BUCKET = /^(current|\d+\s*-\s*\d+\s+days|\d+\s+or more days|over\s+\d+|older)/i;

export function agingReportTable(options: AgingReportOptions): TableSpec<'invoice'> {
  const sales = options.entity === 'invoice';
  const titlePattern = new RegExp(
    `^(${options.titles.map((title) => title.replace(/[/()]/g, '\\$&')).join('|')})$`,
    'i',
  );
  return {
    id: options.id,
    // Its rows are documents of either side; the entity only labels its problems.
    entity: 'invoice',
    fileNames: options.titles.map((title) => title.toLowerCase()),
    titled: (lines) => lines.some((line) => titlePattern.test(titleText(line))),
    reportMissing: false,
    columns: [
      { id: 'Date', headers: ['Date', 'Trans Date'], required: true },
      { id: 'Type', headers: ['Transaction Type', 'Type'] },
      { id: 'Num', headers: ['Num', 'No.', 'Number'] },
      {
        id: 'Party',
        headers: sales
          ? ['Customer', 'Name', 'Customer full name']
          : ['Vendor', 'Supplier', 'Name'],
      },
      { id: 'Due Date', headers: ['Due Date'] },
      { id: 'Amount', headers: ['Amount', 'Orig. Amount', 'Original Amount'] },
      { id: 'Open Balance', headers: ['Open Balance', 'Balance', 'Open balance'], required: true },
    ],
    // The first column, under no header, holds the bucket and customer headings (read by position).
    ignoredColumns: [''],
    dateColumns: ['Date', 'Due Date'],
    amountColumns: ['Amount', 'Open Balance'],
    map([row], context) {
      if (!row) return [];
      const report = reportOf(context, options);
      const first = cellText(row.row.cells[0]);
      if (cellText(row.row.cell('Date')) === '') {
        // A bucket or a customer's heading, a "Total for …", or the report's TOTAL.
        if (first !== '' && !/^total\b/i.test(first) && !BUCKET.test(first)) report.heading = first;
        return [];
      }
      const date = row.date('Date', { required: true });
      const open = row.money('Open Balance', { required: true });
      const amount = row.money('Amount');
      const party = row.text('Party') ?? report.heading;
      if (party === undefined)
        row.fail(
          'value.required',
          `${row.where('Date')}: the row names no ${sales ? 'customer' : 'supplier'}, in a column or a heading above it.`,
          'Party',
        );
      if (row.failed || !date || open === undefined || party === undefined) return [];
      if (report.asOf === undefined) return [];
      const cents = centsOf(open);
      if (cents === 0n) return [];
      const type = row.text('Type') ?? '';
      report.items.push({
        entity: options.entity,
        credit: cents < 0n || CREDIT_TYPES.test(type),
        number: row.text('Num'),
        partyKey: context.index.partyKey(sales ? 'customer' : 'vendor', party) ?? party,
        date,
        dueDate: row.date('Due Date'),
        total: amount === undefined ? undefined : magnitude(centsOf(amount)),
        open: magnitude(cents),
        report: context.table.file,
        location: row.location(),
      });
      return [];
    },
  };
}

/** The open items an aging report of the format read, none when it had none. */
export function agingItems(context: MappingContext, factsKey: string): OpenItem[] {
  return (context.facts.get(factsKey) as AgingReport | undefined)?.items ?? [];
}

/**
 * The report's items, created at its first row: its "As of" date must be the day before the
 * cutover (the open items it lists are the conversion documents), else it is reported and unused.
 */
function reportOf(context: MappingContext, options: AgingReportOptions): AgingReport {
  const existing = context.facts.get(options.factsKey) as AgingReport | undefined;
  if (existing) return existing;
  const asOf = reportDate(context.table.titleLines);
  const wanted = context.cutoverDate && addDays(context.cutoverDate, -1);
  const usable = asOf !== undefined && (wanted === undefined || asOf === wanted);
  const created: AgingReport = { asOf: usable ? asOf : undefined, items: [], heading: undefined };
  context.facts.set(options.factsKey, created);
  if (!usable) {
    const title = options.titles[0] ?? 'aging';
    context.report(
      problemOf(
        'aged.report-date',
        asOf === undefined
          ? `${context.table.file}: the ${title} report's title rows do not say "As of <date>", so its open items are not used. Export it again as of the day before the cutover.`
          : `${context.table.file}: the ${title} report is as of ${spokenDate(asOf)}, not the day before the cutover (${spokenDate(wanted ?? asOf)}), so its open items are not used. Export it as of ${spokenDate(wanted ?? asOf)}.`,
        { location: { file: context.table.file, row: 1 }, entity: options.entity },
      ),
    );
  }
  return created;
}

function magnitude(cents: bigint): bigint {
  return cents < 0n ? -cents : cents;
}
