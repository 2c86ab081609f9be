import { html, type SafeHtml } from '../../html/escape.js';
import { formatMoney, plural } from '../../html/format.js';
import { dataTable, emptyNote, type Column } from '../../html/table.js';
import type { UndoDifference } from '../difference-cause.js';
import type { UndoReport } from '../undo-report-data.js';
import { undoVerdictOf } from './undo-verdict.js';

const columns: Column<UndoDifference>[] = [
  { header: 'Account', cell: (line) => line.account, width: '20%' },
  {
    header: 'Before the run',
    cell: (line) => formatMoney(line.before),
    numeric: true,
    width: '13%',
  },
  { header: 'Now', cell: (line) => formatMoney(line.after), numeric: true, width: '13%' },
  {
    header: 'Difference',
    cell: (line) => (line.difference === undefined ? '' : formatMoney(line.difference)),
    numeric: true,
    width: '13%',
  },
  { header: 'Probable cause', cell: (line) => line.cause },
];

/** The trial balance against the snapshot taken before the run, account by account. */
export function undoVerificationSection(report: UndoReport): SafeHtml {
  const verification = report.verification;
  const verdict = undoVerdictOf(report);
  const body = verification
    ? html`<p class="lead">
          <strong>${verdict.title}${verdict.finding ? html`: ${verdict.finding}` : ''}.</strong>
          ${verdict.detail} Balances are debit minus credit; the difference is now minus before.
        </p>
        <h3>
          Accounts that differ from before the run
          <span class="count">${plural(verification.differences.length, 'account')}</span>
        </h3>
        ${
          verification.differences.length
            ? dataTable(verification.differences, columns, { rowClass: () => 'differs' })
            : emptyNote('Every account holds the balance it held before the run, to the cent. ✓')
        }`
    : emptyNote(verdict.detail);
  return html`<section id="verification" aria-labelledby="verification-title">
    <h2 id="verification-title">Verification</h2>
    ${body}
  </section>`;
}
