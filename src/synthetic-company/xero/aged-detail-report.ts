import { proRata, type Cents } from '../../money/index.js';
import { reportDate, reportRowDate } from './xero-values.js';

/** A document open at the report's date. */
export interface AgedItem {
  contact: string;
  date: string;
  dueDate: string | undefined;
  number: string;
  reference: string | undefined;
  /** What is due on it, base currency; negative for a credit note. */
  due: Cents;
  /** Its tax and its total, for the tax still outstanding. */
  taxTotal: Cents;
  total: Cents;
}

export interface AgedDetailReport {
  sales: boolean;
  organisation: string;
  /** ISO date printed "As at …" (the mapping dates the report from it). */
  asOf: string;
  items: readonly AgedItem[];
}

const BUCKETS = ['< 1 Month', '1 Month', '2 Months', '3 Months', 'Older'] as const;

/** Whole months (of 30 days) the item is past due at the report's date; not yet due is 0. */
function bucketOf(item: AgedItem, asOf: string): number {
  const due = Date.parse(`${item.dueDate ?? item.date}T00:00:00Z`);
  const days = Math.floor((Date.parse(`${asOf}T00:00:00Z`) - due) / 86_400_000);
  return Math.min(BUCKETS.length - 1, Math.max(0, Math.floor(days / 30)));
}

/** Report amounts: thousands separators, a minus for credits, zero blank. */
function amount(cents: Cents): string {
  if (cents === 0n) return '';
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${negative ? '-' : ''}${whole}.${digits.slice(-2)}`;
}

/**
 * Xero's Aged Receivables Detail (or Aged Payables Detail) report, aged by due date, as its CSV
 * export writes it: title rows, "Ageing by due date", a blank row, the column row and a blank row;
 * per contact (by name) a heading, its documents by date with what is due in its ageing column and
 * in Total, and `Total <contact>` then a blank row; a grand `Total` last. Columns as in
 * ../shared/real-books/maple-as-exported/xero-ui (the receivables report adds Invoice Seen / Sent).
 */
export function agedDetailLines(report: AgedDetailReport): string[][] {
  const headers = [
    'Contact Account Number',
    'Primary Person',
    'Phone',
    'Email',
    'Mobile',
    'Contact Group',
    'Invoice Date',
    'Due Date',
    'Expected Date',
    'Invoice Number',
    'Invoice Reference',
    ...BUCKETS,
    '',
    'Total',
    'Outstanding Tax',
    ...(report.sales ? ['Invoice Seen', 'Invoice Sent'] : []),
  ];
  const lines: string[][] = [
    [report.sales ? 'Aged Receivables Detail' : 'Aged Payables Detail'],
    [report.organisation],
    [`As at ${reportDate(report.asOf)}`],
    ['Ageing by due date'],
    [],
    headers,
    [],
  ];
  const byContact = new Map<string, AgedItem[]>();
  for (const item of report.items) {
    const list = byContact.get(item.contact) ?? [];
    list.push(item);
    byContact.set(item.contact, list);
  }
  const contacts = [...byContact.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const grand = { buckets: BUCKETS.map(() => 0n), total: 0n, tax: 0n };
  for (const contact of contacts) {
    const items = (byContact.get(contact) ?? []).sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : 0,
    );
    lines.push([contact]);
    const sums = { buckets: BUCKETS.map(() => 0n), total: 0n, tax: 0n };
    for (const item of items) {
      const bucket = bucketOf(item, report.asOf);
      const tax = proRata(item.due, item.total, item.taxTotal);
      sums.buckets[bucket] = (sums.buckets[bucket] ?? 0n) + item.due;
      sums.total += item.due;
      sums.tax += tax;
      lines.push([
        ...['', '', '', '', '', ''],
        reportRowDate(item.date),
        item.dueDate === undefined ? '' : reportRowDate(item.dueDate),
        '',
        item.number,
        item.reference ?? '',
        ...BUCKETS.map((_, index) => (index === bucket ? amount(item.due) : '')),
        '',
        amount(item.due),
        amount(tax),
        ...(report.sales ? ['', 'Sent'] : []),
      ]);
    }
    sums.buckets.forEach(
      (value, index) => (grand.buckets[index] = (grand.buckets[index] ?? 0n) + value),
    );
    grand.total += sums.total;
    grand.tax += sums.tax;
    lines.push(totalLine(`Total ${contact}`, sums));
    lines.push([]);
  }
  lines.push(totalLine('Total', grand));
  return lines;
}

function totalLine(label: string, sums: { buckets: Cents[]; total: Cents; tax: Cents }): string[] {
  return [
    label,
    ...Array<string>(10).fill(''),
    ...sums.buckets.map(amount),
    '',
    amount(sums.total),
    amount(sums.tax),
  ];
}
