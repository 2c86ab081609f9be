import type { RunReport } from '../run-report.js';
import { agingChart } from './charts/aging-chart.js';
import { callsPerMinuteChart } from './charts/calls-per-minute-chart.js';
import { stepProgressChart } from './charts/step-progress-chart.js';
import { trialBalanceChart } from './charts/trial-balance-chart.js';
import { html, type SafeHtml } from './escape.js';

/**
 * The run at a glance, drawn: how fast it called the API, how each step progressed, and the books
 * against the legacy ones (trial balance by account, aging by bucket). Inline SVG, no assets.
 */
export function chartsSection(report: RunReport): SafeHtml {
  const dry = report.run.mode === 'dry-run';
  const rate = report.calls.predicted?.requestsPerMinute;
  return html`<section id="charts" aria-labelledby="charts-title">
    <h2 id="charts-title">At a glance</h2>
    <div class="chart-grid">
      ${callsPerMinuteChart({
        timeline: report.timeline,
        dry,
        ...(rate ? { requestsPerMinute: rate } : {}),
      })}
      ${stepProgressChart({ timeline: report.timeline, dry })}
    </div>
    ${trialBalanceChart(report.verification)} ${agingChart(report.aging, dry)}
  </section>`;
}
