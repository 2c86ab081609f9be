import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/reports/run-report.js';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';
import type { RunningProcess } from '../support/processes.js';
import { startWorkerProcess } from '../support/worker-process.js';
import { hostileCases } from '../sources/hostile/hostile-corpus.js';

const company = generateCompany(
  {
    customers: 4,
    vendors: 2,
    products: 2,
    invoices: 6,
    bills: 3,
    bankTransactions: 4,
    paidShare: 0.5,
  },
  14,
);

function hostileFile(code: string): Buffer {
  const hostile = hostileCases.find((candidate) => candidate.code === code);
  const file = hostile ? Object.values(hostile.files())[0] : undefined;
  if (!Buffer.isBuffer(file)) throw new Error(`no hostile workbook with ${code}`);
  return file;
}

async function reportOf(folder: string | undefined): Promise<RunReport> {
  if (!folder) throw new Error('the run wrote no report');
  return JSON.parse(await readFile(path.join(folder, 'report.json'), 'utf8')) as RunReport;
}

/**
 * The project's worker, as shipped (its own process, 256 MiB heap cap), reads a folder whose
 * accounts workbook lies about its sizes (a 1 KB file that once aborted the process natively) and
 * whose customers workbook is a shared-strings bomb: the dry run reports both, located; the live
 * run is blocked and writes nothing; the worker is still running.
 */
describe('hostile workbooks in a real run', () => {
  let stack: MigrationStack;
  let worker: RunningProcess;
  let folder: string;

  beforeAll(async () => {
    stack = await startMigrationStack({ inProcessWorkers: false });
    worker = await startWorkerProcess(stack);
    folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
    await rm(path.join(folder, 'accounts.csv'));
    await rm(path.join(folder, 'customers.csv'));
    await writeFile(path.join(folder, 'accounts.xlsx'), hostileFile('xlsx.unreadable'));
    await writeFile(
      path.join(folder, 'customers.xlsx'),
      hostileFile('xlsx.shared-strings-too-large'),
    );
  });
  afterAll(async () => {
    await worker?.stop();
    await stack?.close();
  });

  it('a dry run reports the located problems, a live run is blocked, and the worker survives', async () => {
    const base = {
      source: { folder, format: 'generic' as const },
      cutoverDate: company.cutoverDate,
      endDate: company.endDate,
      batchSize: 10,
    };
    const expected = [
      expect.objectContaining({
        code: 'xlsx.unreadable',
        severity: 'error',
        location: { file: 'accounts.xlsx', row: 1 },
      }),
      expect.objectContaining({
        code: 'xlsx.shared-strings-too-large',
        severity: 'error',
        location: { file: 'customers.xlsx', row: 1 },
      }),
    ];

    const dry = await (
      await stack.start({ ...base, runName: uniqueRunName('hostile-dry'), mode: 'dry-run' })
    ).result();
    // The errors stop a live run, and the dry run says so as its status.
    expect(dry.status).toBe('blocked');
    expect(dry.progress.blockedReason).toContain('The live run would be blocked');
    expect((await reportOf(dry.progress.reportFolder)).problems).toEqual(
      expect.arrayContaining(expected),
    );

    const live = await (
      await stack.start({ ...base, runName: uniqueRunName('hostile-live'), mode: 'live' })
    ).result();
    expect(live.status).toBe('blocked');
    expect((await reportOf(live.progress.reportFolder)).problems).toEqual(
      expect.arrayContaining(expected),
    );
    // Blocked means nothing was written (fetching a token is not a write to the books).
    const writes = stack.sandbox.admin
      .requestLog()
      .filter((entry) => entry.path.startsWith('/partners/') && !entry.path.endsWith('-token'))
      .filter((entry) => entry.method !== 'GET');
    expect(writes).toEqual([]);

    expect(worker.child.exitCode).toBeNull();
    expect(worker.output()).not.toMatch(/out of memory|Assertion failed/i);
  });
});
