import type { Problem } from '../../ledger/index.js';
import type { RunReport } from '../run-report.js';
import { html, type HtmlValue } from './escape.js';
import { formatCount } from './format.js';
import { htmlLimits } from './limits.js';
import { whereColumn } from './cells.js';
import { capped, dataTable, moreInWorkbook, type Column } from './table.js';

const columns: Column<Problem>[] = [
  whereColumn('Where to fix it', (problem) => problem.location),
  { header: 'Problem', cell: (problem) => problem.message },
  { header: 'Code', cell: (problem) => html`<code>${problem.code}</code>`, nowrap: true },
];

/** A blocked run's to-do list: the errors in the exports, placed where failed rows would be. */
export function blockingErrorsSection(report: RunReport): HtmlValue {
  if (report.run.phase !== 'blocked') return '';
  // The report keeps the first errors of each code; the manifest counted them all.
  const errors = report.problems.filter((problem) => problem.severity === 'error');
  const total = report.problemCodes ? report.problemCounts.error : errors.length;
  const { shown } = capped(errors, htmlLimits.findings);
  const hidden = total - shown.length;
  return html`<section id="blocking-errors" aria-labelledby="blocking-errors-title">
    <h2 id="blocking-errors-title">
      Errors that block the run <span class="count">${formatCount(total)}</span>
    </h2>
    <p class="lead">Fix these in the exports, then start a new dry run.</p>
    ${dataTable(shown, columns)} ${moreInWorkbook(hidden, total, 'Problems')}
  </section>`;
}
