/**
 * Parsing and validation benchmark: generates generic exports of N rows (default 1,000,000) in a
 * temporary folder, then reads them with readLedger, alone and piped through validateLedger,
 * printing rows per second and peak memory (RSS and heap); the bank transactions are read from an
 * XLSX workbook too, and from one whose amounts are formulas without saved results.
 * Run: npm run bench:parse [-- --rows N]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLedger } from '../mappings/read-ledger.js';
import type { LedgerItem } from '../src/ledger/index.js';
import { validateLedger } from '../src/validation/validate-ledger.js';
import {
  BENCH_ACCOUNTS,
  writeBankTransactions,
  writeBankTransactionsXlsx,
  writeCustomers,
  writeInvoices,
} from './generate-export.js';
import { megabytes, MemoryProbe } from './memory-probe.js';

const rowsArgument = process.argv.indexOf('--rows');
const ROWS = rowsArgument > 0 ? Number(process.argv[rowsArgument + 1]) : 1_000_000;
const CUSTOMERS = 1_000;

async function measure(
  label: string,
  rows: number,
  items: AsyncIterable<LedgerItem>,
): Promise<void> {
  const probe = new MemoryProbe();
  const started = process.hrtime.bigint();
  let records = 0;
  let problems = 0;
  for await (const item of items) {
    if (item.kind === 'record') {
      records += 1;
      problems += item.problems.length;
    } else if (item.problem.code !== 'file.optional-missing') problems += 1;
    if (records % 10_000 === 0) probe.sample();
    if (records % 200_000 === 0) probe.sampleLive();
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  probe.sampleLive();
  const rate = Math.round(rows / seconds).toLocaleString('en-US');
  console.log(
    `| ${label} | ${rows.toLocaleString('en-US')} | ${records.toLocaleString('en-US')} | ${seconds.toFixed(1)} s | ${rate} | ${megabytes(probe.peakRss)} | ${megabytes(probe.peakHeap)} | ${megabytes(probe.liveHeapGrowth)} | ${problems} |`,
  );
}

async function main(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'ledgerlift-bench-'));
  const settings = { cutoverDate: '2024-01-01', endDate: '2024-12-31', baseCurrency: 'USD' };
  try {
    const bank = join(folder, 'bank');
    const sales = join(folder, 'sales');
    for (const dir of [bank, sales]) {
      await import('node:fs/promises').then((fs) => fs.mkdir(dir));
      await writeFile(join(dir, 'accounts.csv'), BENCH_ACCOUNTS);
    }
    await writeBankTransactions(join(bank, 'bank_transactions.csv'), ROWS);
    await writeCustomers(join(sales, 'customers.csv'), CUSTOMERS);
    const workbook = join(folder, 'workbook');
    await import('node:fs/promises').then((fs) => fs.mkdir(workbook));
    await writeFile(join(workbook, 'accounts.csv'), BENCH_ACCOUNTS);
    await writeBankTransactionsXlsx(join(workbook, 'bank_transactions.xlsx'), ROWS);
    const formulaBook = join(folder, 'formulas');
    await import('node:fs/promises').then((fs) => fs.mkdir(formulaBook));
    await writeFile(join(formulaBook, 'accounts.csv'), BENCH_ACCOUNTS);
    await writeBankTransactionsXlsx(join(formulaBook, 'bank_transactions.xlsx'), ROWS, true);
    await writeInvoices(join(sales, 'invoices.csv'), ROWS, CUSTOMERS);
    console.log(`Node ${process.version}, ${ROWS.toLocaleString('en-US')} rows per file\n`);
    console.log(
      '| Case | Rows | Records | Time | Rows/s | Peak RSS | Peak heap | Live heap growth | Problems |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    const read = (at: string) =>
      readLedger({ folder: at, format: 'generic', defaultCurrency: 'USD' });
    const cases: ReadonlyArray<readonly [string, () => AsyncIterable<LedgerItem>]> = [
      ['bank transactions: read', () => read(bank)],
      ['bank transactions: read + validate', () => validateLedger(read(bank), settings)],
      ['bank transactions, XLSX: read', () => read(workbook)],
      ['bank transactions, XLSX of formulas without results: read', () => read(formulaBook)],
      ['invoice lines (4 per invoice): read', () => read(sales)],
      [
        'invoice lines (4 per invoice): read + validate',
        () => validateLedger(read(sales), settings),
      ],
    ];
    for (const [label, items] of cases) await measure(label, ROWS, items());
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

await main();
