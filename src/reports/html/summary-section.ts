import { describeSharing } from '../estimate-under-sharing.js';
import { figure } from './figure.js';
import { verdictCard } from './verdict-card.js';
import type { RunReport } from '../run-report.js';
import { html, type HtmlValue, type SafeHtml } from './escape.js';
import { formatCount, formatMinutes, formatTimestamp, plural } from './format.js';
import type { PauseRecord } from '../../migration/contracts/workflow-types.js';
import { aboutMinutes } from './about-minutes.js';
import { aboutDuration } from '../../migration/contracts/shown-figures.js';
import { phaseStatus } from './labels.js';
import { verdictOf } from './verdict.js';
import { attentionCard } from './attention-card.js';
import { booksCard } from './books-card.js';

/**
 * The first screen, and the page that prints for signing: the headline, the verdict, the books,
 * what needs attention (with links), and the figures that back them. Fits 1400x900 without
 * scrolling (test/reports/report-charts-in-chromium.test.ts).
 */
export function summarySection(report: RunReport): SafeHtml {
  const verdict = verdictOf(report);
  return html`<section id="summary" class="summary" aria-labelledby="summary-title">
    <h2 id="summary-title" class="visually-hidden">Summary</h2>
    <p class="headline" id="headline">${report.headline}</p>
    ${attention(report)}
    <div class="cards cards-top">
      ${verdictCard(verdict)} ${booksCard(report)} ${attentionCard(report)}
    </div>
    <div class="cards cards-figures">
      ${rowsCard(report)} ${callsCard(report)} ${problemsCard(report)}
    </div>
    ${signOff(report)}
  </section>`;
}

/** Printed only: lines to sign, so the summary page is the sign-off sheet. */
function signOff(report: RunReport): SafeHtml {
  return html`<div class="signoff" aria-hidden="true">
    <p class="card-label">Sign-off · ${report.run.runName}</p>
    <div class="signoff-lines">
      <div><span>Prepared by (consultant)</span></div>
      <div><span>Reviewed by (accountant)</span></div>
      <div><span>Date</span></div>
    </div>
  </div>`;
}

/** Why the run is not moving: blocked by errors in the exports, paused, or waiting. */
function attention(report: RunReport): HtmlValue {
  const { phase } = report.run;
  if (phase === 'blocked') {
    const errors = report.problemCounts.error;
    const dry = report.run.mode === 'dry-run';
    const reason = report.progress.blockedReason;
    // Errors in the exports: where they are listed, and the two ways on.
    const fix =
      errors > 0
        ? html`<p>
            Each error is listed below under “Errors that block the run” with its file, row and
            column. Fix them in the source files (or in a mapping override) and start a new dry run.
            Or start the live run with <code>skipInvalidRows</code>: the rows at fault are then left
            out and reported as skipped.
          </p>`
        : '';
    return html`<div class="callout tone-bad" id="blocked" role="note">
      <p class="callout-title">
        <span class="icon" aria-hidden="true">✗</span>
        ${dry ? 'Why the live run would be blocked' : 'Why this run is blocked'}
      </p>
      <p>
        ${
          reason ??
          html`The exports have ${plural(errors, 'error')} that stop a live run: nothing was
          written.`
        }
      </p>
      ${fix}
    </div>`;
  }
  const reason = report.progress.pauseReason;
  const pauses = report.progress.pauses ?? [];
  if (pauses.length > 0) return pausesCallout(report, pauses);
  if ((phase === 'paused' || phase === 'awaiting-operator') && reason) {
    return html`<div class="callout tone-warn" role="note">
      <p class="callout-title">
        <span class="icon" aria-hidden="true">‖</span> ${phaseStatus[phase].label}
      </p>
      <p>${reason}</p>
    </div>`;
  }
  return '';
}

/**
 * Every pause of the run, with its reason and how long it lasted: a pause changes when the run
 * wrote what it wrote, and why it stopped is part of the record a consultant signs.
 */
