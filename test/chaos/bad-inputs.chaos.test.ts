import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/ledger/index.js';
import type { RunReport } from '../../src/reports/run-report.js';
import {
  generateCompany,
  type CompanySize,
  type GeneratedCompany,
} from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { finishSignal, progressQuery } from '../../workflows/handlers.js';
import type { RunOutcome } from '../../workflows/migrate-ledger.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';
import { waitForWorkflow } from '../support/wait.js';
import {
  brokenFolder,
  columnLetter,
  columnNumber,
  excelSerial,
  expectedProblems,
  mixedEncoding,
  utf16WithBom,
  type BrokenFolder,
  type Defect,
  type ExpectedLocation,
} from './support/broken-exports.js';
import { liveOutcomes } from './support/outcomes.js';
import { partnerRequests } from './support/request-log.js';
import { summary } from './support/summary.js';
import { auditWorkspace, expectRunHeld, expectedCounts } from './support/workspace-audit.js';

const size: CompanySize = {
  customers: 8,
  vendors: 4,
  products: 5,
  invoices: 20,
  bills: 8,
  bankTransactions: 12,
  paidShare: 0.6,
};

const cells = (line: string) => line.split(',');
const keyOf = (line: string) => cells(line)[0] as string;
const rows = (lines: string[]) => lines.slice(1).filter(Boolean);
/** The 1-based row of the file's last line (the files end with a line break). */
const lastRow = (lines: string[]) => lines.length - 1;

function setCell(line: string, index: number, value: string): string {
  const parts = cells(line);
  parts[index] = value;
  return parts.join(',');
}

/** The lines with one named column's value changed on the rows `change` answers for. */
function mapColumn(
  lines: string[],
  column: string,
  change: (value: string, i: number) => string | undefined,
): string[] {
  const index = columnNumber(lines[0] as string, column) - 1;
  return lines.map((line, i) => {
    if (i === 0 || !line) return line;
    const changed = change(cells(line)[index] as string, i);
    return changed === undefined ? line : setCell(line, index, changed);
  });
}

/** "2026-02-06" → "02/06/2026" when the day is 12 or less, so it reads either way round. */
function eitherWay(value: string): string | undefined {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!date || Number(date[3]) > 12) return undefined;
  return `${date[2]}/${date[3]}/${date[1]}`;
}

const TITLE = ['Sandbox Trading Co', 'Bills export, all dates', ''];
const PAYMENTS_SHEET = 'customer_payments';

