import { formatLocation } from '../../ledger/index.js';
import type { SourceLocation } from '../../ledger/index.js';
import { html, type SafeHtml } from './escape.js';
import type { Column } from './table.js';

/** Where to fix a row: `invoices.csv row 12, column "DueDate"`, the form errors use everywhere. */
function locationCell(location: SourceLocation | undefined): SafeHtml {
  if (!location) return html`<span class="muted">no location</span>`;
  return html`<span class="loc">${formatLocation(location)}</span>`;
}

/** The record's legacy key, with its kind underneath. */
function recordCell(key: string, entity: string): SafeHtml {
  return html`<span class="key">${key}</span><br /><span class="muted">${entity}</span>`;
}

/** A record column: keys must not break after every character when the reason is long. */
export function recordColumn<T extends { key: string; entity: string }>(): Column<T> {
  return { header: 'Record', cell: (row) => recordCell(row.key, row.entity), className: 'record' };
}

/** A location column. */
export function whereColumn<T>(
  header: string,
  locationOf: (row: T) => SourceLocation | undefined,
): Column<T> {
  return { header, cell: (row) => locationCell(locationOf(row)), className: 'where' };
}
