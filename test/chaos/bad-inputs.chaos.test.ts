import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/ledger/index.js';
import type { RunReport } from '../../src/reports/run-report.js';
import { generateCompany, type CompanySize } from '../../src/sample/company-generator.js';
import { writeGenericCsv } from '../../src/sample/write-generic-csv.js';
import { finishSignal, progressQuery } from '../../workflows/handlers.js';
import type { RunOutcome } from '../../workflows/migrate-ledger.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';
import { waitFor } from '../support/wait.js';
import { liveOutcomes } from './support/outcomes.js';
import { partnerRequests } from './support/request-log.js';
import { summary } from './support/summary.js';
import { auditWorkspace, expectedCounts } from './support/workspace-audit.js';

const size: CompanySize = {
  customers: 8,
  vendors: 4,
  products: 5,
  invoices: 20,
  bills: 8,
  bankTransactions: 12,
  paidShare: 0.6,
};

/** One defect written into a copy of a good export folder, and the located error it must give. */
interface Defect {
  name: string;
  file: string;
  /** Changes the file's lines (index 0 is the header, row 1). */
  corrupt(lines: string[]): string[];
  expected: { code: string; row: number; column?: string };
  /**
   * Records of the company the defect takes out of the export without a skip entry under their
   * own key (unreadable rows, a key overwritten), as `entity/key`, from the file's original lines.
   */
  unread?: (lines: string[]) => string[];
}

const cells = (line: string) => line.split(',');
const keyOf = (line: string) => cells(line)[0] as string;

function setCell(line: string, index: number, value: string): string {
  const parts = cells(line);
  parts[index] = value;
  return parts.join(',');
}

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
    unread: (lines) =>
      lines
        .slice(1)
        .filter(Boolean)
        .map((l) => `vendor-payment/${keyOf(l)}`),
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
];

async function readReport(outcome: RunOutcome): Promise<RunReport> {
  const folder = outcome.progress.reportFolder;
  if (!folder) throw new Error('the run wrote no report');
  return JSON.parse(await readFile(path.join(folder, 'report.json'), 'utf8')) as RunReport;
}

function locatedErrors(report: RunReport): Problem[] {
  return report.problems.filter((problem) => problem.severity === 'error');
}