const defects: Defect[] = [
  {
    name: 'unterminated quote',
    file: 'bank_transactions.csv',
    corrupt: (lines) =>
      lines.map((line, i) => (i === 7 ? setCell(line, 4, `"${cells(line)[4]}`) : line)),
    expected: { code: 'csv.unterminated-quote', row: 8 },
    unread: (lines) =>
      lines
        .slice(7)
        .filter(Boolean)
        .map((l) => `bank-transaction/${keyOf(l)}`),
  },
  {
    name: 'wrong delimiter on one row',
    file: 'customers.csv',
    corrupt: (lines) => lines.map((line, i) => (i === 3 ? line.replaceAll(',', ';') : line)),
    expected: { code: 'value.required', row: 4, column: 'Name' },
    // The whole line became its key cell.
    unread: (lines) => [`customer/${keyOf(lines[3] as string)}`],
  },
  {
    name: 'missing required column',
    file: 'vendor_payments.csv',
    corrupt: (lines) =>
      lines.map((line, i) => (i === 0 ? line.replace(',Amount,', ',Total,') : line)),
    expected: { code: 'header.missing-column', row: 1 },
    unread: (lines) => rows(lines).map((l) => `vendor-payment/${keyOf(l)}`),
  },
  {
    name: 'duplicate key',
    file: 'products.csv',
    corrupt: (lines) =>
      lines.map((line, i) => (i === 2 ? setCell(line, 0, keyOf(lines[1] as string)) : line)),
    expected: { code: 'key.duplicate', row: 3 },
    // Row 3 now carries row 2's key: its own record is gone from the export.
    unread: (lines) => [`product/${keyOf(lines[2] as string)}`],
  },
  {
    name: 'unknown reference',
    file: 'bills.csv',
    // Every row of the last bill names a vendor that does not exist.
    corrupt: (lines) => {
      const last = keyOf(lines[lines.length - 2] as string);
      return lines.map((line) => (keyOf(line) === last ? setCell(line, 2, 'V99999') : line));
    },
    expected: { code: 'reference.unknown-vendor', row: 0 },
  },
  {
    name: 'amount with three decimals',
    file: 'bank_transactions.csv',
    corrupt: (lines) =>
      lines.map((line, i) => (i === 2 ? setCell(line, 3, `${cells(line)[3]}5`) : line)),
    expected: { code: 'amount.too-many-decimals', row: 3, column: 'Amount' },
  },
  {
    name: 'CSV cut off mid-row',
    file: 'invoices.csv',
    // The transfer stopped inside the last row's Date: no final line break.
    corrupt: (lines) => {
      const last = lines[lines.length - 2] as string;
      const cut = cells(last).slice(0, 3).join(',').length + ','.length + 'YYYY-'.length;
      return [...lines.slice(0, -2), last.slice(0, cut)];
    },
    expected: { code: 'date.invalid', row: lastRow, column: 'Date' },
    also: [{ code: 'csv.truncated', severity: 'warning', row: lastRow, says: () => 'cut off' }],
    // The cut row takes the whole invoice (all its lines) with it.
    unread: (lines) => [`invoice/${keyOf(lines[lines.length - 2] as string)}`],
  },
  {
    name: 'workbook cut off in transfer',
    file: 'credit_applications.csv',
    workbook: () => undefined,
    bytes: (workbook) => workbook.subarray(0, Math.floor(workbook.length / 2)),
    expected: { code: 'xlsx.unreadable', row: 1, says: () => 'save it again' },
    unread: (lines) => rows(lines).map((l) => `credit-application/${keyOf(l)}`),
  },
  {
    name: 'more cells than the header',
    file: 'customers.csv',
    // A name with an unquoted comma: "Summit Dental 7, Inc".
    corrupt: (lines) =>
      lines.map((line, i) => (i === 7 ? setCell(line, 1, `${cells(line)[1]}, Inc`) : line)),
    expected: { code: 'csv.column-count', row: 8 },
    unread: (lines) => [`customer/${keyOf(lines[7] as string)}`],
  },
  {
    name: 'stray quote inside a value',
    file: 'vendors.csv',
    // A nickname in quotes at the start of an unquoted name: "Pioneer" Studio 10 Supply.
    corrupt: (lines) =>
      lines.map((line, i) => {
        if (i !== 3) return line;
        const [first, ...rest] = (cells(line)[1] as string).split(' ');
        return setCell(line, 1, `"${first}" ${rest.join(' ')}`);
      }),
    expected: { code: 'csv.invalid-quote', row: 4, says: () => 'closing quote' },
    // The reader stops at a broken quote: the rows below it are not read either.
    unread: (lines) =>
      lines
        .slice(3)
        .filter(Boolean)
        .map((l) => `vendor/${keyOf(l)}`),
  },
  {
    name: 'mixed encodings',
    file: 'customers.csv',
    // A UTF-8 file (row 3's name has "Crêperie" in UTF-8) with one line in Windows-1252 (row 6,
    // "Müller"), as when a line is pasted in from another program.
    corrupt: (lines) =>
      lines.map((line, i) => {
        if (i === 2) return setCell(line, 1, `${cells(line)[1]} Crêperie`);
        if (i === 5) return setCell(line, 1, `${cells(line)[1]} Müller`);
        return line;
      }),
    bytes: (_, lines) => mixedEncoding(lines, new Set([5])),
    expected: {
      code: 'encoding.mixed',
      severity: 'warning',
      row: 6,
      says: () => 'read as Windows-1252',
    },
    blocks: false,
    renames: (lines) => [
      [keyOf(lines[2] as string), `${cells(lines[2] as string)[1]} Crêperie`],
      [keyOf(lines[5] as string), `${cells(lines[5] as string)[1]} Müller`],
    ],
  },
  {
    name: 'UTF-16 with a byte-order mark',
    file: 'accounts.csv',
    bytes: utf16WithBom,
    blocks: false,
  },
  {
    name: 'duplicate headers',
    file: 'trial_balance.csv',
    // A second "Debit" column (the same figures again).
    corrupt: (lines) =>
      lines.map((line, i) =>
        !line ? line : i === 0 ? `${line},Debit` : `${line},${cells(line)[2]}`,
      ),
    expected: { code: 'header.duplicate-column', row: 1, column: 'Debit', says: () => '2 times' },
    // Trial balance lines are not migrated: the verification compares against them.
  },
  {
    name: 'formula without a saved result, over cells below it',
    file: 'customer_payments.csv',
    // The first payment's Amount is =SUM() of its allocations, saved without calculated values: the
    // reader evaluates such formulas as it streams, so one that sums rows below it is unresolved.
    workbook: (sheet, lines) => {
      const header = lines[0] as string;
      const key = keyOf(lines[1] as string);
      const last = lines.findLastIndex((line) => keyOf(line) === key) + 1;
      const allocated = columnLetter(columnNumber(header, 'AllocatedAmount'));
      for (let row = 2; row <= last; row += 1) {
        sheet.getCell(row, columnNumber(header, 'Amount')).value = {
          formula: `SUM(${allocated}2:${allocated}${last})`,
        };
      }
    },
    expected: {
      code: 'xlsx.formula-unresolved',
      sheet: PAYMENTS_SHEET,
      row: 2,
      column: 'Amount',
      says: () => '=SUM(',
    },
    unread: (lines) => [`customer-payment/${keyOf(lines[1] as string)}`],
  },
  {
    name: 'merged cells',
    file: 'customer_payments.csv',
    // BankAccount merged down over the last two payments, which share the bank account.
    workbook: (sheet, lines) => {
      const [above, below] = lines.slice(-3, -1).map(cells) as [string[], string[]];
      const column = columnNumber(lines[0] as string, 'BankAccount');
      if (above[0] === below[0] || above[column - 1] !== below[column - 1]) {
        throw new Error('the last two rows must be two payments through one bank account');
      }
      const top = lastRow(lines) - 1;
      sheet.getCell(top + 1, column).value = null;
      sheet.mergeCells(top, column, top + 1, column);
    },
    expected: {
      code: 'value.required',
      sheet: PAYMENTS_SHEET,
      row: lastRow,
      column: 'BankAccount',
      says: () => 'merged',
    },
    also: [
      {
        code: 'xlsx.merged-cells',
        severity: 'warning',
        sheet: PAYMENTS_SHEET,
        row: (lines) => lastRow(lines) - 1,
      },
    ],
    unread: (lines) => [`customer-payment/${keyOf(lines[lines.length - 2] as string)}`],
  },
  {
    name: 'date as an Excel serial in a CSV',
    file: 'bank_transactions.csv',
    corrupt: (lines) =>
      mapColumn(lines, 'Date', (date, i) => (i === 4 ? `${excelSerial(date)}` : undefined)),
    expected: {
      code: 'date.excel-serial',
      row: 5,
      column: 'Date',
      // The message names the date the serial stands for.
      says: (lines) => cells(lines[4] as string)[2] as string,
    },
    unread: (lines) => [`bank-transaction/${keyOf(lines[4] as string)}`],
  },
  {
    name: 'ambiguous date order',
    file: 'bank_transactions.csv',
    // Every date written day/month could be read either way round (the others stay ISO).
    corrupt: (lines) => mapColumn(lines, 'Date', eitherWay),
    expected: { code: 'date.ambiguous-format', row: 0, column: 'Date', says: () => '"dateFormat"' },
    unread: (lines) =>
      rows(lines)
        .filter((line) => eitherWay(cells(line)[2] as string))
        .map((line) => `bank-transaction/${keyOf(line)}`),
  },
  {
    name: 'title block and an amount that is not one',
    file: 'bills.csv',
    // A report title above the header (skipped), and "twelve" in row 12's LineAmount.
    corrupt: (lines) => [
      ...TITLE,
      ...mapColumn(lines, 'LineAmount', (_, i) => (i === 11 ? 'twelve' : undefined)),
    ],
    expected: {
      code: 'amount.invalid',
      row: 12 + TITLE.length,
      column: 'LineAmount',
      says: () => '"twelve"',
    },
    unread: (lines) => [`bill/${keyOf(lines[11] as string)}`],
  },
  {
    name: 'bad override file',
    file: 'overrides.json',
    overrides: JSON.stringify({
      dateFormat: 'DD.MM.YY',
      files: { invoices: { file: 'x.csv', delimiter: ':' } },
    }),
    expected: {
      code: 'overrides.invalid',
      file: 'overrides.json',
      row: 1,
      column: 'dateFormat',
      says: () => 'overrides.json',
    },
    also: [
      {
        code: 'overrides.invalid',
        file: 'overrides.json',
        row: 1,
        column: 'files.invoices.delimiter',
      },
    ],
    alone: 'nothing is read with a bad override file',
  },
  {
    name: 'delimiter forced wrong by the override file',
    file: 'overrides.json',
    overrides: JSON.stringify({ delimiter: ';' }),
    expected: {
      code: 'header.not-found',
      file: 'accounts.csv',
      row: 1,
      says: () => 'Code,Name,Kind',
    },
    alone: 'no CSV file is read with the wrong delimiter',
  },
];

