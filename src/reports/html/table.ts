import { html, type HtmlValue, type SafeHtml } from './escape.js';
import { formatCount } from './format.js';

export interface Column<T> {
  header: string;
  cell: (row: T) => HtmlValue;
  /** Counts and money: right-aligned tabular numerals, so digits line up down the column. */
  numeric?: boolean;
  /** Short identifiers (keys, codes) stay on one line; free text wraps. */
  nowrap?: boolean;
  /** Extra class for the cells (`record`, `where`: columns with a minimum width). */
  className?: string;
  /**
   * A width hint ("12%"), so tables of the same kind line up with each other instead of each
   * sizing itself to its own content.
   */
  width?: string;
}

export interface TableOptions<T> {
  /** Read by screen readers and shown above the table when given. */
  caption?: HtmlValue;
  /** Marks a row (for example `differs`); the row also says so in words, never by colour only. */
  rowClass?: (row: T) => string | undefined;
  /** Cells of a totals row, one per column. */
  footer?: HtmlValue[];
}

/** A data table; the header repeats on every printed page (see the print stylesheet). */
export function dataTable<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  options: TableOptions<T> = {},
): SafeHtml {
  const cellClass = (column: Column<T>) =>
    [column.numeric ? 'num' : '', column.nowrap ? 'nowrap' : '', column.className ?? '']
      .filter(Boolean)
      .join(' ') || undefined;
  const classAttr = (name: string | undefined) => (name ? html` class="${name}"` : '');
  const head = columns.map(
    (column) => html`<th scope="col" ${classAttr(cellClass(column))}>${column.header}</th>`,
  );
  const body = rows.map(
    (row) =>
      html`<tr${classAttr(options.rowClass?.(row))}>${columns.map(
        (column) => html`<td${classAttr(cellClass(column))}>${column.cell(row)}</td>`,
      )}</tr>`,
  );
  const foot = options.footer
    ? html`<tfoot>
        <tr>
          ${options.footer.map((cell, index) => {
            const column = columns[index];
            return html`<td${classAttr(column ? cellClass(column) : undefined)}>${cell}</td>`;
          })}
        </tr>
      </tfoot>`
    : '';
  const caption = options.caption
    ? html`<caption>
        ${options.caption}
      </caption>`
    : '';
  const widths = columns.some((column) => column.width)
    ? html`<colgroup>
        ${columns.map((column) => (column.width ? html`<col style="width: ${column.width}" />` : html`<col />`))}
      </colgroup>`
    : '';
  return html`<div class="table-wrap">
    <table>
      ${caption}${widths}
      <thead>
        <tr>
          ${head}
        </tr>
      </thead>
      <tbody>
        ${body}
      </tbody>
      ${foot}
    </table>
  </div>`;
}

/** The first `limit` rows, and how many were left out. */
export function capped<T>(
  rows: readonly T[],
  limit: number,
): { shown: readonly T[]; hidden: number } {
  return { shown: rows.slice(0, limit), hidden: Math.max(0, rows.length - limit) };
}

/** Says where the rows this page leaves out are: the XLSX workbook has every row. */
export function moreInWorkbook(hidden: number, total: number, sheet: string): HtmlValue {
  if (hidden <= 0) return '';
  return html`<p class="more">
    Showing ${formatCount(total - hidden)} of ${formatCount(total)}. The other
    ${formatCount(hidden)} are in the XLSX workbook of this report, sheet “${sheet}”.
  </p>`;
}

/** What an empty list says instead of an empty table. */
export function emptyNote(text: HtmlValue): SafeHtml {
  return html`<p class="empty">${text}</p>`;
}
