import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../../src/reports/run-report.js';
import {
  generateCompany,
  type CompanySize,
} from '../../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../../src/synthetic-company/write-generic-csv.js';
import {
  finishSignal,
  progressQuery,
  retryFailedRowsUpdate,
  skipRowsUpdate,
} from '../../../workflows/handlers.js';
import {
  liveRun,
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../../support/migration-stack.js';
import { refuseInvoices } from '../../support/refused-invoices.js';
import { waitForWorkflow } from '../../support/wait.js';

const size: CompanySize = {
  customers: 6,
  vendors: 3,
  products: 4,
  invoices: 16,
  bills: 6,
  bankTransactions: 6,
  paidShare: 0.5,
};

/** Invoices whose lines post to an expense account: the API refuses them. */
function text(value: ExcelJS.CellValue): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

async function reportIn(folder: string | undefined): Promise<RunReport> {
  if (!folder) throw new Error('no report folder');
  return JSON.parse(await readFile(path.join(folder, 'report.json'), 'utf8')) as RunReport;
}

describe('the replay history of a live run', () => {
  let stack: MigrationStack;
  let broken: string[];
  let first: RunReport;
  let replayed: RunReport;
  let reportFolder: string;

  beforeAll(async () => {
    stack = await startMigrationStack();
    const company = generateCompany(size, 47);
    const folder = path.join(stack.dir, 'exports');
    broken = refuseInvoices(stack, company, 3);
    await writeGenericCsv(company.records, folder);
    const runName = uniqueRunName('rounds');
    const handle = await stack.start(liveRun(company, folder, runName));
    const waiting = await waitForWorkflow(
      'the main pass to wait for the operator',
      handle,
      async () => {
        const progress = await handle.query(progressQuery);
        return progress.phase === 'awaiting-operator' ? progress : undefined;
      },
      { timeoutMs: 150_000 },
    );
    first = await reportIn(waiting.reportFolder);

    // The consultant gives up on one invoice, has the cause of the others fixed and replays.
    await handle.executeUpdate(skipRowsUpdate, {
      args: [{ step: 'invoices', keys: [broken[0]!] }],
    });
    stack.sandbox.admin.clearFaults();
    await handle.executeUpdate(retryFailedRowsUpdate, { args: [{}] });
    const afterReplay = await waitForWorkflow(
      'the replay to finish',
      handle,
      async () => {
        const progress = await handle.query(progressQuery);
        return progress.round === 1 && progress.phase === 'awaiting-operator'
          ? progress
          : undefined;
      },
      { timeoutMs: 150_000 },
    );
    reportFolder = afterReplay.reportFolder!;
    replayed = await reportIn(reportFolder);
    await handle.signal(finishSignal, {});
    await handle.result();
  });
  afterAll(async () => stack?.close());

  it('records the main pass with the rows that failed', () => {
    const [main] = first.replayHistory ?? [];
    expect(main?.round).toBe(0);
    const failedInvoices = main?.failed.filter((row) => row.step === 'invoices') ?? [];
    expect(failedInvoices.map((row) => row.key).sort()).toEqual([...broken].sort());
    expect(failedInvoices.every((row) => row.code?.startsWith('api.4'))).toBe(true);
  });

  it("keeps the earlier failures in a replay round's report: fixed, skipped, failed again", () => {
    const rounds = replayed.replayHistory ?? [];
    expect(rounds.map((round) => round.round)).toEqual([0, 1]);
    const [main, replay] = rounds;
    expect(main).toEqual(first.replayHistory?.[0]);
    expect(replay?.failedBefore).toBe(main?.failedAfter);
    expect(
      replay?.fixed
        .filter((row) => row.entity === 'invoice')
        .map((row) => row.key)
        .sort(),
    ).toEqual(broken.slice(1).sort());
    expect(replay?.skipped.find((row) => row.key === broken[0])?.code).toBe('operator.skipped');
    expect(replay?.counts.failed).toBe(replay?.failedAfter);
  });

  it('shows the rounds in the HTML page and the XLSX workbook', async () => {
    const page = await readFile(path.join(reportFolder, 'report.html'), 'utf8');
    expect(page).toContain('id="replay-history"');
    expect(page).toContain('Replay 1:');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(reportFolder, 'report.xlsx'));
    const sheet = workbook.getWorksheet('Replay history');
    const lines: string[] = [];
    sheet?.eachRow((row, number) => {
      if (number > 1)
        lines.push(
          `${text(row.getCell(1).value)} ${text(row.getCell(2).value)} ${text(row.getCell(5).value)}`,
        );
    });
    for (const key of broken) expect(lines).toContain(`0 Failed ${key}`);
    expect(lines).toContain(`1 Skipped ${broken[0]}`);
    expect(lines).toContain(`1 Fixed ${broken[1]}`);
    const idMap = workbook.getWorksheet('ID map');
    const replayedIds: string[] = [];
    idMap?.eachRow((row) => {
      if (row.getCell(6).value === 1) replayedIds.push(text(row.getCell(1).value));
    });
    expect(replayedIds).toEqual(expect.arrayContaining(broken.slice(1)));
  });
});