async function readReport(outcome: RunOutcome): Promise<RunReport> {
  const folder = outcome.progress.reportFolder;
  if (!folder) throw new Error('the run wrote no report');
  return JSON.parse(await readFile(path.join(folder, 'report.json'), 'utf8')) as RunReport;
}

function locatedErrors(report: RunReport): Problem[] {
  return report.problems.filter((problem) => problem.severity === 'error');
}

function errorsOf(report: RunReport) {
  return locatedErrors(report).map((p) => `${p.code} ${JSON.stringify(p.location)}`);
}

/** Each expected problem is in the report with its code, severity, location and message. */
function expectLocated(report: RunReport, expected: readonly ExpectedLocation[]) {
  for (const { problem, location, says } of expected) {
    expect(report.problems, report.problems.map((p) => p.code).join(', ')).toContainEqual(
      expect.objectContaining({
        code: problem.code,
        severity: problem.severity ?? 'error',
        location,
        ...(says === undefined ? {} : { message: expect.stringContaining(says) as unknown }),
      }),
    );
  }
}

/** The run's source options for a broken folder (its override file, if it has one). */
const sourceOf = (broken: BrokenFolder) =>
  broken.overridesFile ? { overridesFile: broken.overridesFile } : {};

/** The company as the broken export now describes it: renamed customers under their new names. */
function renamed(
  company: GeneratedCompany,
  renames: ReadonlyMap<string, string>,
): GeneratedCompany {
  return {
    ...company,
    records: company.records.map((record) => {
      const name = record.entity === 'customer' ? renames.get(record.value.key) : undefined;
      return record.entity === 'customer' && name !== undefined
        ? { ...record, value: { ...record.value, name } }
        : record;
    }),
  };
}

