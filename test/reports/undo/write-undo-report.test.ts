import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undoSummary } from '../../../src/cli/commands/undo.js';
import type { UndoOutcome } from '../../../src/migration/contracts/undo-types.js';
import { writeUndoReport } from '../../../src/reports/undo/write-undo-report.js';
import { needsReviewVerification, samplePlan } from './sample-undo-report.js';

let runFolder: string;

beforeAll(async () => {
  runFolder = await mkdtemp(path.join(tmpdir(), 'ledgerlift-undo-report-'));
});

afterAll(async () => {
  await rm(runFolder, { recursive: true, force: true });
});

const outcome: Omit<UndoOutcome, 'reportFolder'> = {
  status: 'needs-review',
  plan: { ...samplePlan, notReversible: samplePlan.notReversible.length },
  estimatedMinutes: 0.8,
  calls: 48,
  verification: needsReviewVerification,
};

describe('the undo report files', () => {
  it('are JSON, HTML and XLSX under reports/<planId>, as a migration report', async () => {
    const folder = await writeUndoReport(
      runFolder,
      samplePlan.planId,
      {
        runName: 'harbor-pine-roasters-2024',
        mode: 'live',
        plan: samplePlan,
        calls: 48,
        requestsPerMinute: 60,
        verification: needsReviewVerification,
      },
      outcome,
    );
    expect(folder).toBe(path.join(runFolder, 'reports', samplePlan.planId));
    expect((await readdir(folder)).sort()).toEqual([
      'undo-report.html',
      'undo-report.json',
      'undo-report.xlsx',
    ]);
    const json = JSON.parse(await readFile(path.join(folder, 'undo-report.json'), 'utf8')) as {
      status: string;
      verification: { differences: unknown[] };
    };
    expect(json.status).toBe('needs-review');
    expect(json.verification.differences).toEqual(needsReviewVerification.differences);
    const page = await readFile(path.join(folder, 'undo-report.html'), 'utf8');
    expect(page).toContain('<h1>harbor-pine-roasters-2024</h1>');
    expect(page).toContain('4000 Sales');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(folder, 'undo-report.xlsx'));
    expect(workbook.getWorksheet('Differences')?.getRow(3).getCell(1).value).toBe('4000 Sales');
  });

  it('are pointed to by `ledgerlift undo`, at the HTML page as `run` does', () => {
    const lines = undoSummary('harbor-pine-roasters-2024', {
      ...outcome,
      reportFolder: '.ledgerlift/runs/harbor-pine-roasters-2024/reports/undo-3f9a01c2b7de',
    });
    expect(lines.at(-1)).toBe(
      '  Report: .ledgerlift/runs/harbor-pine-roasters-2024/reports/undo-3f9a01c2b7de/undo-report.html',
    );
  });
});
