import type { RunReport } from '../run-report.js';
import { html, type SafeHtml } from './escape.js';
import { formatCount } from './format.js';
import { problemTotal } from './problems-section.js';
import { skippedTotal } from './skipped-rows-section.js';

/** Links to each part with its count, so a long report is navigable without scrolling blind. */
export function tableOfContents(report: RunReport): SafeHtml {
  const dry = report.run.mode === 'dry-run';
  const links: Array<[string, string]> = [
    ...(report.run.phase === 'blocked'
      ? ([['#blocking-errors', 'Errors that block the run']] as Array<[string, string]>)
      : []),
    ['#charts', 'At a glance'],
    [
      '#failed-rows',
      `${dry ? 'Rows that would fail' : 'Failed rows'} (${formatCount(report.failedRows.length)})`,
    ],
    ['#steps', 'Steps'],
    ['#verification', 'Verification'],
    ['#problems', `Problems (${formatCount(problemTotal(report))})`],
    ['#skipped', `Skipped (${formatCount(skippedTotal(report))})`],
    ['#api-warnings', `API warnings (${formatCount(report.apiWarnings.length)})`],
    ['#trial-balance', 'Projected trial balance'],
  ];
  // Printing gives the summary alone, to sign; this box (read by the print stylesheet, no script)
  // prints the whole report instead.
  return html`<nav class="toc" aria-label="Contents">
    ${links.map(([href, label]) => html`<a href="${href}">${label}</a>`)}
    <label class="print-choice"
      ><input type="checkbox" id="print-all" /> Print the whole report, not only the summary</label
    >
  </nav>`;
}