const company = generateCompany(size, 97);

async function run(
  stack: MigrationStack,
  folder: string,
  mode: 'dry-run' | 'live',
  options: { skipInvalidRows?: boolean; overridesFile?: string } = {},
) {
  const runName = uniqueRunName(mode === 'live' ? 'bad-live' : 'bad-dry');
  const handle = await stack.start({
    runName,
    source: {
      folder,
      format: 'generic',
      ...(options.overridesFile ? { overridesFile: options.overridesFile } : {}),
    },
    cutoverDate: company.cutoverDate,
    endDate: company.endDate,
    mode,
    batchSize: 10,
    ...(options.skipInvalidRows ? { skipInvalidRows: true } : {}),
  });
  if (mode === 'live') {
    // A live run that migrates something ends completed, or waits for the operator when the books
    // do not match the legacy ones (rows were left out): the operator finishes it.
    await waitForWorkflow(
      'the run to finish, block or wait for the operator',
      handle,
      async () => {
        const phase = (await handle.query(progressQuery)).phase;
        return ['awaiting-operator', 'completed', 'needs-review', 'blocked'].includes(phase);
      },
      { timeoutMs: 150_000 },
    );
    const { phase } = await handle.query(progressQuery);
    if (phase === 'awaiting-operator') await handle.signal(finishSignal, {});
  }
  return { runName, ...(await handle.result()) };
}

