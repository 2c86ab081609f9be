import { chip } from '../../html/chip.js';
import { html, type SafeHtml } from '../../html/escape.js';
import { formatTimestamp } from '../../html/format.js';
import { undoStatus } from '../undo-labels.js';
import type { UndoReport } from '../undo-report-data.js';

/** The migration report's masthead for an undo: run name, final status, and whether it wrote. */
export function undoMasthead(report: UndoReport): SafeHtml {
  const banner =
    report.mode === 'dry-run'
      ? html`<p class="mode mode-dry" id="mode">
          <strong>DRY RUN</strong> Nothing was reversed in the workspace. Every count below is what
          the live undo would do.
        </p>`
      : html`<p class="mode mode-live" id="mode">
          <strong>LIVE UNDO</strong> ${
            report.calls.made > 0
              ? 'Records the run created were reversed in the workspace.'
              : 'Nothing was written to the workspace.'
          }
        </p>`;
  return html`<header class="masthead">
      <p class="eyebrow">
        Ledgerlift · Undo report · generated ${formatTimestamp(report.generatedAt)}
      </p>
      <div class="title-line">
        <h1>${report.runName}</h1>
        <p class="status" id="status">Status: ${chip(undoStatus[report.status])}</p>
      </div>
    </header>
    ${banner}`;
}
