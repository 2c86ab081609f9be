import type { RunReport } from '../run-report.js';
import { chip } from './chip.js';
import { html, type SafeHtml } from './escape.js';
import { formatTimestamp } from './format.js';
import { phaseStatus } from './labels.js';

/** Run name and status, and (impossible to miss) whether anything was written. */
export function masthead(report: RunReport): SafeHtml {
  const run = report.run;
  return html`<header class="masthead">
      <p class="eyebrow">
        Ledgerlift · Migration run report · generated ${formatTimestamp(report.generatedAt)}
      </p>
      <div class="title-line">
        <h1>${run.runName}</h1>
        <p class="status">Status: ${chip(phaseStatus[run.phase])}</p>
      </div>
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