describe('broken exports: located errors, a blocked live run, and skipInvalidRows', () => {
  let stack: MigrationStack;
  let good: string;

  beforeAll(async () => {
    stack = await startMigrationStack();
    good = path.join(stack.dir, 'good');
    await writeGenericCsv(company.records, good);
  });
  afterAll(async () => stack?.close());

  const writes = () =>
    partnerRequests(stack.sandbox.admin.requestLog()).filter((e) => e.method !== 'GET').length;

  for (const defect of defects.filter((d) => d.blocks !== false)) {
    it.concurrent(
      `${defect.name}: located in the dry run's report; the live run refuses to start`,
      async () => {
        const name = defect.name.replaceAll(' ', '-');
        const broken = await brokenFolder(good, path.join(stack.dir, name), [defect]);
        const expected = broken.locations.get(defect) ?? [];
        const writesBefore = writes();

        const dry = await run(stack, broken.folder, 'dry-run', sourceOf(broken));
        // The dry run ends as the live run would: blocked.
        expect(dry.status).toBe('blocked');
        const dryReport = await readReport(dry);
        expectLocated(dryReport, expected);
        // An override file that cannot be used stops the reading before any row.
        if (defect.overrides !== undefined) expect(dryReport.totals.planned).toBe(0);
        // Every error says where it is: file and row at least.
        for (const problem of locatedErrors(dryReport)) {
          expect(problem.location?.file, problem.message).toBeTruthy();
          expect(problem.location?.row, problem.message).toBeGreaterThan(0);
        }

        const live = await run(stack, broken.folder, 'live', sourceOf(broken));
        expect(live.status).toBe('blocked');
        expect(live.progress.phase).toBe('blocked');
        // The live run's report shows the consultant the same located problems.
        expectLocated(await readReport(live), expected);
        // Blocked means nothing was written.
        expect(writes()).toBe(writesBefore);
        summary(`bad-input ${defect.name}`, {
          errors: dryReport.problemCounts.error,
          warnings: dryReport.problemCounts.warning,
          located: expected
            .map(({ problem, location }) => `${problem.code} at ${formatWhere(location)}`)
            .join('; '),
          planned: dryReport.totals.planned,
          live: live.status,
          writes: writes() - writesBefore,
        });
      },
    );
  }

  for (const defect of defects.filter((d) => d.blocks === false)) {
    it.concurrent(
      `${defect.name}: no error; the live run goes ahead and writes the rows right`,
      async () => {
        // A workspace of its own: this run writes, and the blocked runs count writes.
        const own = await startMigrationStack();
        try {
          const folder = path.join(own.dir, defect.name.replaceAll(' ', '-'));
          const goodCopy = path.join(own.dir, 'good');
          await writeGenericCsv(company.records, goodCopy);
          const broken = await brokenFolder(goodCopy, folder, [defect]);
          const expected = broken.locations.get(defect) ?? [];

          const dry = await run(own, broken.folder, 'dry-run');
          expect(dry.status).toBe('dry-run-complete');
          const dryReport = await readReport(dry);
          expect(errorsOf(dryReport)).toEqual([]);
          expectLocated(dryReport, expected);
          // Only what the defect explains: nothing else is reported about the changed file.
          const file = defect.file;
          expect(
            dryReport.problems
              .filter((p) => p.severity !== 'info' && p.location?.file === file)
              .map((p) => p.code),
          ).toEqual(expected.map(({ problem }) => problem.code));

          const live = await run(own, broken.folder, 'live');
          // Completed and verified, every record once under the name the export gives it.
          const audit = await expectRunHeld(
            live,
            own.sandbox,
            own.worker.credentialsPath as string,
            renamed(company, broken.renames),
          );
          summary(`bad-input ${defect.name}`, {
            errors: dryReport.problemCounts.error,
            warnings: dryReport.problemCounts.warning,
            located: expected
              .map(({ problem, location }) => `${problem.code} at ${formatWhere(location)}`)
              .join('; '),
            live: live.status,
            verified: live.progress.verification?.verified,
            renamed: [...broken.renames.values()],
            written: audit.records,
            duplicates: audit.duplicates.length,
            gaps: audit.gaps.length,
          });
        } finally {
          await own.close();
        }
      },
    );
  }

  it('all the defects at once with skipInvalidRows: the rest migrates, the rejected rows are not written', async () => {
    const together = defects.filter((d) => d.alone === undefined);
    const broken = await brokenFolder(good, path.join(stack.dir, 'all-defects'), together);
    const { unread } = broken;
    const { runName, ...outcome } = await run(stack, broken.folder, 'live', {
      skipInvalidRows: true,
    });
    expect(['completed', 'needs-review']).toContain(outcome.status);
    const report = await readReport(outcome);
    // Skipped: the invalid rows, and rows not migrated on purpose (settled before the cutover).
    // A key can be both skipped and migrated (a duplicate key: the first row goes, the second
    // does not); the outcome log says which keys made it.
    const migrated = new Set(
      (await liveOutcomes(stack.worker.runsDir, runName))
        .filter((o) => o.status === 'created' || o.status === 'matched')
        .map((o) => `${o.entity}/${o.key}`),
    );
    const skipped = new Set(
      report.skippedRows
        .map((row) => `${row.entity}/${row.key}`)
        .filter((key) => !migrated.has(key)),
    );
    const rejected = new Set([...skipped, ...unread]);
    // Every defect's own problem is in the report.
    for (const defect of together) {
      for (const problem of expectedProblems(defect)) {
        expect(
          report.problems.map((p) => p.code),
          defect.name,
        ).toContain(problem.code);
      }
    }
    expect(skipped.size).toBeGreaterThan(0);

    // The workspace holds every record that was not rejected, once, and none that was; the
    // customers whose names the export changed are there under the new names.
    const audit = await auditWorkspace(
      stack.worker.credentialsPath as string,
      renamed(company, broken.renames),
      { skippedKeys: rejected },
    );
    expect(audit.duplicates).toEqual([]);
    expect(audit.extras).toEqual([]);
    expect(audit.gaps).toEqual([]);
    const written = new Set(audit.transactionRefs);
    expect([...rejected].filter((key) => written.has(key))).toEqual([]);
    const counts = stack.sandbox.admin.counts();
    const full = expectedCounts(company) as Record<'customers' | 'vendors' | 'products', number>;
    const rejectedOf = (entity: string) =>
      [...rejected].filter((k) => k.startsWith(`${entity}/`)).length;
    expect(counts.customers).toBe(full.customers - rejectedOf('customer'));
    expect(counts.vendors).toBe(full.vendors - rejectedOf('vendor'));
    expect(counts.products).toBe(full.products - rejectedOf('product'));
    summary('bad-input skipInvalidRows', {
      defects: together.length,
      status: outcome.status,
      problems: report.problemCounts,
      rejectedRows: rejected.size,
      unreadRows: new Set(unread).size,
      written: audit.records,
      writtenRejected: 0,
      duplicates: audit.duplicates.length,
      gaps: audit.gaps.length,
    });
  });
});

function formatWhere(location: { file: string; sheet?: string; row: number; column?: string }) {
  const sheet = location.sheet ? ` [${location.sheet}]` : '';
  const column = location.column ? ` column ${location.column}` : '';
  return `${location.file}${sheet} row ${location.row}${column}`;
}
