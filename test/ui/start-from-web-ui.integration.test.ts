// A consultant starts a migration from the Temporal Web UI's Start Workflow form, in a real browser,
// and watches it complete on the workflow's page (docs/web-ui.md describes the same steps).
// Needs Debian's Chromium at /usr/bin/chromium (or CHROMIUM_PATH). The integration run's shared dev
// server is headless, so this file starts its own, with the UI, on free loopback ports. Set
// LEDGERLIFT_UI_ARTIFACTS to a folder to keep the screenshots.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { defaultPayloadConverter } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWorkflowId } from '../../src/migration/contracts/run-name.js';
import type { MigrateLedgerInput } from '../../src/migration/contracts/workflow-types.js';
import {
  generateCompany,
  type CompanySize,
} from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import type { migrateLedger } from '../../workflows/migrate-ledger.js';
import { expectedWorkspace } from '../support/expected-workspace.js';
import { testWorkflowBundle } from '../support/temporal.js';
import { uniqueRunName } from '../support/migration-stack.js';
import { runCli } from '../support/cli.js';
import { waitFor } from '../support/wait.js';
import { chromiumArgs, chromiumPath } from '../support/chromium.js';
import { startUiStack, UI_PROFILE, type UiStack } from './support/ui-stack.js';

const viewport = { width: 1280, height: 900 };
const keep = process.env.LEDGERLIFT_UI_ARTIFACTS;

/** The size migrate-ledger.integration.test.ts uses: a live run takes about 10 s. */
const size: CompanySize = {
  customers: 10,
  vendors: 5,
  products: 6,
  invoices: 36,
  bills: 18,
  bankTransactions: 20,
  paidShare: 0.6,
};

/** The statuses the UI's badge shows; any but Running ends the wait. */
const statusBadgeText =
  /^\s*(Running|Completed|Failed|Terminated|Canceled|Timed Out|Continued as New)\s*$/;

function isLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(protocol)) return true; // data:, blob:
  return ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('starting a migration from the Temporal Web UI', () => {
  const company = generateCompany(size, 11);
  let stack: UiStack;
  let browser: Browser;
  let context: BrowserContext;
  let artifacts: string;
  let folder: string;
  /** After a failure the screenshots are kept, and their folder printed. */
  let failed = false;
  /** Requests the page tried to send off the machine (refused). */
  const refused: string[] = [];

  beforeAll(async () => {
    if (!existsSync(chromiumPath)) {
      throw new Error(
        `Chromium is not installed at ${chromiumPath}, and this test drives the Temporal Web UI in a real browser. ` +
          'Install it with: apt-get update && apt-get install -y chromium (CI installs it), ' +
          'or point CHROMIUM_PATH at a Chromium binary.',
      );
    }
    artifacts = keep ?? (await mkdtemp(path.join(tmpdir(), 'ledgerlift-ui-shots-')));
    await mkdir(artifacts, { recursive: true });
    stack = await startUiStack({ workflowBundle: testWorkflowBundle() });
    folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);

    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    context = await browser.newContext({ viewport });
    // The consultant pastes the input: the page may use the clipboard.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: stack.uiUrl,
    });
    // Only loopback is ever contacted: anything else the UI might fetch is refused.
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (isLoopback(url)) return route.continue();
      refused.push(url);
      return route.abort('blockedbyclient');
    });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    if (artifacts && !keep && !failed) await rm(artifacts, { recursive: true, force: true });
  });

  /** Saves a screenshot of what the page shows now, to look at when a step fails. */
  async function evidence(page: Page, name: string): Promise<Buffer> {
    return page.screenshot({ path: path.join(artifacts, `${name}.png`) });
  }

  it('starts a live run from the form filled with `ledgerlift ui-input`, lists it among the runs, until the UI shows it Completed', async () => {
    const runName = uniqueRunName('web-ui');
    const workflowId = runWorkflowId(runName);
    // What a consultant types: the CLI prints each fact of the form once, and the JSON to paste.
    const printed = await runCli(
      [
        'ui-input',
        '--name',
        runName,
        '--source',
        folder,
        '--format',
        'generic',
        '--cutover',
        company.cutoverDate,
        '--end',
        company.endDate,
        '--profile',
        UI_PROFILE,
        '--batch-size',
        '10',
      ],
      { TEMPORAL_ADDRESS: stack.temporal.address, TEMPORAL_UI_URL: stack.uiUrl },
    );
    expect(printed.stderr).toBe('');
    expect(printed.code).toBe(0);
    const field = (label: string) =>
      new RegExp(`^  ${label} +(\\S+)$`, 'm').exec(printed.stdout)?.[1];
    expect(field('Workflow ID')).toBe(workflowId);
    expect(field('Task Queue')).toBe(stack.settings.taskQueue);
    expect(field('Workflow Type')).toBe('migrateLedger');
    expect(printed.stdout).toContain(
      `(${stack.uiUrl}/namespaces/default/workflows/start-workflow)`,
    );
    const pasted = /^\{\n[\s\S]*?\n\}$/m.exec(printed.stdout)?.[0] ?? '';
    const input = JSON.parse(pasted) as Omit<MigrateLedgerInput, 'runName'>;
    // The run name is typed once, as the Workflow ID: the input does not repeat it.
    expect(input).not.toHaveProperty('runName');
    expect(input).toMatchObject({ profile: UI_PROFILE, mode: 'live', batchSize: 10 });

    const page = await context.newPage();
    try {
      // From the workflow list, as a consultant would: the Start Workflow button opens the form.
      await page.goto(`${stack.uiUrl}/namespaces/default/workflows`);
      await page.getByRole('button', { name: 'Start Workflow' }).click();
      await page.waitForURL(/\/namespaces\/default\/workflows\/start-workflow/);
      await page.getByRole('heading', { name: 'Start a Workflow' }).waitFor();

      await page.getByLabel('Workflow ID').fill(field('Workflow ID') ?? '');
      await page.getByLabel('Task Queue').fill(field('Task Queue') ?? '');
      await page.getByLabel('Workflow Type').fill(field('Workflow Type') ?? '');
      // When the Task Queue field loses focus the form looks up its pollers: our workers.
      await page.getByText('Task Queue is Active').waitFor();

      // The input is a code editor (a contenteditable textbox) that the "Data" label points at.
      const dataLabel = page.locator('label', { has: page.getByText('Data', { exact: true }) });
      const editorId = await dataLabel.getAttribute('for');
      expect(editorId).toBeTruthy();
      const editor = page.locator(`[id="${editorId}"]`).getByRole('textbox');
      await editor.click();
      await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(pasted)})`);
      await page.keyboard.press('ControlOrMeta+V');
      expect(JSON.parse(await editor.innerText())).toEqual(input);
      expect(await page.getByRole('radio', { name: 'json/plain' }).isChecked()).toBe(true);
      // As docs/web-ui.md says: leave the editor (Tab) before the one click on Start Workflow.
      await page.keyboard.press('Tab');
      await evidence(page, 'start-workflow-form');

      await page.getByRole('button', { name: 'Start Workflow' }).click();
      await page.getByText('Workflow started successfully').waitFor();

      // The saved view of docs/web-ui.md lists the run, and none of its step children.
      const runsOnly = `${stack.uiUrl}/namespaces/default/workflows?query=${encodeURIComponent('LedgerliftKind = "run"')}`;
      await waitFor(
        `step children of ${workflowId} tagged LedgerliftKind = "step"`,
        async () => (await stack.client.workflow.count('LedgerliftKind = "step"')).count > 0,
        { timeoutMs: 60_000, intervalMs: 500 },
      );
      await waitFor(
        `the run ${workflowId} in the runs-only view`,
        async () => {
          await page.goto(runsOnly);
          return page
            .getByText(workflowId, { exact: true })
            .first()
            .waitFor({ state: 'visible', timeout: 10_000 })
            .then(() => true)
            .catch(() => false);
        },
        { timeoutMs: 60_000, intervalMs: 500 },
      );
      expect(await page.getByText(`${workflowId}/`).count()).toBe(0);
      await evidence(page, 'runs-only-view');

      // The workflow's page: the UI redirects to its latest run and keeps its status current.
      const workflowPage = `${stack.uiUrl}/namespaces/default/workflows/${workflowId}`;
      await page.goto(workflowPage);
      const header = page
        .locator('header')
        .filter({ has: page.getByRole('heading', { level: 1, name: workflowId }) });
      const badge = header.getByText(statusBadgeText).first();
      const seen: string[] = [];
      const final = await waitFor(
        `the workflow page of ${workflowId} to show how the run ended`,
        async () => {
          const status = (await badge.innerText({ timeout: 2_000 })).trim();
          if (seen.at(-1) !== status) seen.push(status);
          return status !== 'Running' && status;
        },
        { timeoutMs: 120_000, intervalMs: 250 },
      );
      expect(final, `statuses seen: ${seen.join(' -> ')}`).toBe('Completed');
      // Its summary names the type and queue the form was given.
      await page.getByRole('link', { name: 'migrateLedger', exact: true }).first().waitFor();
      await page.getByRole('link', { name: 'ledgerlift', exact: true }).first().waitFor();

      const screenshot = await evidence(page, 'workflow-completed');
      expect(pngSize(screenshot)).toEqual(viewport);
      expect(screenshot.length).toBeGreaterThan(20_000);
      await writeFile(path.join(artifacts, 'status-seen.txt'), `${seen.join(' -> ')}\n`);
    } catch (error) {
      failed = true;
      await evidence(page, 'failure').catch(() => undefined);
      console.error(`Screenshots of the Web UI are in ${artifacts}`);
      throw error;
    } finally {
      await page.close();
    }

    // What the UI showed is what Temporal holds: the run the form started, completed and verified.
    const handle = stack.client.workflow.getHandle<typeof migrateLedger>(workflowId);
    const description = await handle.describe();
    expect(description.type).toBe('migrateLedger');
    expect(description.taskQueue).toBe('ledgerlift');
    expect(description.status.name).toBe('COMPLETED');
    // The form sent exactly the pasted object, as the one json/plain argument the workflow takes.
    const history = await handle.fetchHistory();
    const sent =
      history.events?.[0]?.workflowExecutionStartedEventAttributes?.input?.payloads ?? [];
    expect(sent).toHaveLength(1);
    const [payload] = sent;
    expect(Buffer.from(payload?.metadata?.encoding ?? []).toString('utf8')).toBe('json/plain');
    expect(defaultPayloadConverter.fromPayload(payload ?? {})).toEqual(input);
    const outcome = await handle.result();
    expect(outcome.status).toBe('completed');
    expect(outcome.progress.mode).toBe('live');
    // The workflow took its run name from the Workflow ID.
    expect(outcome.progress.runName).toBe(runName);
    expect(outcome.progress.verification).toMatchObject({
      verified: true,
      differences: 0,
      clearingBalance: '0.00',
    });
    expect(outcome.progress.steps.every((s) => s.rows.failed === 0)).toBe(true);
    const expected = expectedWorkspace(company);
    expect(stack.sandbox.admin.counts()).toMatchObject({
      customers: expected.customers,
      vendors: expected.vendors,
      invoices: expected.invoices,
      bills: expected.bills,
    });
    expect(refused).toEqual([]);
  }, 300_000);

  it('shows a dry run whose live run would be blocked, every line of it, in the User Metadata panel', async () => {
    // One customer key twice: an error that blocks a live run, not the dry run's predictions.
    const duplicated = path.join(stack.dir, 'duplicate-key');
    await writeGenericCsv(company.records, duplicated);
    const customers = path.join(duplicated, 'customers.csv');
    const [header = '', first = '', ...rest] = (await readFile(customers, 'utf8')).split('\n');
    await writeFile(customers, [header, first, first, ...rest].join('\n'));
    const runName = uniqueRunName('web-ui-dry');
    const workflowId = runWorkflowId(runName);
    // The input the form sends (the first test shows the form sends it as pasted).
    const input: Omit<MigrateLedgerInput, 'runName'> = {
      source: { folder: duplicated, format: 'generic' },
      profile: UI_PROFILE,
      cutoverDate: company.cutoverDate,
      endDate: company.endDate,
      mode: 'dry-run',
    };
    const handle = await stack.client.workflow.start<typeof migrateLedger>('migrateLedger', {
      taskQueue: stack.settings.taskQueue,
      workflowId,
      args: [input],
    });
    const outcome = await handle.result();
    expect(outcome.status).toBe('blocked');
    expect(outcome.progress.report).toMatch(/\/report\.html$/);

    const page = await context.newPage();
    try {
      await page.goto(`${stack.uiUrl}/namespaces/default/workflows/${workflowId}`);
      await page.getByRole('tab', { name: 'User Metadata' }).click();
      const iframe = page.locator('iframe[title="output"]');
      await iframe.waitFor();
      const frame = iframe.contentFrame();
      await frame.getByText('Calls the live run would make').waitFor();
      await evidence(page, 'dry-run-blocked-details');
      const text = await frame.locator('main').innerText();
      expect(text).toContain(`${runName} · dry-run · blocked`);
      expect(text).toContain(
        'Dry run: The live run would be blocked: 1 error in the exports must be fixed first',
      );
      expect(text).toMatch(/key\.duplicate × 1, the first at customers\.csv row 3/);
      expect(text).toContain(`Report: ${outcome.progress.report}`);

      // The panel sizes itself once, when it loads: no line with text may fall below its bottom
      // edge or past its right edge, where it could not be scrolled to.
      const cut = await frame.locator('main').evaluate<string[], undefined>(
        `[...document.querySelectorAll('main p, main li, main tr')]
          .filter((line) => line.textContent.trim() !== '')
          .filter((line) => {
            const box = line.getBoundingClientRect();
            return box.bottom > window.innerHeight || box.right > document.documentElement.clientWidth;
          })
          .map((line) => line.textContent.trim())`,
      );
      expect(cut).toEqual([]);
    } catch (error) {
      failed = true;
      await evidence(page, 'failure-dry-run').catch(() => undefined);
      console.error(`Screenshots of the Web UI are in ${artifacts}`);
      throw error;
    } finally {
      await page.close();
    }
  }, 300_000);
});
