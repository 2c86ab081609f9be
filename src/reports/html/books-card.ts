import { addDays } from '../../ledger/iso-dates.js';
import type { RunReport } from '../run-report.js';
import { html, type SafeHtml } from './escape.js';

/** The books this report is about: which company's exports, which dates, currency and workspace. */
export function booksCard(report: RunReport): SafeHtml {
  const run = report.run;
  const facts: Array<[string, string]> = [
    ['Company exports', `${run.source.folder} (${run.source.format})`],
    // The cutover is the first day in the workspace; the opening balance is the day before's.
    ['Cutover', `${run.cutoverDate}, first day in the workspace`],
    ['Opening balance as at', addDays(run.cutoverDate, -1)],
    ['Books checked at', run.endDate],
    ['Currency', run.currency],
    ['Workspace', `profile “${run.profile}”`],
    ['Round', String(run.round)],
  ];
  return html`<div class="card" id="books">
    <p class="card-label">The books</p>
    <dl class="facts">
      ${facts.map(
        ([name, value]) =>
          html`<div>
            <dt>${name}</dt>
            <dd>${value}</dd>
          </div>`,
      )}
    </dl>
  </div>`;
}
