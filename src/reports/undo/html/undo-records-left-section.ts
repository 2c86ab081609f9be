import type { NotReversible } from '../../../migration/contracts/undo-types.js';
import { recordColumn } from '../../html/cells.js';
import { html, type SafeHtml } from '../../html/escape.js';
import { plural } from '../../html/format.js';
import { stepLabel } from '../../html/labels.js';
import { htmlLimits } from '../../html/limits.js';
import { capped, dataTable, emptyNote, moreInWorkbook, type Column } from '../../html/table.js';
import type { UndoReport } from '../undo-report-data.js';

const columns: Column<NotReversible>[] = [
  { header: 'Step', cell: (row) => stepLabel(row.step), nowrap: true, width: '14%' },
  recordColumn<NotReversible>(),
  {
    header: 'Workspace id',
    cell: (row) => html`<span class="key">${row.id ?? ''}</span>`,
    width: '22%',
  },
  { header: 'Reason', cell: (row) => row.reason },
];

function listOf(rows: readonly NotReversible[], sheet: string, empty: string): SafeHtml {
  const { shown, hidden } = capped(rows, htmlLimits.findings);
  return html`${rows.length ? dataTable(shown, columns) : emptyNote(empty)}
  ${moreInWorkbook(hidden, rows.length, sheet)}`;
}

/** Settings the API cannot set back (the cutover date): said, not counted as records left. */
function keptSettingsList(kept: readonly NotReversible[]): SafeHtml | string {
  if (kept.length === 0) return '';
  return html`<h3 id="kept-settings">
      Workspace settings kept <span class="count">${plural(kept.length, 'setting')}</span>
    </h3>
    <p class="lead">
      Not records in the books: the trial balance does not depend on them, and the next migration
      sets them again.
    </p>
    ${listOf(kept, 'Settings kept', '')}`;
}

/**
 * What the undo leaves in the workspace, with the API's reason: records it could not reverse (a
 * dry run: would not), and the accounts the API would not delete, made inactive instead.
 */
export function undoRecordsLeftSection(report: UndoReport): SafeHtml {
  const verification = report.verification;
  const left = verification ? verification.notReversed : report.notReversible;
  const inactive = verification
    ? html`<h3 id="inactive-accounts">
          Accounts made inactive instead of deleted
          <span class="count">${plural(verification.inactiveInstead.length, 'account')}</span>
        </h3>
        <p class="lead">
          The API does not delete an account with activity: these stay in the chart of accounts,
          inactive, and no longer take postings.
        </p>
        ${listOf(verification.inactiveInstead, 'Made inactive', 'None: every account the run created was deleted.')}
        ${keptSettingsList(verification.keptSettings)}`
    : '';
  return html`<section id="not-reversed" aria-labelledby="not-reversed-title">
    <h2 id="not-reversed-title">
      ${verification ? 'Not reversed' : 'Records the undo would leave as they are'}
      <span class="count">${plural(left.length, 'record')}</span>
    </h2>
    <p class="lead">
      ${
        verification
          ? "Records the run created that are still in the workspace as the run left them, with the API's reason: correct them by hand, or fix the cause and undo again."
          : 'Records the run created that the undo does not reverse, and why.'
      }
    </p>
    ${listOf(left, 'Not reversed', verification ? 'None: every record the run created was reversed. ✓' : 'None: the undo would reverse every record the run created.')}
    ${inactive}
  </section>`;
}