describe('broken exports: located errors, a blocked live run, and skipInvalidRows', () => {
  let stack: MigrationStack;
  const company = generateCompany(size, 97);
  let good: string;

  beforeAll(async () => {
    stack = await startMigrationStack();
    good = path.join(stack.dir, 'good');
    await writeGenericCsv(company.records, good);
  });
  afterAll(async () => stack?.close());

  /** A copy of the good folder with `apply`'s defects; answers the rows they make unreadable. */
  async function brokenFolder(name: string, apply: Defect[]) {
    const folder = path.join(stack.dir, name);
    await cp(good, folder, { recursive: true });
    const unread: string[] = [];
    const expectedRows = new Map<Defect, number>();
    for (const defect of apply) {
      const file = path.join(folder, defect.file);
      const lines = (await readFile(file, 'utf8')).split('\n');
      const changed = defect.corrupt(lines);
      // The first changed row, for defects whose row depends on the data.
      expectedRows.set(
        defect,
        defect.expected.row || changed.findIndex((line, i) => line !== lines[i]) + 1,
      );
      unread.push(...(defect.unread?.(lines) ?? []));
      await writeFile(file, changed.join('\n'));
    }
    return { folder, unread, expectedRows };
  }

  async function run(folder: string, mode: 'dry-run' | 'live', skipInvalidRows = false) {
    const runName = uniqueRunName(mode === 'live' ? 'bad-live' : 'bad-dry');
    const handle = await stack.start({
      runName,
      source: { folder, format: 'generic' },
      cutoverDate: company.cutoverDate,
      endDate: company.endDate,
      mode,
      batchSize: 10,
      ...(skipInvalidRows ? { skipInvalidRows } : {}),
    });
    if (skipInvalidRows) {
      // What is left migrates, but the books cannot match the legacy ones: the run waits for the
      // operator, who finishes it.
      await waitFor(
        'the run to finish or wait for the operator',
        async () => {
          const phase = (await handle.query(progressQuery)).phase;
          return phase === 'awaiting-operator' || phase === 'completed' || phase === 'needs-review';
        },
        { timeoutMs: 150_000 },
      );
      const { phase } = await handle.query(progressQuery);
      if (phase === 'awaiting-operator') await handle.signal(finishSignal, {});
    }
    return { runName, ...(await handle.result()) };
  }

  for (const defect of defects) {
    it.concurrent(
      `${defect.name}: located in the dry run's report; the live run refuses to start`,
      async () => {
        const name = defect.name.replaceAll(' ', '-');
        const { folder, expectedRows } = await brokenFolder(name, [defect]);
        const row = expectedRows.get(defect) as number;
        const writesBefore = partnerRequests(stack.sandbox.admin.requestLog()).filter(
          (e) => e.method !== 'GET',
        ).length;

        const dry = await run(folder, 'dry-run');
        expect(dry.status).toBe('dry-run-complete');
        const dryReport = await readReport(dry);
        expect(locatedErrors(dryReport)).toContainEqual(
          expect.objectContaining({
            code: defect.expected.code,
            location: {
              file: defect.file,
              row,
              ...(defect.expected.column ? { column: defect.expected.column } : {}),
            },
          }),
        );
        // Every error says where it is: file and row at least.
        for (const problem of locatedErrors(dryReport)) {
          expect(problem.location?.file, problem.message).toBeTruthy();
          expect(problem.location?.row, problem.message).toBeGreaterThan(0);
        }

        const live = await run(folder, 'live');
        expect(live.status).toBe('blocked');
        expect(live.progress.phase).toBe('blocked');
        const liveReport = await readReport(live);
        expect(locatedErrors(liveReport).map((p) => p.code)).toContain(defect.expected.code);
        // Blocked means nothing was written.
        const writesAfter = partnerRequests(stack.sandbox.admin.requestLog()).filter(
          (e) => e.method !== 'GET',
        ).length;
        expect(writesAfter).toBe(writesBefore);
        summary(`bad-input ${defect.name}`, {
          errors: locatedErrors(dryReport).length,
          located: `${defect.expected.code} at ${defect.file} row ${row}${defect.expected.column ? ` column ${defect.expected.column}` : ''}`,
          live: live.status,
        });
      },
    );
  }

  it('all the defects at once with skipInvalidRows: the rest migrates, the rejected rows are not written', async () => {
    const { folder, unread } = await brokenFolder('all-defects', defects);
    const { runName, ...outcome } = await run(folder, 'live', true);
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
    // The defects' own rows are among the rejected ones.
    for (const code of defects.map((d) => d.expected.code)) {
      expect(report.problems.map((p) => p.code)).toContain(code);
    }
    expect(skipped.size).toBeGreaterThan(0);

    // The workspace holds every record that was not rejected, once, and none that was.
    const audit = await auditWorkspace(stack.worker.credentialsPath as string, company, {
      skippedKeys: rejected,
    });
    expect(audit.duplicates).toEqual([]);
    expect(audit.extras).toEqual([]);
    expect(audit.gaps).toEqual([]);
    const written = new Set(audit.transactionRefs);
    expect([...rejected].filter((key) => written.has(key))).toEqual([]);
    const counts = stack.sandbox.admin.counts();
    const full = expectedCounts(company) as Record<'customers' | 'vendors' | 'products', number>;
    expect(counts.customers).toBe(
      full.customers - [...rejected].filter((k) => k.startsWith('customer/')).length,
    );
    expect(counts.vendors).toBe(
      full.vendors - [...rejected].filter((k) => k.startsWith('vendor/')).length,
    );
    expect(counts.products).toBe(
      full.products - [...rejected].filter((k) => k.startsWith('product/')).length,
    );
    summary('bad-input skipInvalidRows', {
      status: outcome.status,
      problems: report.problemCounts,
      rejectedRows: rejected.size,
      unreadRows: unread.length,
      written: audit.records,
      writtenRejected: 0,
      duplicates: audit.duplicates.length,
      gaps: audit.gaps.length,
    });
  });
});
