import type { UndoGroup } from '../../../migration/contracts/undo-types.js';
import { html, type SafeHtml } from '../../html/escape.js';
import { formatCount, plural } from '../../html/format.js';
import { aboutMinutes } from '../../html/about-minutes.js';
import { stepLabel } from '../../html/labels.js';
import { dataTable, emptyNote, type Column } from '../../html/table.js';
import { phaseAction } from '../undo-labels.js';
import type { UndoReport } from '../undo-report-data.js';

/** The reversal, phase by phase in the order it runs, each over the migration steps' records. */
export function undoPlanSection(report: UndoReport): SafeHtml {
  const dry = report.mode === 'dry-run';
  const columns: Column<UndoGroup>[] = [
    { header: 'Phase', cell: (group) => phaseAction(group.phase), width: '46%' },
    { header: 'Step', cell: (group) => stepLabel(group.step), nowrap: true },
    {
      header: dry ? 'Records it would reverse' : 'Records',
      cell: (group) => formatCount(group.units),
      numeric: true,
    },
    {
      header: dry ? 'Calls it would make' : 'Calls',
      cell: (group) => formatCount(group.units),
      numeric: true,
    },
  ];
  const total = formatCount(report.calls.planned);
  const lead = dry
    ? html`What the live undo would do, in the order it would do it: what holds a record (a payment
      on an invoice, an opening balance on an account) first, then the record. It would make one API
      call per record, ${plural(report.calls.planned, 'call')} in all:
      ${aboutMinutes(report.calls.minutesAtRateLimit)} at
      ${formatCount(report.calls.requestsPerMinute)} requests per minute.`
    : html`What the undo did, in the order it did it: what holds a record first, then the record,
      one API call per record. A record whose reversal the API refused is listed under “Not
      reversed” with the API's reason.`;
  return html`<section id="plan" aria-labelledby="plan-title">
    <h2 id="plan-title">
      ${dry ? 'Reversal plan' : 'Reversal'}
      <span class="count">${plural(report.groups.length, 'group')}</span>
    </h2>
    <p class="lead">${lead}</p>
    ${
      report.groups.length
        ? dataTable(report.groups, columns, { footer: ['Total', '', total, total] })
        : emptyNote('Nothing to reverse: the run created no record the undo reverses.')
    }
  </section>`;
}
