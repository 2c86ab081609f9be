import { describe, expect, it } from 'vitest';
import { renderProgress } from '../../src/cli/render-progress.js';
import { estimateCallsPerMinute, workerSettings } from '../../src/config/worker-settings.js';
import { estimateLiveRun } from '../../src/reports/live-run-estimate.js';
import { renderHtmlReport } from '../../src/reports/render-html.js';
import { renderDetails } from '../../workflows/render-details.js';
import { sampleRunReport } from './sample-report.js';

const textOf = (page: string) =>
  page
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,:;)])/g, '$1');

describe("a dry run's estimate of the live run", () => {
  it('uses the real API limit, not the pace of a worker on a short sandbox window', () => {
    const real = estimateCallsPerMinute(workerSettings({}));
    expect(real).toBeGreaterThan(97);
    expect(real).toBeLessThanOrEqual(100);
    // The demo stack paces its worker to a 5 s sandbox window, and says what the real limit is.
    const sandboxPaced = {
      ...workerSettings({ LEDGERLIFT_API_RATE_WINDOW_SECONDS: '5' }),
      liveApiLimit: { requestsPerWindow: 100, rateWindowSeconds: 60 },
    };
    expect(estimateCallsPerMinute(sandboxPaced)).toBe(real);
    // A benchmark worker with the pace off still estimates at the limit, paced as a live run is.
    expect(estimateCallsPerMinute(workerSettings({ LEDGERLIFT_API_RATE_LIMIT: 'off' }))).toBe(real);
    // A configured limit (another tier of the API) is what the estimate uses.
    const configured = workerSettings({ LEDGERLIFT_API_REQUESTS_PER_WINDOW: '200' });
    expect(estimateCallsPerMinute(configured)).toBeCloseTo(2 * real, 6);
  });

  it('says how long the calls take alone and when N migrations share the client id', () => {
    const estimate = estimateLiveRun(19_504, 100);
    expect(estimate.minutesAtRateLimit).toBe(195.1);
    expect(estimate.shared).toEqual([
      { runs: 2, minutes: 390.1 },
      { runs: 3, minutes: 585.2 },
      { runs: 4, minutes: 780.2 },
    ]);
  });

  it('shows predicted calls in the HTML report as what the live run would make, never as made', () => {
    const report = sampleRunReport('dry-run');
    report.calls.predicted = estimateLiveRun(134, 120);
    const text = textOf(renderHtmlReport(report));
    expect(text).toContain(
      "The live run will make 134 API calls: about 2 min at the pace Ledgerlift keeps under the API's limit, 120 requests a minute.",
    );
    expect(text).toContain(
      'migrations running at the same time under the same one share it, each at about 1/N of the pace, so this run takes about 3 min with 2 running, 4 min with 3, 5 min with 4.',
    );
    expect(text).not.toMatch(/\bMade\b/);
    // Its figure and its steps' calls are the live run's, never calls this run needed or made.
    expect(text).toContain('API calls The live run would make 134');
    expect(text).toContain(
      'Step Rows Will create Will match Will map Will fail Skipped Calls the live run would make',
    );
  });

  it('gives each figure as a person reads it: a pace of 99, and a short run "under 1 min"', () => {
    // The pace the worker keeps under the limit, as computed: 100 a minute less 1% headroom.
    const report = sampleRunReport('dry-run');
    report.calls.predicted = estimateLiveRun(23, estimateCallsPerMinute(workerSettings({})));
    const page = renderHtmlReport(report);
    const text = textOf(page);
    expect(text).toContain(
      "The live run will make 23 API calls: under 1 min at the pace Ledgerlift keeps under the API's limit, 99 requests a minute.",
    );
    const card = textOf(/id="calls">[\s\S]*?id="problem-counts"/.exec(page)?.[0] ?? '');
    expect(card).not.toMatch(/\d\.\d{2,}/);
    expect(card).not.toContain('about under');
    expect(card).toContain('so this run takes under 1 min with 2 running');
  });

  it('shows predicted calls in the CLI and the Temporal UI as "would make", never as made', () => {
    const report = sampleRunReport('dry-run');
    const progress = { ...report.progress, phase: 'migrating' as const, predictedLiveCalls: 137 };
    const lines = renderProgress(progress).join('\n');
    expect(lines).toContain('API calls: the live run would make 137 (predicted so far)');
    expect(lines).not.toMatch(/\bmade\b/);
    const details = renderDetails(progress);
    expect(details).toContain('Calls the live run would make: 137');
    expect(details).not.toMatch(/\bmade\b/i);

    const live = sampleRunReport('live-with-failures').progress;
    expect(renderProgress(live).join('\n')).toContain(`API calls: ${live.calls.made} made`);
  });
});
