// The undo's HTML report in a real browser, as test/reports/html-in-chromium.test.ts checks the
// migration's: the first screen, no sideways scrolling, and what printing gives (the summary to
// sign by default, every table unclipped when asked). Needs Chromium (CHROMIUM_PATH).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderUndoHtml } from '../../../src/reports/undo/render-undo-html.js';
import type { UndoReport } from '../../../src/reports/undo/undo-report-data.js';
import { chromiumArgs, chromiumPath } from '../../support/chromium.js';
import { needsReviewVerification, sampleUndoReport } from './sample-undo-report.js';

const fold = { width: 1280, height: 800 };
/** A4 less the print stylesheet's 12 mm side margins, in CSS pixels (96 per inch). */
const printableWidth = Math.floor(((210 - 24) / 25.4) * 96);

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
  folder = keep ?? (await mkdtemp(path.join(tmpdir(), 'ledgerlift-undo-html-')));
  await mkdir(folder, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (folder && !keep) await rm(folder, { recursive: true, force: true });
});

async function open(report: UndoReport, name: string): Promise<Page> {
  const file = path.join(folder, `undo-${name}.html`);
  await writeFile(file, renderUndoHtml(report));
  const page = await browser.newPage({ viewport: fold });
  await page.goto(pathToFileURL(file).href);
  return page;
}

/** Evaluated as a string: this project compiles without the DOM library (see html-in-chromium). */
async function inPage(page: Page, expression: string): Promise<unknown> {
  return page.evaluate(expression);
}

async function aboveTheFold(page: Page, selector: string): Promise<boolean> {
  const locator = page.locator(selector);
  if (!(await locator.isVisible())) return false;
  const box = await locator.boundingBox();
  return box !== null && box.height > 0 && box.y + box.height <= fold.height;
}

function pdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

/** A live undo with many records left: long tables, long reasons. */
const long = sampleUndoReport('needs-review', {
  verification: {
    ...needsReviewVerification,
    notReversed: Array.from({ length: 80 }, (_, index) => ({
      ...needsReviewVerification.notReversed[0]!,
      key: `INV-${1000 + index}`,
    })),
  },
});

describe('the undo report in Chromium', () => {
  it('shows the run, status, verdict, calls and records on the first screen', async () => {
    const page = await open(long, 'live');
    try {
      for (const selector of [
        'h1',
        '#status',
        '#mode',
        '#headline',
        '#verdict',
        '#calls',
        '#records',
      ]) {
        expect(await aboveTheFold(page, selector), selector).toBe(true);
      }
      expect(await page.locator('#verdict').innerText()).toMatch(
        /Needs review\s+2 accounts differ/,
      );
      expect(await inPage(page, 'document.documentElement.scrollWidth')).toBeLessThanOrEqual(
        fold.width,
      );
      expect(
        await inPage(
          page,
          `getComputedStyle(document.querySelector('#verification td.num')).textAlign`,
        ),
      ).toBe('right');
      await page.screenshot({ path: path.join(folder, 'undo-live.png') });
    } finally {
      await page.close();
    }
  });

  it('marks a dry run and shows what the live undo would make on the first screen', async () => {
    const page = await open(sampleUndoReport('dry-run'), 'dry-run');
    try {
      expect(await page.title()).toMatch(/^DRY RUN · .* · Ledgerlift undo report$/);
      expect(await page.locator('#mode').innerText()).toMatch(/^DRY RUN/);
      expect(await aboveTheFold(page, '#prediction')).toBe(true);
      expect(await page.locator('#prediction').innerText()).toContain(
        'The live undo would make 47 API calls',
      );
    } finally {
      await page.close();
    }
  });

  it('prints the summary alone to sign, on one page', async () => {
    const page = await open(long, 'summary');
    try {
      await page.emulateMedia({ media: 'print' });
      for (const hidden of ['#details', '.toc', '.page-footer']) {
        expect(await page.locator(hidden).isVisible(), hidden).toBe(false);
      }
      for (const shown of ['h1', '#summary', '#verdict', '#records', '.signoff']) {
        expect(await page.locator(shown).isVisible(), shown).toBe(true);
      }
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      expect(pdfPages(pdf)).toBe(1);
    } finally {
      await page.close();
    }
  });

  it('prints the whole report, when asked, without clipping a table', async () => {
    const page = await open(long, 'print');
    try {
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
        })`,
      );
      expect(layout).toEqual({
        pageWidth: printableWidth,
        clipped: 0,
        headerRepeats: 'table-header-group',
      });
      const pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        path: path.join(folder, 'undo-live.pdf'),
      });
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdfPages(pdf)).toBeGreaterThan(2);
    } finally {
      await page.close();
    }
  });
});
