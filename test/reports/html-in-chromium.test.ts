// The HTML report in a real browser: what a consultant sees first, and what printing to PDF gives.
// Needs Debian's Chromium at /usr/bin/chromium (or CHROMIUM_PATH); CI installs it. Set
// LEDGERLIFT_REPORT_ARTIFACTS to a folder to keep the screenshots and PDFs for a look.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtmlReport } from '../../src/reports/render-html.js';
import type { RunReport } from '../../src/reports/run-report.js';
import { chromiumArgs, chromiumPath } from '../support/chromium.js';
import { manyFailedRows, sampleRunReport } from './sample-report.js';

const fold = { width: 1280, height: 800 };
/** A4 less the print stylesheet's 12 mm side margins, in CSS pixels (96 per inch). */
const printableWidth = Math.floor(((210 - 24) / 25.4) * 96);

let browser: Browser;
let folder: string;
const keep = process.env.LEDGERLIFT_REPORT_ARTIFACTS;

beforeAll(async () => {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is not installed at ${chromiumPath}, and this test checks the HTML report in a real browser. ` +
        'Install it with: apt-get update && apt-get install -y chromium (CI installs it), ' +
        'or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  folder = keep ?? (await mkdtemp(path.join(tmpdir(), 'ledgerlift-html-')));
  await mkdir(folder, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (folder && !keep) await rm(folder, { recursive: true, force: true });
});

async function open(report: RunReport, name: string): Promise<Page> {
  const file = path.join(folder, `${name}.html`);
  await writeFile(file, renderHtmlReport(report));
  const page = await browser.newPage({ viewport: fold });
  await page.goto(pathToFileURL(file).href);
  return page;
}

/**
 * Evaluates an expression in the page. Written as a string because this project compiles without
 * the DOM library (Node code must not see browser globals); the result is checked by the caller.
 */
async function inPage(page: Page, expression: string): Promise<unknown> {
  return page.evaluate(expression);
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

function pdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

/** True when the element is rendered and its bottom edge is within the first screen. */
async function aboveTheFold(page: Page, selector: string): Promise<boolean> {
  const locator = page.locator(selector);
  if (!(await locator.isVisible())) return false;
  const box = await locator.boundingBox();
  return box !== null && box.height > 0 && box.y + box.height <= fold.height;
}

describe('the HTML report in Chromium', () => {
  const large = sampleRunReport('live-with-failures', {
    failedRows: [...sampleRunReport().failedRows, ...manyFailedRows(400)],
  });

  it('shows the run, headline and verdict above the fold, then the failed rows', async () => {
    const page = await open(large, 'live');
    try {
      for (const selector of ['h1', '#mode', '#headline', '#verdict', '#totals']) {
        expect(await aboveTheFold(page, selector), selector).toBe(true);
      }
      expect(await page.locator('h1').innerText()).toBe('harbor-pine-roasters-2024');
      expect(await page.locator('#verdict').innerText()).toMatch(/Needs review\s+7 differences/);
      const failed = page.locator('#failed-rows');
      expect(await failed.count()).toBe(1);
      expect(await failed.innerText()).toContain('Invoices.csv row 239, column "DueDate"');
      // Nothing wider than the window: no sideways scrolling to read a table.
      expect(await inPage(page, 'document.documentElement.scrollWidth')).toBeLessThanOrEqual(
        fold.width,
      );
      // Figures line up: right-aligned tabular numerals.
      expect(
        await inPage(page, `getComputedStyle(document.querySelector('#steps td.num')).textAlign`),
      ).toBe('right');
      expect(
        await inPage(
          page,
          `getComputedStyle(document.querySelector('#steps td.num')).fontVariantNumeric`,
        ),
      ).toBe('tabular-nums');

      const screenshot = await page.screenshot({ path: path.join(folder, 'live.png') });
      expect(pngSize(screenshot)).toEqual(fold);
      expect(screenshot.length).toBeGreaterThan(20_000);
    } finally {
      await page.close();
    }
  });

  it('marks a dry run and shows its predictions on the first screen', async () => {
    const page = await open(sampleRunReport('dry-run'), 'dry-run');
    try {
      expect(await aboveTheFold(page, '#mode')).toBe(true);
      expect(await page.locator('#mode').innerText()).toMatch(/^DRY RUN/);
      expect(await aboveTheFold(page, '#prediction')).toBe(true);
      expect(await page.locator('#prediction').innerText()).toContain('134 API calls');
      expect(await page.title()).toMatch(/^DRY RUN · /);
    } finally {
      await page.close();
    }
  });

  it('shows why a blocked run is blocked on the first screen', async () => {
    const page = await open(sampleRunReport('blocked'), 'blocked');
    try {
      expect(await aboveTheFold(page, '#blocked')).toBe(true);
      expect(await page.locator('#blocked').innerText()).toContain('3 errors that stop a live run');
      await page.screenshot({ path: path.join(folder, 'blocked.png') });
    } finally {
      await page.close();
    }
  });

  it('shows hostile customer data as text and runs nothing', async () => {
    const hostile = `<img src=x onerror="document.title='owned'"><script>document.title='owned'</script>`;
    const base = sampleRunReport('live-with-failures');
    const report: RunReport = {
      ...base,
      run: { ...base.run, runName: hostile },
      failedRows: base.failedRows.map((row) => ({ ...row, key: hostile, reason: hostile })),
    };
    const page = await open(report, 'hostile');
    try {
      expect(await page.locator('h1').innerText()).toBe(hostile);
      expect(await page.locator('#failed-rows').innerText()).toContain(hostile);
      expect(await page.locator('script, img').count()).toBe(0);
      expect(await page.title()).not.toBe('owned');
    } finally {
      await page.close();
    }
  });

  it('prints the whole report, when asked, to PDF over several A4 pages without clipping a table', async () => {
    const page = await open(large, 'print');
    try {
      // By default only the summary prints (report-signoff-in-chromium.test.ts); the box asks for all.
      await page.locator('#print-all').check();
      await page.emulateMedia({ media: 'print' });
      await page.setViewportSize({ width: printableWidth, height: 1000 });
      const layout = await inPage(
        page,
        `({
          pageWidth: document.documentElement.scrollWidth,
          clipped: [...document.querySelectorAll('.table-wrap')].filter(
            (wrap) => wrap.scrollWidth > wrap.clientWidth + 1,
          ).length,
          headerRepeats: getComputedStyle(document.querySelector('thead')).display,
          rowsKeepTogether: getComputedStyle(document.querySelector('tbody tr')).breakInside,
        })`,
      );
      expect(layout).toEqual({
        pageWidth: printableWidth,
        clipped: 0,
        headerRepeats: 'table-header-group',
        rowsKeepTogether: 'avoid',
      });

      const pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        path: path.join(folder, 'live.pdf'),
      });
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(50_000);
      expect(pdfPages(pdf)).toBeGreaterThan(3);
    } finally {
      await page.close();
    }
  });
});
