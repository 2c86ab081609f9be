import type { Problem } from '../../ledger/index.js';
import type { RunReport } from '../run-report.js';
import { chip } from './chip.js';
import { html, type SafeHtml } from './escape.js';
import { formatCount, plural } from './format.js';
import { severityStatus } from './labels.js';
import { htmlLimits } from './limits.js';
import { whereColumn } from './cells.js';
import { capped, dataTable, emptyNote, moreInWorkbook, type Column } from './table.js';

const columns: Column<Problem>[] = [
  { header: 'Severity', cell: (problem) => chip(severityStatus[problem.severity]), nowrap: true },
  { header: 'Code', cell: (problem) => html`<code>${problem.code}</code>`, nowrap: true },
  { header: 'Problem', cell: (problem) => problem.message },
  whereColumn('Where', (problem) => problem.location),
];

const rank = { error: 0, warning: 1, info: 2 } as const;

/** Problems found reading and validating the exports, errors first. */
export function problemsSection(report: RunReport): SafeHtml {
  const problems = [...report.problems].sort((a, b) => rank[a.severity] - rank[b.severity]);
  const { shown, hidden } = capped(problems, htmlLimits.findings);
  const counts = report.problemCounts;
  return html`<section id="problems" aria-labelledby="problems-title">
    <h2 id="problems-title">
      Problems found in the exports <span class="count">${formatCount(problems.length)}</span>
    </h2>
    <p class="lead">
      ${plural(counts.error, 'error')} (errors block a live run unless their rows are skipped),
      ${plural(counts.warning, 'warning')} and ${plural(counts.info, 'note')} (reported only).
    </p>
    ${problems.length ? dataTable(shown, columns) : emptyNote('No problems found. ✓')}
    ${moreInWorkbook(hidden, problems.length, 'Problems')}
  </section>`;
}
