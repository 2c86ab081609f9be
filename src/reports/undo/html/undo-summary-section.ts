import { html, type SafeHtml } from '../../html/escape.js';
import { figure } from '../../html/figure.js';
import { verdictCard } from '../../html/verdict-card.js';
import { formatCount, plural } from '../../html/format.js';
import { aboutMinutes } from '../../html/about-minutes.js';
import type { UndoReport } from '../undo-report-data.js';
import { undoHeadline, undoVerdictOf } from './undo-verdict.js';

/**
 * The undo's first screen, in the migration report's cards: the headline, the verdict, the calls
 * (a dry run's predicted, worded as what the live undo would make, never as made) and the records.
 */
export function undoSummarySection(report: UndoReport): SafeHtml {
  const verdict = undoVerdictOf(report);
  return html`<section id="summary" class="summary" aria-labelledby="summary-title">
    <h2 id="summary-title" class="visually-hidden">Summary</h2>
    <p class="headline" id="headline">${undoHeadline(report)}</p>
    <div class="cards cards-top">
      ${verdictCard(verdict)} ${callsCard(report)} ${recordsCard(report)}
    </div>
    <div class="signoff" aria-hidden="true">
      <p class="card-label">Sign-off · undo of ${report.runName}</p>
      <div class="signoff-lines">
        <div><span>Prepared by (consultant)</span></div>
        <div><span>Reviewed by (accountant)</span></div>
        <div><span>Date</span></div>
      </div>
    </div>
  </section>`;
}

function callsCard(report: UndoReport): SafeHtml {
  const { calls } = report;
  const pace = html`${aboutMinutes(calls.minutesAtRateLimit)} at the rate limit of
  ${formatCount(calls.requestsPerMinute)} requests per minute`;
  const note =
    report.mode === 'dry-run'
      ? html`<p class="card-note" id="prediction">
          The live undo would make <strong>${plural(calls.planned, 'API call')}</strong>, one per
          record: ${pace}, then one more to read the trial balance it verifies.
        </p>`
      : html`<p class="card-note" id="calls-made">
          The plan had ${plural(calls.planned, 'reversal call')} (${pace}); the count made includes
          the trial balance read to verify.
        </p>`;
  return html`<div class="card" id="calls">
    <p class="card-label">API calls</p>
    <dl class="figures">
      ${
        report.mode === 'dry-run'
          ? figure('Predicted (live undo)', calls.planned)
          : figure('Made', calls.made)
      }
    </dl>
    ${note}
  </div>`;
}

function recordsCard(report: UndoReport): SafeHtml {
  const verification = report.verification;
  const planned = report.groups.reduce((sum, group) => sum + group.units, 0);
  const figures = verification
    ? html`${figure('Reversed', verification.reversed)}
      ${figure('Not reversed', verification.notReversed.length, 'bad')}
      ${figure('Accounts made inactive', verification.inactiveInstead.length, 'warn')}`
    : html`${figure('Would reverse', planned)}
      ${figure('Would leave as they are', report.notReversible.length, 'warn')}`;
  return html`<div class="card" id="records">
    <p class="card-label">Records</p>
    <dl class="figures">${figures}</dl>
  </div>`;
}
