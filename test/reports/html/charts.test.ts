import { describe, expect, it } from 'vitest';
import type { Comparison } from '../../../src/migration/contracts/verification-report.js';
import { agingChart } from '../../../src/reports/html/charts/aging-chart.js';
import { callsPerMinuteChart } from '../../../src/reports/html/charts/calls-per-minute-chart.js';
import { niceTicks } from '../../../src/reports/html/charts/scale.js';
import { stepProgressChart } from '../../../src/reports/html/charts/step-progress-chart.js';
import {
  maxChartAccounts,
  trialBalanceChart,
} from '../../../src/reports/html/charts/trial-balance-chart.js';
import type { RunTimeline } from '../../../src/reports/run-timeline.js';
import { sampleRunReport } from '../sample-report.js';

const count = (markup: string, pattern: RegExp) => markup.match(pattern)?.length ?? 0;

const timeline: RunTimeline = {
  start: '2024-04-02T08:00:00.000Z',
  bucketMinutes: 1,
  calls: [90, 100, 0, 40],
  steps: [
    { step: 'accounts', cumulative: [90, 90, 90, 90] },
    { step: 'invoices', cumulative: [0, 100, 100, 140] },
  ],
};

describe('the charts', () => {
  it('calls per minute: one bar per minute with its count, and the rate limit as a line', () => {
    const svg = callsPerMinuteChart({ timeline, dry: false, requestsPerMinute: 100 }).toString();
    expect(count(svg, /<rect\s+class="mark bar"/g)).toBe(4);
    expect([...svg.matchAll(/data-value="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([
      90, 100, 0, 40,
    ]);
    expect(svg).toContain('class="limit"');
    expect(svg).toContain('rate limit 100');
    expect(svg).toContain('230 calls; busiest minute: 100.');
  });

  it('calls and progress: a dry run says its calls are predicted, not made, and draws nothing', () => {
    for (const chart of [
      callsPerMinuteChart({ timeline: undefined, dry: true }),
      stepProgressChart({ timeline: undefined, dry: true }),
    ]) {
      const markup = chart.toString();
      expect(markup).not.toContain('<svg');
      expect(markup).toContain('Predicted, not made');
    }
  });

  it('progress: one line per step, a point per minute after the origin, each ending at its total', () => {
    const svg = stepProgressChart({ timeline, dry: false }).toString();
    const lines = [...svg.matchAll(/\spoints="([^"]+)"/g)].map((m) => (m[1] ?? '').split(' '));
    expect(lines).toHaveLength(2);
    for (const points of lines) expect(points).toHaveLength(5);
    // Accounts finished in the first minute: its second point is already at 100% (y = top).
    expect(lines[0]?.[1]?.split(',')[1]).toBe('12');
    expect(lines[1]?.[1]?.split(',')[1]).not.toBe('12');
  });

  it('trial balance: two bars per account, differences drawn first and marked with their amount', () => {
    const accounts: Comparison[] = Array.from({ length: maxChartAccounts + 10 }, (_, index) => ({
      key: String(1000 + index),
      name: `Account ${index}`,
      expected: `${(index + 1) * 100}.00`,
      actual: `${(index + 1) * 100}.00`,
      difference: '0.00',
    }));
    // A small difference on an account that would not be drawn by size.
    accounts[0] = { ...accounts[0]!, actual: '100.01', difference: '0.01' };
    const report = sampleRunReport('verified');
    const svg = trialBalanceChart(report.verification && { ...report.verification, accounts });
    const markup = svg.toString();
    expect(count(markup, /<g class="account( differs)?"/g)).toBe(maxChartAccounts);
    expect(count(markup, /class="mark bar legacy"/g)).toBe(maxChartAccounts);
    expect(count(markup, /class="mark bar ours"/g)).toBe(maxChartAccounts);
    expect(markup).toContain('data-key="1000"');
    expect(markup).toContain('≠ 0.01');
    expect(markup).toContain('10 more accounts match and are not drawn');
  });

  it('trial balance: escapes account names, which come from the customer’s books', () => {
    const report = sampleRunReport('verified');
    const hostile = '<script>alert(1)</script>';
    const markup = trialBalanceChart(
      report.verification && {
        ...report.verification,
        accounts: report.verification.accounts.map((line) => ({ ...line, name: hostile })),
      },
    ).toString();
    expect(markup).not.toContain('<script>');
    expect(markup).toContain('&lt;script&gt;');
  });

  it('aging: legacy only in a dry run, with the reason; a message when nothing is due', () => {
    const dry = sampleRunReport('dry-run');
    const markup = agingChart(dry.aging, true).toString();
    expect(count(markup, /class="mark bar legacy"/g)).toBe(10);
    expect(count(markup, /class="mark bar ours"/g)).toBe(0);
    expect(markup).toContain('Predicted, not made');
    const zero = {
      current: '0.00',
      '1-30': '0.00',
      '31-60': '0.00',
      '61-90': '0.00',
      '90+': '0.00',
    };
    const empty = agingChart(
      { asOf: '2024-03-31', receivable: { legacy: zero }, payable: { legacy: zero } },
      false,
    ).toString();
    expect(empty).not.toContain('<svg');
    expect(empty).toContain('Nothing was due at the end date');
  });

  it('picks round axis ticks that include zero', () => {
    expect(niceTicks(0, 100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(-116_000, 120_000)).toEqual([
      -150_000, -100_000, -50_000, 0, 50_000, 100_000, 150_000,
    ]);
    expect(niceTicks(0, 0)).toEqual([0, 1]);
  });
});
