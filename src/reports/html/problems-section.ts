import type { Problem } from '../../ledger/index.js';
import type { ProblemCodeCount, RunReport } from '../run-report.js';
import { chip } from './chip.js';
import { html, type SafeHtml } from './escape.js';
import { formatCount, plural } from './format.js';
import { severityStatus } from './labels.js';
import { htmlLimits } from './limits.js';
import { whereColumn } from './cells.js';
import { capped, dataTable, emptyNote, moreInWorkbook, type Column } from './table.js';

const columns: Column<Problem>[] = [
  whereColumn('Where', (problem) => problem.location),
  { header: 'Problem', cell: (problem) => problem.message },
];

const rank = { error: 0, warning: 1, info: 2 } as const;

interface CodeGroup {
  severity: Problem['severity'];
  code: string;
  /** The first problems of the code the report kept. */
  problems: Problem[];
  /** How many the code had in all. */
  count: number;
}

/**
 * One group per severity and code, errors first, then the most frequent. The report keeps the first
 * problems of each code; `codes` says how many each had (reports without it kept them all).
 */
function groupByCode(
  problems: readonly Problem[],
  codes?: readonly ProblemCodeCount[],
): CodeGroup[] {
  const groups = new Map<string, CodeGroup>();
  for (const problem of problems) {
    const id = `${problem.severity} ${problem.code}`;
    const group = groups.get(id);
    if (group) group.problems.push(problem);
    else
      groups.set(id, {
        severity: problem.severity,
        code: problem.code,
        problems: [problem],
        count: 0,
      });
  }
  for (const group of groups.values()) group.count = group.problems.length;
  for (const { severity, code, count } of codes ?? []) {
    const group = groups.get(`${severity} ${code}`);
    if (group) group.count = count;
  }
  return [...groups.values()].sort(
    (a, b) =>
      rank[a.severity] - rank[b.severity] || b.count - a.count || a.code.localeCompare(b.code),
  );
}

/** Every problem the exports gave, kept in the report or not. */
export function problemTotal(report: RunReport): number {
  const { error, warning, info } = report.problemCounts;
  return report.problemCodes ? error + warning + info : report.problems.length;
}

/**
 * Problems found reading and validating the exports, one line per code with its count and an
 * example; the rows behind a disclosure. A clean run's hundred identical notes are one line.
 */
export function problemsSection(report: RunReport): SafeHtml {
  const groups = groupByCode(report.problems, report.problemCodes);
  const counts = report.problemCounts;
  return html`<section id="problems" aria-labelledby="problems-title">
    <h2 id="problems-title">
      Problems found in the exports
      <span class="count"
        >${formatCount(problemTotal(report))} in ${plural(groups.length, 'code')}</span
      >
    </h2>
    <p class="lead">
      ${plural(counts.error, 'error')} (errors block a live run unless their rows are skipped),
      ${plural(counts.warning, 'warning')} and ${plural(counts.info, 'note')} (reported only).
    </p>
    ${
      groups.length
        ? html`<div class="code-groups">${groups.map(codeGroup)}</div>`
        : emptyNote('No problems found. ✓')
    }
  </section>`;
}

function codeGroup(group: CodeGroup): SafeHtml {
  const { shown } = capped(group.problems, htmlLimits.findings);
  const hidden = group.count - shown.length;
  const [first] = group.problems;
  const others = group.count - 1;
  return html`<div class="code-group" data-code="${group.code}">
    <p class="group-head">
      ${chip(severityStatus[group.severity])} <code>${group.code}</code>
      <span class="count">${plural(group.count, 'row')}</span>
    </p>
    <p class="group-example">
      ${first?.message}${others > 0 ? html` <span class="muted">(and ${formatCount(others)} more)</span>` : ''}
    </p>
    <details class="rows">
      <summary>
        ${group.count === 1 ? 'Where it is' : `Where they are (${formatCount(group.count)} rows)`}
      </summary>
      ${dataTable(shown, columns)} ${moreInWorkbook(hidden, group.count, 'Problems')}
    </details>
  </div>`;
}