function pausesCallout(report: RunReport, pauses: readonly PauseRecord[]): SafeHtml {
  const paused = report.run.phase === 'paused';
  const title = paused ? 'Paused' : `Paused ${plural(pauses.length, 'time')} while it ran`;
  const items = pauses.map((pause) => {
    const until = pause.resumedAt
      ? html`to ${formatTimestamp(pause.resumedAt)}`
      : html`<strong>still paused</strong>`;
    return html`<li>From ${formatTimestamp(pause.at)} ${until}: ${pause.reason}</li>`;
  });
  return html`<div class="callout tone-warn" id="pauses" role="note">
    <p class="callout-title"><span class="icon" aria-hidden="true">‖</span> ${title}</p>
    <ul>
      ${items}
    </ul>
  </div>`;
}

function rowsCard(report: RunReport): SafeHtml {
  const dry = report.run.mode === 'dry-run';
  const totals = report.totals;
  return html`<div class="card" id="totals">
    <p class="card-label">Rows</p>
    <dl class="figures">
      ${figure('Planned', totals.planned)} ${figure(dry ? 'Will migrate' : 'Done', totals.done)}
      ${figure(dry ? 'Will fail' : 'Failed', totals.failed, 'bad')}
      ${figure('Skipped', totals.skipped, 'warn')}
    </dl>
  </div>`;
}

/**
 * The limit is per client id: other migrations running under the same one share it. A dry run's
 * calls are predictions, never calls made, so its card shows only what the live run would make.
 */
function sharedNote(shared: Array<{ runs: number; minutes: number }> | undefined): SafeHtml | '' {
  const [first, ...rest] = shared ?? [];
  if (!first) return '';
  const others = rest.map((s) => html`, ${formatMinutes(s.minutes)} with ${s.runs}`);
  return html`The limit is per client id: migrations running at the same time under the same one
  share it, each at about 1/N of the pace, so this run takes ${aboutDuration(first.minutes * 60)}
  with ${first.runs} running${others}.`;
}

function callsCard(report: RunReport): SafeHtml {
  const predicted = report.calls.predicted;
  const prediction = predicted
    ? html`<p class="card-note" id="prediction">
        The live run will make <strong>${plural(predicted.calls, 'API call')}</strong>:
        ${aboutMinutes(predicted.minutesAtRateLimit)} at the pace Ledgerlift keeps under the API's
        limit, ${formatCount(predicted.requestsPerMinute)} requests a minute.
        ${predicted.underSharing ? describeSharing(predicted.underSharing) : ''}
        ${sharedNote(predicted.shared)}
      </p>`
    : '';
  const counted = report.calls.countedByRun;
  // The run's own count is what the Web UI and `status` showed while it ran: say why this differs.
  const countedNote =
    counted !== undefined
      ? html`<p class="card-note" id="calls-counted">
          Every call in the run's call log, as the chart draws them. While it ran, the Web UI and
          <code>ledgerlift status</code> counted ${formatCount(counted)}: a step counts the calls an
          activity reports back, and an attempt that failed and was retried reports none. The run
          gives this figure from now on.
        </p>`
      : '';
  return html`<div class="card" id="calls">
    <p class="card-label">API calls</p>
    <dl class="figures">
      ${predicted ? figure('The live run would make', predicted.calls) : ''}
      ${predicted ? '' : figure('Made', report.calls.made)}
    </dl>
    ${prediction} ${countedNote}
  </div>`;
}

function problemsCard(report: RunReport): SafeHtml {
  const counts = report.problemCounts;
  return html`<div class="card" id="problem-counts">
    <p class="card-label">Export problems</p>
    <dl class="figures">
      ${figure('Errors', counts.error, 'bad')} ${figure('Warnings', counts.warning, 'warn')}
      ${figure('Info', counts.info)}
    </dl>
  </div>`;
}
