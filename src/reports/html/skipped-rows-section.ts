import type { RunReport } from '../run-report.js';
import { html, type SafeHtml } from './escape.js';
import { formatCount } from './format.js';
import { stepLabel } from './labels.js';
import { htmlLimits } from './limits.js';
import { recordColumn, whereColumn } from './cells.js';
import { capped, dataTable, emptyNote, moreInWorkbook, type Column } from './table.js';

type SkippedRow = RunReport['skippedRows'][number];

const columns: Column<SkippedRow>[] = [
  { header: 'Step', cell: (row) => stepLabel(row.step), nowrap: true },
  recordColumn(),
  { header: 'Why skipped', cell: (row) => row.reason },
  whereColumn('Where', (row) => row.location),
];

/** Rows left out on purpose: invalid, dated before the cutover, already settled, or by the operator. */
export function skippedRowsSection(report: RunReport): SafeHtml {
  const rows = report.skippedRows;
  const total = skippedTotal(report);
  const { shown } = capped(rows, htmlLimits.findings);
  return html`<section id="skipped" aria-labelledby="skipped-title">
    <h2 id="skipped-title">Skipped rows <span class="count">${formatCount(total)}</span></h2>
    ${rows.length ? dataTable(shown, columns) : emptyNote('No rows were skipped.')}
    ${moreInWorkbook(total - shown.length, total, 'Skipped')}
  </section>`;
}

/** Every skipped row, kept in the report or not. */
export function skippedTotal(report: RunReport): number {
  return report.skippedRowCount ?? report.skippedRows.length;
}
