// The sign-off pack in a real browser: the charts draw the run's figures, the summary fits one
// screen at 1400x900, and printing gives the summary alone on one page. Needs Chromium (see
// test/support/chromium.ts); LEDGERLIFT_REPORT_ARTIFACTS keeps the screenshots and PDF.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agingBuckets } from '../../src/migration/contracts/verification-report.js';
import { renderHtmlReport } from '../../src/reports/render-html.js';
import type { RunReport } from '../../src/reports/run-report.js';
import { chromiumArgs, chromiumPath } from '../support/chromium.js';
import { manyFailedRows, sampleRunReport } from './sample-report.js';

const screen = { width: 1400, height: 900 };

let browser: Browser;
let folder: string;
const keep = process.env.LEDGERLIFT_REPORT_ARTIFACTS;

beforeAll(async () => {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is not installed at ${chromiumPath}: apt-get install -y chromium, or set CHROMIUM_PATH.`,
    );
  }
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  folder = keep ?? (await mkdtemp(path.join(tmpdir(), 'ledgerlift-signoff-')));
  await mkdir(folder, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (folder && !keep) await rm(folder, { recursive: true, force: true });
});

async function open(report: RunReport, name: string): Promise<Page> {
  const file = path.join(folder, `signoff-${name}.html`);
  await writeFile(file, renderHtmlReport(report));
  const page = await browser.newPage({ viewport: screen });
  await page.goto(pathToFileURL(file).href);
  return page;
}

/** Evaluated as a string: this project compiles without the DOM library (see html-in-chromium). */
async function inPage<T>(page: Page, expression: string): Promise<T> {
  return page.evaluate<T>(expression);
}

/** An attribute (or, with `text`, the text) of every element the selector finds, in order. */
function valuesOf(page: Page, selector: string, attribute: string): Promise<string[]> {
  const read =
    attribute === 'text' ? 'e.textContent' : `e.getAttribute(${JSON.stringify(attribute)})`;
  return inPage<string[]>(
    page,
    `[...document.querySelectorAll(${JSON.stringify(selector)})].map((e) => String(${read}))`,
  );
}

function pdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

describe('the sign-off pack in Chromium', () => {
  const live = sampleRunReport('live-with-failures', {
    failedRows: [...sampleRunReport().failedRows, ...manyFailedRows(120)],
  });

  it('draws one bar per minute, holding every call the run made', async () => {
    const page = await open(live, 'calls');
    try {
      const timeline = live.timeline;
      expect(timeline).toBeDefined();
      const bars = page.locator('#chart-calls svg rect.mark');
      expect(await bars.count()).toBe(timeline?.calls.length);
      const values = (await valuesOf(page, '#chart-calls svg rect.mark', 'data-value')).map(Number);
      expect(values).toEqual(timeline?.calls);
      expect(values.reduce((a, b) => a + b, 0)).toBe(live.calls.made);
      // The busiest minute is the tallest bar.
      const heights = (await valuesOf(page, '#chart-calls svg rect.mark', 'height')).map(Number);
      const busiest = values.indexOf(Math.max(...values));
      expect(Math.max(...heights)).toBe(heights[busiest]);
    } finally {
      await page.close();
    }
  });

  it('draws one line per step with a point per minute, ending at 100%', async () => {
    const page = await open(live, 'progress');
    try {
      const lines = page.locator('#chart-progress svg polyline.mark');
      const stepsWithCalls = live.steps.filter((step) => step.calls > 0).length;
      expect(await lines.count()).toBe(stepsWithCalls);
      const points = (await valuesOf(page, '#chart-progress svg polyline.mark', 'points')).map(
        (list) => list.trim().split(/\s+/),
      );
      for (const line of points) {
        // The origin, then one point per minute.
        expect(line.length).toBe((live.timeline?.calls.length ?? 0) + 1);
        // The last point is at the top of the plot: every call of the step was sent.
        expect(line[line.length - 1]?.split(',')[1]).toBe('12');
      }
    } finally {
      await page.close();
    }
  });

  it('draws two bars per account and marks exactly the accounts that differ', async () => {
    const page = await open(live, 'trial-balance');
    try {
      const accounts = live.verification?.accounts ?? [];
      const chart = page.locator('#chart-trial-balance');
      expect(await chart.locator('g.account').count()).toBe(accounts.length);
      expect(await chart.locator('rect.mark.legacy').count()).toBe(accounts.length);
      expect(await chart.locator('rect.mark.ours').count()).toBe(accounts.length);
      const differing = accounts.filter((line) => line.difference !== '0.00');
      const marked = await valuesOf(page, '#chart-trial-balance g.account.differs', 'data-key');
      expect(marked.sort()).toEqual(differing.map((line) => line.key).sort());
      const markers = await valuesOf(
        page,
        '#chart-trial-balance g.account.differs text.marker',
        'text',
      );
      expect(markers).toContain('≠ 1,240.00');
    } finally {
      await page.close();
    }
  });

  it('draws legacy and workspace aging bucket by bucket, marking the buckets that differ', async () => {
    const page = await open(live, 'aging');
    try {
      const chart = page.locator('#chart-aging');
      expect(await chart.locator('rect.mark.legacy').count()).toBe(2 * agingBuckets.length);
      expect(await chart.locator('rect.mark.ours').count()).toBe(2 * agingBuckets.length);
      const aging = live.aging;
      const differing = (['receivable', 'payable'] as const).flatMap((side) =>
        agingBuckets.filter(
          (bucket) => aging?.[side].workspace?.[bucket] !== aging?.[side].legacy[bucket],
        ),
      );
      expect(await chart.locator('g.bucket.differs').count()).toBe(differing.length);
    } finally {
      await page.close();
    }
  });

  it('gives every chart a text alternative: a labelled image and its figures in a table', async () => {
    const page = await open(live, 'alternatives');
    try {
      const charts = await inPage<Array<{ id: string; label: string; rows: number }>>(
        page,
        `[...document.querySelectorAll('figure.chart')].map((figure) => {
          const svg = figure.querySelector('svg[role="img"]');
          const label = (svg.getAttribute('aria-labelledby') || '').split(' ')
            .map((id) => document.getElementById(id)?.textContent.trim() ?? '').join(' | ');
          return { id: figure.id, label, rows: figure.querySelectorAll('details tbody tr').length };
        })`,
      );
      expect(charts.map((chart) => chart.id)).toEqual([
        'chart-calls',
        'chart-progress',
        'chart-trial-balance',
        'chart-aging',
      ]);
      for (const chart of charts) {
        expect(chart.label, chart.id).toMatch(/\S+ \| \S+/);
        expect(chart.rows, chart.id).toBeGreaterThan(0);
      }
      // The figures are behind a disclosure, and open on request.
      const details = page.locator('#chart-trial-balance details');
      expect(await details.locator('table').isVisible()).toBe(false);
      await details.locator('summary').click();
      expect(await details.locator('tbody tr').count()).toBe(live.verification?.accounts.length);
    } finally {
      await page.close();
    }
  });

  it('says a dry run made no call instead of drawing empty charts', async () => {
    const page = await open(sampleRunReport('dry-run'), 'dry-run');
    try {
      for (const id of ['#chart-calls', '#chart-progress']) {
        expect(await page.locator(`${id} svg`).count(), id).toBe(0);
        expect(await page.locator(`${id} .chart-empty`).innerText(), id).toMatch(
          /^Predicted, not made/,
        );
      }
      // The projected books are still drawn against the legacy ones; aging has the legacy side.
      expect(await page.locator('#chart-trial-balance rect.mark.ours').count()).toBeGreaterThan(0);
      expect(await page.locator('#chart-aging rect.mark.ours').count()).toBe(0);
      expect(await page.locator('#chart-aging rect.mark.legacy').count()).toBe(
        2 * agingBuckets.length,
      );
    } finally {
      await page.close();
    }
  });

  // A live run paused twice on its way, and a dry run whose live run would be blocked: each says
  // so in the summary, which must still fit.
  const verified = sampleRunReport('verified');
  const pausedTwice = sampleRunReport('verified', {
    progress: {
      ...verified.progress,
      pauses: [
        {
          at: '2024-04-02T09:12:00.000Z',
          reason: 'invoices: CredentialProblem: the refresh token was revoked; connect again',
          resumedAt: '2024-04-02T09:20:00.000Z',
        },
        {
          at: '2024-04-02T09:31:00.000Z',
          reason: 'checking the export with the client',
          resumedAt: '2024-04-02T09:33:00.000Z',
        },
      ],
    },
  });
  const dry = sampleRunReport('dry-run');
  const dryBlocked = sampleRunReport('dry-run', {
    run: { ...dry.run, phase: 'blocked' },
    progress: {
      ...dry.progress,
      phase: 'blocked',
      blockedReason:
        'The live run would be blocked: 3 errors in the exports must be fixed first, or the run started with skipInvalidRows (--skip-invalid-rows) to leave those rows out.',
    },
  });
  const reports = {
    'live-with-failures': live,
    verified,
    'dry-run': dry,
    blocked: sampleRunReport('blocked'),
    'paused-twice': pausedTwice,
    'dry-run-blocked': dryBlocked,
  };
  for (const [scenario, report] of Object.entries(reports)) {
    it(`fits the summary of a ${scenario} report on one 1400x900 screen`, async () => {
      const page = await open(report, `fit-${scenario}`);
      try {
        const box = await page.locator('#summary').boundingBox();
        expect(box).not.toBeNull();
        expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(screen.height);
        for (const selector of ['h1', '#mode', '#verdict', '#books', '#attention', '#totals']) {
          expect(await page.locator(selector).isVisible(), selector).toBe(true);
        }
        expect(await inPage<number>(page, 'document.documentElement.scrollWidth')).toBe(
          screen.width,
        );
        await page.screenshot({ path: path.join(folder, `fit-${scenario}.png`) });
      } finally {
        await page.close();
      }
    });
  }

  it('links each count of what needs attention to its rows', async () => {
    const page = await open(live, 'attention');
    try {
      const texts = await valuesOf(page, '#attention a', 'text');
      const hrefs = await valuesOf(page, '#attention a', 'href');
      const links = texts.map((text, index) => [text.replace(/\s+/g, ' ').trim(), hrefs[index]]);
      expect(links).toContainEqual([`${live.failedRows.length} failed rows`, '#failed-rows']);
      expect(links).toContainEqual(['7 differences in the books', '#verification']);
      for (const [, href] of links) expect(await page.locator(href ?? '#none').count()).toBe(1);
    } finally {
      await page.close();
    }
  });

  it('prints the summary alone, on one A4 page with lines to sign', async () => {
    const page = await open(live, 'print-summary');
    try {
      await page.emulateMedia({ media: 'print' });
      for (const hidden of ['#charts', '#failed-rows', '#details', '.toc', '.page-footer']) {
        expect(await page.locator(hidden).isVisible(), hidden).toBe(false);
      }
      for (const shown of ['h1', '#summary', '#verdict', '#books', '#attention', '.signoff']) {
        expect(await page.locator(shown).isVisible(), shown).toBe(true);
      }
      const pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        path: path.join(folder, 'summary.pdf'),
      });
      expect(pdfPages(pdf)).toBe(1);
      // On screen the sign-off lines are not shown: they belong to the printed page.
      await page.emulateMedia({ media: 'screen' });
      expect(await page.locator('.signoff').isVisible()).toBe(false);
    } finally {
      await page.close();
    }
  });
});
