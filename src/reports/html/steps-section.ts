import type { RunReport, StepReport } from '../run-report.js';
import { html, type SafeHtml } from './escape.js';
import { formatCount } from './format.js';
import { stepLabel } from './labels.js';
import { dataTable, type Column } from './table.js';

/** One line per migration step: what it planned, created, matched, failed, skipped and called. */
export function stepsSection(report: RunReport): SafeHtml {
  const dry = report.run.mode === 'dry-run';
  const count = (pick: (step: StepReport) => number) => (step: StepReport) =>
    formatCount(pick(step));
  const columns: Column<StepReport>[] = [
    { header: 'Step', cell: (step) => stepLabel(step.step), nowrap: true },
    { header: 'Rows', cell: count((step) => step.rows.planned), numeric: true },
    { header: dry ? 'Will create' : 'Created', cell: count((step) => step.created), numeric: true },
    { header: dry ? 'Will match' : 'Matched', cell: count((step) => step.matched), numeric: true },
    { header: dry ? 'Will map' : 'Mapped', cell: count((step) => step.mapped), numeric: true },
    {
      header: dry ? 'Will fail' : 'Failed',
      cell: count((step) => step.rows.failed),
      numeric: true,
    },
    { header: 'Skipped', cell: count((step) => step.rows.skipped), numeric: true },
    {
      // A dry run makes none of them: they are the calls the live run would make.
      header: dry ? 'Calls the live run would make' : 'API calls',
      cell: count((step) => step.calls),
      numeric: true,
    },
  ];
  const sum = (pick: (step: StepReport) => number) =>
    formatCount(report.steps.reduce((total, step) => total + pick(step), 0));
  const footer = [
    'Total',
    sum((step) => step.rows.planned),
    sum((step) => step.created),
    sum((step) => step.matched),
    sum((step) => step.mapped),
    sum((step) => step.rows.failed),
    sum((step) => step.rows.skipped),
    sum((step) => step.calls),
  ];
  return html`<section id="steps" aria-labelledby="steps-title">
    <h2 id="steps-title">Steps</h2>
    <p class="lead">
      Matched records already existed in the workspace and were
      ${dry ? 'found by the dry run; they will not be created again' : 'linked, not created again'}.
      Mapped accounts are the legacy system accounts (receivables, payables, sales tax, retained
      earnings) that ${dry ? 'will post' : 'post'} to the workspace's own account of that role.
    </p>
    ${dataTable(report.steps, columns, { footer })}
  </section>`;
}
