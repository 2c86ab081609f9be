import { stepNames } from '../../migration/contracts/steps.js';
import type { FailedRow, RunReport } from '../run-report.js';
import { html, type HtmlValue, type SafeHtml } from './escape.js';
import { formatCount, plural } from './format.js';
import { stepLabel } from './labels.js';
import { htmlLimits } from './limits.js';
import { recordColumn, whereColumn } from './cells.js';
import { capped, dataTable, emptyNote, moreInWorkbook, type Column } from './table.js';
import { groupInto } from '../../collections/group-into.js';

const columns: Column<FailedRow>[] = [
  { ...recordColumn<FailedRow>(), width: '14%' },
  { header: 'Reason', cell: (row) => row.reason },
  { header: 'Code', cell: (row) => html`<code>${row.code}</code>`, nowrap: true, width: '18%' },
  { ...whereColumn<FailedRow>('Where to fix it', (row) => row.location), width: '28%' },
];

/**
 * The rows a consultant acts on, grouped by step in migration order. Each step shows its most
 * common reasons first: one fix (a missing account, a bad date format) often clears hundreds of rows.
 */
export function failedRowsSection(report: RunReport): SafeHtml {
  const dry = report.run.mode === 'dry-run';
  const rows = report.failedRows;
  const intro = dry
    ? 'These rows would fail in the live run. Fix each one at the place shown, then run the dry run again.'
    : 'These rows were not migrated; the rest of the run went on. Fix each one at the place shown (file, row and column), then replay the failed rows: nothing that already succeeded is written again.';
  const body =
    rows.length === 0
      ? emptyNote(dry ? 'No row would fail. ✓' : 'No rows failed. ✓')
      : html`<p class="lead">${intro}</p>
          ${groups(rows).map(stepGroup)}
          <p class="more">
            ${rows.length === 1 ? 'This row is' : `All ${formatCount(rows.length)} failed rows are`}
            also in the XLSX workbook of this report, sheet “Failed rows”, with file, sheet, row and
            column in separate columns for filtering.
          </p>`;
  return html`<section id="failed-rows" aria-labelledby="failed-rows-title">
    <h2 id="failed-rows-title">
      ${dry ? 'Rows that would fail' : 'Failed rows'}
      <span class="count">${formatCount(rows.length)}</span>
    </h2>
    ${body}
  </section>`;
}

function groups(rows: readonly FailedRow[]): Array<{ step: string; rows: FailedRow[] }> {
  const order = new Map<string, number>(stepNames.map((step, index) => [step, index]));
  const byStep = new Map<string, FailedRow[]>();
  for (const row of rows) groupInto(byStep, row.step, row);
  return [...byStep.entries()]
    .sort(([a], [b]) => (order.get(a) ?? order.size) - (order.get(b) ?? order.size))
    .map(([step, stepRows]) => ({ step, rows: stepRows }));
}

function stepGroup(group: { step: string; rows: FailedRow[] }): SafeHtml {
  const { shown, hidden } = capped(group.rows, htmlLimits.failedRowsPerStep);
  return html`<div class="group">
    <h3>
      ${stepLabel(group.step)} <span class="count">${plural(group.rows.length, 'failed row')}</span>
    </h3>
    ${commonReasons(group.rows)} ${dataTable(shown, columns)}
    ${moreInWorkbook(hidden, group.rows.length, 'Failed rows')}
  </div>`;
}

/** The three most frequent codes of a step, when the step has more than one failed row. */
function commonReasons(rows: readonly FailedRow[]): HtmlValue {
  if (rows.length < 2) return '';
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.code, (counts.get(row.code) ?? 0) + 1);
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return html`<p class="reasons">
    Most common:
    ${top.map(
      ([code, count], index) =>
        html`${index > 0 ? ', ' : ''}<code>${code}</code> × ${formatCount(count)}`,
    )}
  </p>`;
}
