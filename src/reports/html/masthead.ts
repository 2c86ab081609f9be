import { addDays } from '../../ledger/iso-dates.js';
import type { RunReport } from '../run-report.js';
import { html, type SafeHtml } from './escape.js';
import { formatTimestamp } from './format.js';

/** Run name, what was migrated from where, and (impossible to miss) whether anything was written. */
export function masthead(report: RunReport): SafeHtml {
  const run = report.run;
  const facts: Array<[string, string]> = [
    ['Source', `${run.source.folder} (${run.source.format})`],
    // The cutover is the first day in the workspace; the opening balance is the day before's.
    ['Cutover', `${run.cutoverDate}, first day in the workspace`],
    ['Opening balance as at', addDays(run.cutoverDate, -1)],
    ['End date', run.endDate],
    ['Currency', run.currency],
    ['Round', String(run.round)],
    ['Profile', run.profile],
    ['Generated', formatTimestamp(report.generatedAt)],
  ];
  return html`<header class="masthead">
      <p class="eyebrow">Ledgerlift · Migration run report</p>
      <h1>${run.runName}</h1>
      <dl class="facts">
        ${facts.map(
          ([name, value]) =>
            html`<div>
              <dt>${name}</dt>
              <dd>${value}</dd>
            </div>`,
        )}
      </dl>
    </header>
    ${modeBanner(report)}`;
}

function modeBanner(report: RunReport): SafeHtml {
  if (report.run.mode === 'dry-run') {
    return html`<p class="mode mode-dry" id="mode">
      <strong>DRY RUN</strong> Nothing was written to the workspace. Every count below is what the
      live run will do.
    </p>`;
  }
  const profile = report.run.profile;
  const nothingWritten = report.totals.done === 0 && report.calls.made === 0;
  const what =
    report.run.phase === 'blocked'
      ? html`Blocked before writing: nothing was written to the workspace of profile “${profile}”.`
      : nothingWritten
        ? html`Nothing has been written to the workspace of profile “${profile}” yet.`
        : html`Records were written to the workspace of profile “${profile}”.`;
  return html`<p class="mode mode-live" id="mode"><strong>LIVE RUN</strong> ${what}</p>`;
}
