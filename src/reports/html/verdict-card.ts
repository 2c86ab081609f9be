import { html, type SafeHtml } from './escape.js';
import type { Verdict } from './verdict.js';

/** The verification card that opens every report's summary (the run's and the undo's). */
export function verdictCard(verdict: Verdict): SafeHtml {
  return html`<div class="card verdict tone-${verdict.tone}" id="verdict">
    <p class="card-label">Verification</p>
    <p class="verdict-title">
      <span class="icon" aria-hidden="true">${verdict.icon}</span> ${verdict.title}
    </p>
    ${verdict.finding ? html`<p class="verdict-finding">${verdict.finding}</p>` : ''}
    <p class="card-note">${verdict.detail}</p>
  </div>`;
}
