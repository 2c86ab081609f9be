// The figures a consultant reads are the ones measured, and read the same in the report, the
// workflow's result and the CLI: calls made against the calls charted, a dry run's calls as the
// live run's, the report's page, and the run's pauses with their reasons.
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/reports/run-report.js';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { pauseSignal, progressQuery, resumeSignal } from '../../workflows/handlers.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';
import { waitForWorkflow } from '../support/wait.js';

const company = generateCompany(
  {
    customers: 6,
    vendors: 3,
    products: 3,
    invoices: 12,
    bills: 6,
    bankTransactions: 6,
    paidShare: 0.5,
  },
  31,
);

async function reportOf(file: string | undefined): Promise<{ json: RunReport; html: string }> {
  if (!file) throw new Error('the run named no report');
  const json = JSON.parse(
    await readFile(path.join(path.dirname(file), 'report.json'), 'utf8'),
  ) as RunReport;
  return { json, html: await readFile(file, 'utf8') };
}

describe('the figures of a run, as measured', () => {
  let stack: MigrationStack;
  let folder: string;

  beforeAll(async () => {
    stack = await startMigrationStack();
    folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
  });
  afterAll(async () => stack?.close());

  it('counts the calls it charts, names its page, and reports its pause with the reason', async () => {
    const base = {
      source: { folder, format: 'generic' as const },
      cutoverDate: company.cutoverDate,
      endDate: company.endDate,
      batchSize: 10,
    };
    const dry = await (
      await stack.start({ ...base, runName: uniqueRunName('figures-dry'), mode: 'dry-run' })
    ).result();
    // A dry run makes no call of its own to pace: its calls are the live run's.
    expect(dry.progress.pacePerMinute).toBe(0);
    expect(dry.progress.report).toBe(path.join(dry.progress.reportFolder ?? '', 'report.html'));

    const handle = await stack.start({ ...base, runName: uniqueRunName('figures'), mode: 'live' });
    const reason = 'checking the export with the client';
    await handle.signal(pauseSignal, { reason });
    await waitForWorkflow(
      'the run to pause',
      handle,
      async () => (await handle.query(progressQuery)).phase === 'paused',
    );
    await handle.signal(resumeSignal, {});
    const live = await handle.result();
    expect(live.status).toBe('completed');

    // The result names the page a consultant opens, and it is there.
    expect(live.progress.report).toBe(path.join(live.progress.reportFolder ?? '', 'report.html'));
    await access(live.progress.report ?? '');
    const { json, html } = await reportOf(live.progress.report);

    // Made, charted and counted by the run are the same calls: reads included, none twice.
    const charted = json.timeline?.calls.reduce((sum, calls) => sum + calls, 0);
    expect(json.calls.made).toBe(charted);
    expect(json.calls.made).toBe(live.progress.calls.made);
    expect(json.calls.countedByRun).toBeUndefined();
    const callLog = (json.callLog ?? []).reduce((sum, step) => sum + step.calls, 0);
    expect(callLog).toBe(json.calls.made);

    // The pause is part of the record: when, why, and that it ended.
    expect(json.progress.pauses).toEqual([
      { at: expect.any(String) as string, reason, resumedAt: expect.any(String) as string },
    ]);
    const pauses = /<div class="callout tone-warn" id="pauses"[\s\S]*?<\/div>/.exec(html)?.[0];
    expect(pauses).toContain('Paused 1 time while it ran');
    expect(pauses).toContain(reason);
  });
});
