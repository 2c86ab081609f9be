import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsOf, formatCents } from '../../src/money/index.js';
import type { ReplayRound } from '../../src/migration/contracts/replay-round.js';
import type { IdMapRow, RunReport } from '../../src/reports/run-report.js';
import { writeXlsxReport, type RunRecords } from '../../src/reports/write-xlsx.js';
import { sampleRunReport } from './sample-report.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'ledgerlift-xlsx-records-'));
});
afterAll(async () => rm(folder, { recursive: true, force: true }));

async function sheetRows(report: RunReport, name: string, records: RunRecords = {}) {
  const file = path.join(folder, `${Math.random().toString(36).slice(2)}.xlsx`);
  await writeXlsxReport(report, file, records);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const worksheet = workbook.getWorksheet(name);
  if (!worksheet) throw new Error(`no sheet ${name}`);
  const headers = (worksheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
  const rows: Array<Record<string, ExcelJS.CellValue>> = [];
  const bold: boolean[] = [];
  worksheet.eachRow((row, number) => {
    if (number === 1) return;
    rows.push(Object.fromEntries(headers.map((h, i) => [h, row.getCell(i + 1).value])));
    bold.push(row.getCell(1).font?.bold === true);
  });
  return { rows, bold };
}

function money(value: ExcelJS.CellValue): string {
  if (typeof value !== 'number' && typeof value !== 'string') throw new Error('not money');
  return formatCents(centsOf(String(value)));
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const rounds: ReplayRound[] = [
  {
    round: 0,
    stage: 'live-abc',
    at: '2024-04-01T10:00:00.000Z',
    failedBefore: 0,
    failedAfter: 2,
    failed: [
      { step: 'invoices', entity: 'invoice', key: 'INV-1', code: 'api.400', reason: 'bad date' },
      { step: 'invoices', entity: 'invoice', key: 'INV-2', code: 'api.400', reason: 'bad tax' },
    ],
    fixed: [],
    skipped: [],
    counts: { failed: 2, fixed: 0, skipped: 0 },
  },
  {
    round: 1,
    stage: 'live-abc-replay-1',
    at: '2024-04-01T11:00:00.000Z',
    failedBefore: 2,
    failedAfter: 0,
    failed: [],
    fixed: [{ step: 'invoices', entity: 'invoice', key: 'INV-1', code: 'api.400' }],
    skipped: [{ step: 'invoices', entity: 'invoice', key: 'INV-2', code: 'operator.skipped' }],
    counts: { failed: 0, fixed: 1, skipped: 1 },
  },
];

describe('the sign-off sheets of the workbook', () => {
  it('maps every legacy key to its workspace UUID, step and round', async () => {
    const idMap: IdMapRow[] = [
      { entity: 'customer', key: 'C-1', id: uuid(1), step: 'customers', how: 'created', round: 0 },
      { entity: 'invoice', key: 'INV-1', id: uuid(2), step: 'invoices', how: 'matched', round: 1 },
    ];
    const { rows } = await sheetRows(sampleRunReport('verified'), 'ID map', { idMap: () => idMap });
    expect(rows).toEqual([
      {
        'Legacy key': 'C-1',
        Entity: 'customer',
        'Workspace UUID': uuid(1),
        Step: 'customers',
        How: 'created',
        Round: 0,
      },
      {
        'Legacy key': 'INV-1',
        Entity: 'invoice',
        'Workspace UUID': uuid(2),
        Step: 'invoices',
        How: 'matched (already there)',
        Round: 1,
      },
    ]);
  });

  it('summarises the call log per step: calls, statuses, retries, first and last call', async () => {
    const callLog: RunReport['callLog'] = [
      {
        step: 'customers',
        calls: 5,
        statuses: { '201': 3, '429': 1, none: 1 },
        retries: 2,
        first: '2024-04-01T10:00:00.000Z',
        last: '2024-04-01T10:01:00.000Z',
      },
    ];
    const { rows } = await sheetRows(sampleRunReport('verified', { callLog }), 'Call log');
    expect(rows).toEqual([
      {
        Step: 'customers',
        Calls: 5,
        Statuses: '201 × 3, 429 × 1, no answer × 1',
        'Retried calls': 2,
        'First call': '2024-04-01T10:00:00.000Z',
        'Last call': '2024-04-01T10:01:00.000Z',
      },
    ]);
  });

  it('keeps each round: what failed, what a replay fixed, what was skipped', async () => {
    const report = sampleRunReport('verified', { replayHistory: rounds });
    const { rows } = await sheetRows(report, 'Replay history');
    expect(rows.map((row) => [row.Round, row['What happened'], row['Record key']])).toEqual([
      [0, 'Failed', 'INV-1'],
      [0, 'Failed', 'INV-2'],
      [1, 'Fixed', 'INV-1'],
      [1, 'Skipped', 'INV-2'],
    ]);
    const summary = (await sheetRows(report, 'Summary')).rows;
    expect(summary.find((row) => row.Item === 'Round 1')?.Value).toBe(
      'Replay 1: 2 failed before; 1 fixed, 0 failed again, 1 skipped.',
    );
  });

  it('ends the Steps sheet with a bold totals row', async () => {
    const report = sampleRunReport('live-with-failures');
    const { rows, bold } = await sheetRows(report, 'Steps');
    expect(rows).toHaveLength(report.steps.length + 1);
    expect(bold.at(-1)).toBe(true);
    const sum = (value: (s: RunReport['steps'][number]) => number) =>
      report.steps.reduce((total, s) => total + value(s), 0);
    expect(rows.at(-1)).toMatchObject({
      Step: 'Total',
      Rows: sum((s) => s.rows.planned),
      Done: sum((s) => s.rows.done),
      Failed: sum((s) => s.rows.failed),
      Skipped: sum((s) => s.rows.skipped),
      'API calls': sum((s) => s.calls),
    });
  });

  it('ends the trial balance with totals: debits equal credits, the net is zero', async () => {
    const report = sampleRunReport('verified');
    const { rows, bold } = await sheetRows(report, 'Projected trial balance');
    const total = rows.at(-1)!;
    expect(bold.at(-1)).toBe(true);
    expect(total.Key).toBe('Total');
    expect(money(total['Balance (debit +)'])).toBe('0.00');
    let debits = 0n;
    for (const line of report.projectedTrialBalance) {
      const cents = centsOf(line.balance);
      if (cents > 0n) debits += cents;
    }
    expect(money(total.Debit)).toBe(formatCents(debits));
    expect(money(total.Credit)).toBe(formatCents(debits));
  });

  it('labels the Summary in words, not codes', async () => {
    const { rows } = await sheetRows(sampleRunReport('live-with-failures'), 'Summary');
    const value = (item: string) => rows.find((row) => row.Item === item)?.Value;
    expect(value('Status')).toBe('Needs review');
    expect(value('Compared with')).toBe(
      'The legacy trial balance as at 2024-03-31 (Trial Balance.csv)',
    );
    expect(value('Figures compared')).toBe("The workspace's reports");
    const codes = rows.filter(
      (row) =>
        row.Item !== 'Connection profile' &&
        typeof row.Value === 'string' &&
        /^[a-z]+(-[a-z]+)+$/.test(row.Value),
    );
    expect(codes).toEqual([]);
  });
});
