import type { RunReport } from '../run-report.js';
import { html, type SafeHtml } from './escape.js';
import { formatCount } from './format.js';
import { stepLabel } from './labels.js';
import { htmlLimits } from './limits.js';
import { recordColumn, whereColumn } from './cells.js';
import { capped, dataTable, emptyNote, moreInWorkbook, type Column } from './table.js';

type ApiWarning = RunReport['apiWarnings'][number];

const columns: Column<ApiWarning>[] = [
  { header: 'Step', cell: (row) => stepLabel(row.step), nowrap: true },
  recordColumn(),
  { header: 'Warning', cell: (row) => row.message },
  whereColumn('Where', (row) => row.location),
];

/** Rows the API accepted but not entirely: fields it ignored or changed. Worth a look, not a replay. */
export function apiWarningsSection(report: RunReport): SafeHtml {
  const rows = report.apiWarnings;
  const { shown, hidden } = capped(rows, htmlLimits.findings);
  return html`<section id="api-warnings" aria-labelledby="api-warnings-title">
    <h2 id="api-warnings-title">
      API warnings <span class="count">${formatCount(rows.length)}</span>
    </h2>
    <p class="lead">The API accepted these records but did not apply every field as sent.</p>
    ${rows.length ? dataTable(shown, columns) : emptyNote('The API reported no warnings.')}
    ${moreInWorkbook(hidden, rows.length, 'Warnings')}
  </section>`;
}
